import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { createDb, tables } from '@qahwa/db';
import { DEFAULT_SETTINGS, type Product, unitsAvailable } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { placeCodOrder } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { setStaffLocale, signIn, staffContext } from './support/staff';

/*
 * The back office's reviews and customers, end to end in Chromium over the real stack: a shopper writes a
 * review in Arabic with the storefront's form; a member of staff answers it and approves it in the
 * Arabic back office; the product page then shows it with the roastery's reply, and the product's
 * average (the gateway's in-memory catalogue, rebuilt from the approval's CatalogueChanged) moves.
 * Screenshots of the review queue and the customer screens in both languages go to .data/screens/.
 */
const webAr = messages('web', 'ar') as unknown as {
  Reviews: Record<'name' | 'email' | 'reviewTitle' | 'body' | 'submit' | 'thanks' | 'reply', string>;
};
const adminAr = messages('admin', 'ar') as unknown as {
  ReviewQueue: Record<
    | 'approve'
    | 'saveReply'
    | 'replyLabel'
    | 'arabic'
    | 'replySaved'
    | 'approvedToast'
    | 'viewOnly'
    | 'reject',
    string
  >;
  ReviewStatus: Record<'APPROVED', string>;
  Customers: { search: string; apply: string };
};
const screens = `${root}.data/screens`;

let stack: Stack;
let browser: Browser;
let shopper: BrowserContext;
let staff: BrowserContext;
let staffPage: Page;
const run = randomUUID().slice(0, 8);
const body = `قهوة برازيلية رائعة بنكهة الشوكولاتة والمكسرات ${run}`;
const reply = 'شكرًا لك! جرّبها باردة أيضًا، ستعجبك.';

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
  shopper = await browser.newContext({ locale: 'ar-AE', viewport: { width: 1280, height: 900 } });
  await shopper.addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: stack.webUrl }]);
  staff = await staffContext(browser, stack, { viewport: { width: 1400, height: 1000 } });
  staffPage = await staff.newPage();
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

const product = async (): Promise<Product> =>
  (await (await fetch(`${stack.gatewayUrl}/api/products/brazil-santos`)).json()) as Product;

describe('a shopper review, approved with a reply in the Arabic back office, shows on the product page', () => {
  it('the shopper sends a review in Arabic with the product page form', async () => {
    const before = await product();
    expect(before).toMatchObject({ rating: null, reviewCount: 0 });
    const page = await shopper.newPage();
    await page.goto(`${stack.webUrl}/product/brazil-santos`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // The stars are a controlled radio group: click the visible star once the page is interactive.
    // Hydrated when React has attached its props to the radio (networkidle never comes: the page polls).
    await page.waitForFunction(() => {
      const radio = document.querySelector('input[name=rating]');
      return !!radio && Object.keys(radio).some((k) => k.startsWith('__reactProps'));
    });
    const four = page.locator('input[name=rating][value="4"]');
    for (let i = 0; i < 20 && !(await four.isChecked()); i++) {
      await page.locator('label:has(input[name=rating][value="4"])').click();
      if (!(await four.isChecked())) await page.waitForTimeout(250);
    }
    expect(await four.isChecked()).toBe(true);
    await page.getByLabel(webAr.Reviews.name).fill('نورة');
    await page.getByLabel(webAr.Reviews.email).fill(`noura-${run}@example.ae`);
    await page.getByLabel(webAr.Reviews.reviewTitle).fill('اكتشاف جميل');
    await page.getByLabel(webAr.Reviews.body).fill(body);
    await page.getByRole('button', { name: webAr.Reviews.submit }).click();
    await page.getByText(webAr.Reviews.thanks).waitFor({ timeout: 30_000 });
    // Waiting for staff: not on the page yet.
    await page.reload();
    expect(await page.getByText(body).count()).toBe(0);
    await page.close();
  }, 120_000);

  it('staff answer and approve it in the Arabic back office', async () => {
    await signIn(staffPage, stack);

    await staffPage.goto(`${stack.adminUrl}/backend/reviews?status=PENDING`);
    expect(await staffPage.locator('html').getAttribute('dir')).toBe('rtl');
    const card = staffPage.getByRole('listitem').filter({ hasText: body });
    await card.waitFor();
    // The reply box is labelled with the review's language: the shopper wrote in Arabic.
    await card
      .getByLabel(fill(adminAr.ReviewQueue.replyLabel, { language: adminAr.ReviewQueue.arabic }))
      .fill(reply);
    await card.getByRole('button', { name: adminAr.ReviewQueue.saveReply }).click();
    await staffPage.getByText(adminAr.ReviewQueue.replySaved).waitFor({ timeout: 30_000 });
    await staffPage.screenshot({ path: `${screens}/reviews-queue-ar.png`, fullPage: true });

    // The page reloads after the save and redraws the card with the review's new version (its save
    // button is then disabled: nothing changed since); approving from the old card would be stale.
    const saveButton = staffPage
      .getByRole('listitem')
      .filter({ hasText: body })
      .getByRole('button', { name: adminAr.ReviewQueue.saveReply });
    for (let i = 0; i < 100 && !(await saveButton.isDisabled()); i++) await staffPage.waitForTimeout(100);
    expect(await saveButton.isDisabled()).toBe(true);
    const approvedAt = Date.now();
    // The card is redrawn after the reply (a new version): find the button on the fresh card.
    await staffPage
      .getByRole('listitem')
      .filter({ hasText: body })
      .getByRole('button', { name: adminAr.ReviewQueue.approve })
      .click();
    await staffPage.getByText(adminAr.ReviewQueue.approvedToast).waitFor({ timeout: 30_000 });

    // The storefront's product API (the in-memory catalogue) follows the approval's CatalogueChanged.
    const deadline = Date.now() + 30_000;
    let now = await product();
    while (now.reviewCount !== 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      now = await product();
    }
    expect(now).toMatchObject({ rating: 4, reviewCount: 1 });
    console.info(`[e2e reviews] approve click → product API average: ${Date.now() - approvedAt} ms`);

    await staffPage.goto(`${stack.adminUrl}/backend/reviews?status=APPROVED`);
    const approved = staffPage.getByRole('listitem').filter({ hasText: body });
    await approved.getByText(adminAr.ReviewStatus.APPROVED, { exact: true }).waitFor();
    await setStaffLocale(staff, stack, 'en');
    await staffPage.goto(`${stack.adminUrl}/backend/reviews`);
    await staffPage.getByRole('heading', { name: 'Reviews', exact: true }).waitFor();
    expect(await staffPage.locator('html').getAttribute('dir')).toBe('ltr');
    await staffPage.screenshot({ path: `${screens}/reviews-queue-en.png`, fullPage: true });
    await setStaffLocale(staff, stack, 'ar');
  }, 180_000);

  it('the product page shows the review with the reply, in Arabic', async () => {
    const page = await shopper.newPage();
    await page.goto(`${stack.webUrl}/product/brazil-santos`);
    const review = page.getByRole('listitem').filter({ hasText: body });
    await review.waitFor({ timeout: 30_000 });
    // Signed with the store's name as Settings has it (the seed's: nobody renamed this store).
    await review.getByText(fill(webAr.Reviews.reply, { store: DEFAULT_SETTINGS.store.name.ar })).waitFor();
    const answer = review.getByText(reply);
    await answer.waitFor();
    expect(await answer.getAttribute('lang')).toBe('ar');
    await review.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screens}/product-review-reply-ar.png` });
    await page.close();
  }, 120_000);
});

describe('staff who may only view reviews', () => {
  it('see the queue with every action disabled and a note saying why (the server refuses anyway)', async () => {
    const email = `viewer-${run}@qahwa.local`;
    const password = `viewer-${randomUUID()}`;
    const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
    await handle.db.insert(tables.users).values({
      email,
      name: 'Reviews Viewer',
      passwordHash: await hash(password),
      role: 'STAFF',
      permissions: [{ module: 'reviews', canView: true, canEdit: false }],
    });
    await handle.close();
    const viewer = await staffContext(browser, stack, { viewport: { width: 1400, height: 1000 } });
    const page = await viewer.newPage();
    await signIn(page, stack, { email: email, password: password });
    await page.goto(`${stack.adminUrl}/backend/reviews`);
    await page.getByText(adminAr.ReviewQueue.viewOnly).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: body });
    expect(await card.getByRole('button', { name: adminAr.ReviewQueue.reject }).isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: adminAr.ReviewQueue.saveReply }).isDisabled()).toBe(true);
    // The browser's own call, as a tampered page would send it (from the back office's own
    // origin): the server says no for want of the permission.
    const res = await page.request.post(
      `${stack.adminUrl}/backend/api/admin/reviews/${randomUUID()}/reject`,
      {
        data: {},
        headers: { origin: stack.adminUrl },
      },
    );
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
    await page.screenshot({ path: `${screens}/reviews-view-only-ar.png`, fullPage: true });
    await viewer.close();
  }, 120_000);
});

describe('the customer screens in both languages', () => {
  it('lists the customer of an order and opens their page, with links to the orders', async () => {
    const p = await product();
    const orderId = await placeCodOrder(stack, {
      customer: { fullName: 'سالم المنصوري', email: `customer-${run}@example.ae`, phone: '+971 52 333 4455' },
      product: p,
      variation: p.variations.find((x) => unitsAvailable(x) > 2)!,
      locale: 'ar',
    });

    await staffPage.goto(`${stack.adminUrl}/backend/customers`);
    await staffPage.getByRole('searchbox', { name: adminAr.Customers.search }).fill('052 333 4455');
    await staffPage.getByRole('button', { name: adminAr.Customers.apply }).click();
    await staffPage.getByRole('link', { name: 'سالم المنصوري' }).waitFor();
    await staffPage.screenshot({ path: `${screens}/customers-ar.png`, fullPage: true });
    await staffPage.getByRole('link', { name: 'سالم المنصوري' }).click();
    await staffPage.getByRole('heading', { name: 'سالم المنصوري' }).waitFor();
    const link = staffPage.getByRole('link', { name: orderId });
    expect(await link.getAttribute('href')).toBe(`/backend/orders/${orderId}`);
    await staffPage.screenshot({ path: `${screens}/customer-page-ar.png`, fullPage: true });

    await setStaffLocale(staff, stack, 'en');
    await staffPage.reload();
    await staffPage.getByRole('heading', { name: 'Total spent' }).waitFor();
    expect(await staffPage.locator('html').getAttribute('dir')).toBe('ltr');
    await staffPage.screenshot({ path: `${screens}/customer-page-en.png`, fullPage: true });
    await staffPage.goto(`${stack.adminUrl}/backend/customers`);
    await staffPage.getByRole('link', { name: 'سالم المنصوري' }).waitFor();
    await staffPage.screenshot({ path: `${screens}/customers-en.png`, fullPage: true });
  }, 180_000);
});
