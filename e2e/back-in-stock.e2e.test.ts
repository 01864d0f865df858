import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createDb, createStockRepository, eq, tables } from '@qahwa/db';
import { mailCatcher } from '@qahwa/mail/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from './support/browser';
import { mailTo } from './support/maildev';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { openShopper } from './support/shopper';
import { root, type Stack } from './support/stack';
import { signIn, staffContext } from './support/staff';

/*
 * Back-in-stock alerts (docs/back-in-stock.md) in Chromium over the real stack: a sold-out gift box
 * shows "Notify me when it's back" on its page (Arabic, a phone) and in the options modal (English,
 * a desktop); staff see two shoppers waiting in the variations editor and put stock back there;
 * each shopper gets one e-mail in their language, with the product's link, and the count is gone.
 * Screenshots in .data/shots/h6/.
 */
type Tree = Record<string, Record<string, string>>;
const web = { en: messages('web', 'en') as unknown as Tree, ar: messages('web', 'ar') as unknown as Tree };
const admin = messages('admin', 'en') as unknown as Tree;
const shots = `${root}.data/shots/h6`;
const SLUG = 'majlis-gift-box';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let stack: Stack;
let browser: Browser;
let product: { id: string; variationId: string; sku: string | null };
/** One option of a coffee sold in several: sold out while the others are not. */
const PARTLY = 'brazil-santos';

/** A caught mail as a reader sees it: its HTML in a page of its own. */
async function shootMail(html: string, path: string) {
  const page = await browser.newPage({ viewport: { width: 700, height: 900 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path, fullPage: true });
  await page.close();
}

/** The product page once the storefront shows it sold out (the catalogue follows the event). */
async function openSoldOut(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto(`${stack.webUrl}/product/${SLUG}`);
        return page.locator('[data-back-in-stock]').count();
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
  const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
  try {
    const [row] = await handle.db
      .select({
        id: tables.products.id,
        variationId: tables.productVariations.id,
        sku: tables.productVariations.sku,
      })
      .from(tables.products)
      .innerJoin(tables.productVariations, eq(tables.productVariations.productId, tables.products.id))
      .where(eq(tables.products.slug, SLUG));
    product = row!;
    // The last box sold: through the one place stock changes, so the catalogue hears of it.
    await createStockRepository(handle.db).set({
      productId: product.id,
      variationId: product.variationId,
      quantity: 0,
    });
    const [partly] = await handle.db
      .select({ id: tables.products.id, variationId: tables.productVariations.id })
      .from(tables.products)
      .innerJoin(tables.productVariations, eq(tables.productVariations.productId, tables.products.id))
      .where(eq(tables.products.slug, PARTLY))
      .limit(1);
    await createStockRepository(handle.db).set({
      productId: partly!.id,
      variationId: partly!.variationId,
      quantity: 0,
    });
  } finally {
    await handle.close();
  }
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

describe('back-in-stock alerts', () => {
  const arabic = `e2e-mariam-${randomUUID().slice(0, 8)}@example.ae`;
  const english = `e2e-sam-${randomUUID().slice(0, 8)}@example.ae`;

  it('in Arabic on a phone: the sold-out product page takes the address, the consent stated', async () => {
    const t = web.ar.BackInStock!;
    const { context, page, errors } = await openShopper(browser, 'ar', PHONE);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: stack.webUrl }]);
    await openSoldOut(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const form = page.getByRole('form', { name: t.title });
    await expect.poll(() => form.getByText(t.consent!).count()).toBe(1);
    // A mistyped address is refused in Arabic, before anything is sent.
    await form.getByRole('textbox', { name: t.email }).fill('mariam@');
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: t.submit }).click();
    await expect.poll(() => form.getByText('يرجى إدخال عنوان بريد إلكتروني صالح').count()).toBe(1);
    await page.screenshot({ path: `${shots}/product-page-notify-invalid-ar-phone.png` });
    await form.getByRole('textbox', { name: t.email }).fill(arabic);
    await form.getByRole('button', { name: t.submit }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('تم: سنراسلك مرة واحدة عند توفره من جديد.');
    await page.screenshot({ path: `${shots}/product-page-notify-ar-phone.png`, fullPage: true });
    // The options modal says the same for the sold-out choice, in Arabic, on the phone.
    await page.getByRole('button', { name: web.ar.ProductCard!.selectOptions, exact: true }).first().click();
    await page.getByRole('dialog').getByRole('region', { name: t.title }).waitFor();
    await page.screenshot({ path: `${shots}/options-modal-notify-ar-phone.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English on a desktop: the options modal of the sold-out choice takes the address', async () => {
    const t = web.en.BackInStock!;
    const { context, page, errors } = await openShopper(browser, 'en', DESKTOP);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: stack.webUrl }]);
    await openSoldOut(page);
    await page.screenshot({ path: `${shots}/product-page-notify-en-desktop.png`, fullPage: true });
    await page.getByRole('button', { name: web.en.ProductCard!.selectOptions, exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    const section = dialog.getByRole('region', { name: t.title });
    await section.getByRole('textbox', { name: t.email }).fill(english);
    await section.getByRole('button', { name: t.submit }).click();
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toBe("Done: we will e-mail you once when it's back in stock.");
    await page.screenshot({ path: `${shots}/options-modal-notify-en-desktop.png` });

    // A coffee with one of its options sold out: the block is closed, and names that option only.
    await page.goto(`${stack.webUrl}/product/${PARTLY}`);
    const block = page.locator('details[data-back-in-stock]');
    await expect.poll(() => block.count(), { timeout: 60_000 }).toBe(1);
    expect(await block.getAttribute('open')).toBeNull();
    await block.locator('summary').click();
    await expect.poll(() => block.getByText(/^For: /).count()).toBe(1);
    await block.screenshot({ path: `${shots}/product-page-partly-sold-out-en.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff see two waiting and put stock back; each shopper gets one e-mail in their language', async () => {
    const context = await staffContext(browser, stack, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page, stack);
    const editor = `${stack.adminUrl}/backend/variation?product=${product.id}`;
    await page.goto(editor);
    const badge = page.locator(`[data-waiting]`);
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('2 waiting');
    await page.screenshot({ path: `${shots}/variations-editor-waiting-en.png`, fullPage: true });
    // The same count for staff who read Arabic.
    const arabicStaff = await staffContext(browser, stack, { locale: 'ar' });
    const arPage = await arabicStaff.newPage();
    await signIn(arPage, stack);
    await arPage.goto(editor);
    await expect
      .poll(() => arPage.locator('[data-waiting]').textContent(), { timeout: 30_000 })
      .toBe('شخصان ينتظران');
    await arPage.screenshot({ path: `${shots}/variations-editor-waiting-ar.png`, fullPage: true });
    await arabicStaff.close();

    // Staff put stock back from the editor's row.
    const row = page.locator('tr', { has: badge });
    await row.getByRole('button', { name: new RegExp(`^${admin.Variations!.edit}`) }).click();
    // The row being edited (the add form above the table has a stock field too).
    const editing = page.getByRole('table').locator('tbody');
    const stock = editing.getByRole('spinbutton', { name: admin.Variations!.stock, exact: true });
    await stock.fill('6');
    await editing.getByRole('button', { name: admin.Variations!.save, exact: true }).click();

    const ar = await mailTo(arabic, { subject: 'متوفر من جديد' });
    expect(ar.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(ar.html).toContain(`href="${stack.webUrl}/product/${SLUG}?lang=ar"`);
    await shootMail(ar.html, `${shots}/mail-back-in-stock-ar.png`);
    // Its link opens the product in Arabic, even in a browser set to English.
    const reader = await browser.newContext({ locale: 'en-GB', viewport: PHONE });
    const opened = await reader.newPage();
    await opened.goto(`${stack.webUrl}/product/${SLUG}?lang=ar`);
    expect(new URL(opened.url()).search).toBe('');
    expect(await opened.locator('html').getAttribute('dir')).toBe('rtl');
    await reader.close();
    const en = await mailTo(english, { subject: 'is back in stock' });
    expect(en.html).toMatch(/<html[^>]*dir="ltr"/);
    expect(en.html).toContain(`href="${stack.webUrl}/product/${SLUG}?lang=en"`);
    await shootMail(en.html, `${shots}/mail-back-in-stock-en.png`);

    // Nobody waits any more: the count is gone from the editor.
    await expect
      .poll(
        async () => {
          await page.goto(editor);
          await page.getByRole('table').waitFor();
          await page.waitForTimeout(500);
          return badge.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(0);
    // Still one mail each.
    expect(await mailCatcher().messagesTo(arabic)).toHaveLength(1);
    expect(await mailCatcher().messagesTo(english)).toHaveLength(1);
    await context.close();
  });
});
