import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  refundMethodLabel,
  returnReasonLabel,
  returnStatusLabel,
  type ShopperReturns,
} from '@qahwa/schema/returns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { placeCodOrder, stockedProduct } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { openShopper } from './support/shopper';
import { root, type Stack } from './support/stack';
import { moveOrderThrough, setStaffLocale, signIn, staffContext } from './support/staff';

/*
 * The return screens in Chromium over the real stack. Three cash-on-delivery orders are delivered
 * by staff with the order page's buttons. On the first, a return is asked for through the API; a
 * member of staff finds it in the back office's Returns (filtered by status), approves it with a
 * message, receives it with its line back on sale and refunds it by bank transfer with a
 * reference, and sees it on the order page. On the other two the shopper asks for a return with the
 * tracking page's form: in Arabic on a phone (first pressing send with nothing chosen: the errors
 * in Arabic), and in English on a desktop with a photo, which staff see on the return's page before
 * they reject it with a message the shopper reads on the tracking page.
 * Screenshots of every screen in both languages go to .data/shots/h5/.
 */
type Web = {
  ReturnRequest: Record<
    'title' | 'submit' | 'reason' | 'note' | 'photo' | 'photoAdded' | 'sent' | 'yourReturns' | 'staffMessage',
    string
  >;
};
type Admin = {
  Menu: { returns: string };
  Sidebar: { navLabel: string };
  Returns: { title: string; filters: { status: string; apply: string } };
  ReturnDetail: { title: string; photoAlt: string };
  ReturnActions: Record<
    | 'message'
    | 'approve'
    | 'reject'
    | 'none'
    | 'receive'
    | 'resaleable'
    | 'refund'
    | 'codMethod'
    | 'codReference',
    string
  >;
  OrderReturns: { title: string; open: string };
  OrderDetail: { moveTo: string; moved: string };
  OrderStatus: Record<'new' | 'processing' | 'shipped' | 'delivered', string>;
};
const web = (l: 'en' | 'ar') => messages('web', l) as unknown as Web;
const admin = (l: 'en' | 'ar') => messages('admin', l) as unknown as Admin;
const shots = `${root}.data/shots/h5`;
// A 1×1 PNG: the photo's bytes are checked by the gateway, not its beauty.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let stack: Stack;
let browser: Browser;
let staff: BrowserContext;
let page: Page;
const run = randomUUID().slice(0, 8);
const orders: { id: string; email: string; token: string; locale: 'en' | 'ar' }[] = [];

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
  staff = await staffContext(browser, stack, { locale: 'en' });
  page = await staff.newPage();
  // Every action asks "are you sure?" first.
  page.on('dialog', (d) => void d.accept());
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

/** Text as a pattern that matches it anywhere in an accessible name. */
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function shopperReturns(token: string): Promise<ShopperReturns> {
  const res = await fetch(`${stack.gatewayUrl}/api/orders/track/${token}/returns`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ShopperReturns;
}

describe('returns, from the tracking page to the refund', () => {
  it('delivers three cash-on-delivery orders with the order page and looks up their tracking links', async () => {
    const { product, variation } = await stockedProduct(stack, 6);
    for (const locale of ['en', 'ar', 'en'] as const) {
      const email = `returns-${run}-${orders.length}@example.ae`;
      const id = await placeCodOrder(stack, {
        customer: {
          fullName: locale === 'ar' ? 'سارة المنصوري' : 'Sara Mansoori',
          email,
          phone: '+971501112233',
        },
        product,
        variation,
        quantity: 2,
        locale,
      });
      orders.push({ id, email, token: '', locale });
    }
    await signIn(page, stack);
    for (const order of orders) {
      await page.goto(`${stack.adminUrl}/backend/orders/${order.id}`);
      await moveOrderThrough(page, admin('en'), ['processing', 'shipped', 'delivered']);
      const res = await fetch(`${stack.gatewayUrl}/api/orders/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNumber: order.id, contact: order.email }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      order.token = ((await res.json()) as { token: string }).token;
    }
  }, 240_000);

  it('staff approve, receive and refund a return asked for through the API, in English', async () => {
    const [order] = orders;
    const { lines } = await shopperReturns(order!.token);
    const res = await fetch(`${stack.gatewayUrl}/api/orders/track/${order!.token}/returns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
      body: JSON.stringify({
        lines: [{ orderItemId: lines[0]!.orderItemId, quantity: 1 }],
        reason: 'DAMAGED',
        note: 'The bag arrived torn.',
      }),
    });
    expect([200, 201], await res.clone().text()).toContain(res.status);
    const { number } = (await res.json()) as { number: string };

    const en = admin('en');
    await page.goto(`${stack.adminUrl}/backend`);
    await page
      .getByRole('navigation', { name: en.Sidebar.navLabel })
      .getByRole('link', { name: en.Menu.returns })
      .click();
    await page.getByRole('heading', { name: en.Returns.title }).waitFor();
    await page.getByLabel(en.Returns.filters.status).selectOption('requested');
    await page.getByRole('button', { name: en.Returns.filters.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'requested');
    await page.screenshot({ path: `${shots}/admin-returns-en.png`, fullPage: true });
    await page.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { name: fill(en.ReturnDetail.title, { number }) }).waitFor();
    await page.getByText('The bag arrived torn.').first().waitFor();
    await page.screenshot({ path: `${shots}/admin-return-requested-en.png`, fullPage: true });

    await page.getByLabel(en.ReturnActions.message).fill('Please send the bag back with the courier.');
    await page.getByRole('button', { name: en.ReturnActions.approve }).click();
    await page.getByRole('button', { name: en.ReturnActions.receive }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Please send the bag back with the courier.').count()).toBeGreaterThan(0);

    const line = lines[0]!;
    await page.getByLabel(fill(en.ReturnActions.resaleable, { name: line.name, quantity: '1' })).check();
    await page.getByRole('button', { name: en.ReturnActions.receive }).click();
    await page.getByLabel(en.ReturnActions.codReference).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${shots}/admin-return-received-en.png`, fullPage: true });

    await page.getByRole('radio', { name: refundMethodLabel('BANK_TRANSFER', 'en') }).check();
    await page.getByLabel(en.ReturnActions.codReference).fill(`TRF-${run}`);
    await page.getByRole('button', { name: /^Refund / }).click();
    await page
      .getByText(returnStatusLabel('refunded', 'en'), { exact: true })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.getByText(`TRF-${run}`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/admin-return-refunded-en.png`, fullPage: true });

    // The order page shows the return, opening its page.
    await page.goto(`${stack.adminUrl}/backend/orders/${order!.id}`);
    await page.getByRole('link', { name: fill(en.OrderReturns.open, { number }) }).waitFor();
    await page.screenshot({ path: `${shots}/admin-order-returns-en.png`, fullPage: true });

    // The same screens in Arabic, right to left.
    const ar = admin('ar');
    await setStaffLocale(staff, stack, 'ar');
    await page.goto(`${stack.adminUrl}/backend/returns`);
    await page.getByRole('heading', { name: ar.Returns.title }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.screenshot({ path: `${shots}/admin-returns-ar.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/returns/${number}`);
    await page.getByRole('heading', { name: fill(ar.ReturnDetail.title, { number }) }).waitFor();
    await page.screenshot({ path: `${shots}/admin-return-refunded-ar.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/orders/${order!.id}`);
    await page.getByRole('link', { name: fill(ar.OrderReturns.open, { number }) }).waitFor();
    await page.screenshot({ path: `${shots}/admin-order-returns-ar.png`, fullPage: true });
    await setStaffLocale(staff, stack, 'en');
  }, 180_000);

  it.each([
    ['ar', 1, { width: 390, height: 844 }, 'phone'],
    ['en', 2, { width: 1280, height: 900 }, 'desktop'],
  ] as const)(
    'the shopper asks for a return with the form, in %s',
    async (locale, index, viewport, device) => {
      const order = orders[index]!;
      const t = web(locale).ReturnRequest;
      const { context, page: shopper, errors } = await openShopper(browser, locale, viewport);
      try {
        await shopper.goto(`${stack.webUrl}/orders/track/${order.token}`);
        const panel = shopper.getByRole('region', { name: t.title });
        await panel.getByRole('button', { name: t.submit }).waitFor({ timeout: 30_000 });
        expect(await shopper.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');

        // Nothing chosen: the errors, in the shopper's language, and nothing is sent.
        await panel.getByRole('button', { name: t.submit }).click();
        await panel
          .getByText(
            locale === 'ar' ? 'اختر منتجًا واحدًا على الأقل لإرجاعه.' : 'Choose at least one item to return.',
          )
          .waitFor();
        await shopper.screenshot({
          path: `${shots}/shopper-form-errors-${locale}-${device}.png`,
          fullPage: true,
        });
        await panel.screenshot({ path: `${shots}/shopper-panel-errors-${locale}-${device}.png` });

        const { lines } = await shopperReturns(order.token);
        const line = lines[0]!;
        await panel
          .getByRole('checkbox', { name: escaped(locale === 'ar' ? line.nameAr : line.name) })
          .check();
        await panel
          .getByLabel(t.reason)
          .selectOption({ label: returnReasonLabel('NOT_AS_DESCRIBED', locale) });
        const note =
          locale === 'ar' ? 'الحبوب أغمق مما في الصورة.' : 'The beans are darker than in the picture.';
        await panel.getByLabel(t.note).fill(note);
        if (locale === 'en') {
          await panel
            .getByLabel(t.photo)
            .setInputFiles({ name: 'beans.png', mimeType: 'image/png', buffer: PNG });
          await panel.getByText(t.photoAdded).waitFor({ timeout: 30_000 });
        }
        await shopper.screenshot({
          path: `${shots}/shopper-form-filled-${locale}-${device}.png`,
          fullPage: true,
        });
        await panel.screenshot({ path: `${shots}/shopper-panel-filled-${locale}-${device}.png` });
        await panel.getByRole('button', { name: t.submit }).click();
        const sent = panel.getByText(new RegExp(fill(t.sent, { number: 'RT-\\d+' })));
        await sent.waitFor({ timeout: 30_000 });
        const number = /RT-\d+/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
        await panel.getByRole('heading', { name: t.yourReturns }).waitFor();
        await panel.getByText(returnStatusLabel('requested', locale), { exact: true }).waitFor();
        await shopper.screenshot({
          path: `${shots}/shopper-form-sent-${locale}-${device}.png`,
          fullPage: true,
        });
        await panel.screenshot({ path: `${shots}/shopper-panel-sent-${locale}-${device}.png` });

        // The gateway has it as the shopper asked.
        const after = await shopperReturns(order.token);
        const made = after.returns.find((r) => r.number === number);
        expect(made).toMatchObject({ status: 'requested', reason: 'NOT_AS_DESCRIBED', note });
        expect(Boolean(made?.photoUrl)).toBe(locale === 'en');
        expect(made?.lines).toEqual([
          expect.objectContaining({ orderItemId: line.orderItemId, quantity: 1 }),
        ]);

        if (locale === 'en') {
          // Staff reject it with a message; the shopper reads it on the tracking page.
          const en = admin('en');
          await page.goto(`${stack.adminUrl}/backend/returns/${number}`);
          await page.getByText(note).first().waitFor();
          // The shopper's photo, through the back office's own origin.
          const img = page.getByRole('img', { name: fill(en.ReturnDetail.photoAlt, { number }) });
          await img.waitFor();
          expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
          await page.screenshot({ path: `${shots}/admin-return-photo-en.png`, fullPage: true });
          await page.getByLabel(en.ReturnActions.message).fill('Roasts vary a little from the picture.');
          await page.getByRole('button', { name: en.ReturnActions.reject }).click();
          await page
            .getByText(fill(en.ReturnActions.none, { status: 'Rejected' }))
            .waitFor({ timeout: 30_000 });
          await page.screenshot({ path: `${shots}/admin-return-rejected-en.png`, fullPage: true });
          await shopper.reload();
          await panel
            .getByText(returnStatusLabel('rejected', 'en'), { exact: true })
            .waitFor({ timeout: 30_000 });
          await panel.getByText(t.staffMessage).waitFor();
          await panel.getByText('Roasts vary a little from the picture.').waitFor();
          await shopper.screenshot({
            path: `${shots}/shopper-return-rejected-en-desktop.png`,
            fullPage: true,
          });
        }
        expect(errors).toEqual([]);
      } catch (error) {
        // What the shopper saw when it went wrong.
        await shopper.screenshot({ path: `${shots}/failed-${locale}-${device}.png`, fullPage: true });
        throw error;
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
