import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { formatAed, toFils } from '@qahwa/schema';
import type { TrackedOrder } from '@qahwa/schema/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { mailTo } from './support/maildev';
import { placeCodOrder, stockedProduct } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { openShopper } from './support/shopper';
import { root, type Stack } from './support/stack';
import { moveOrderThrough, signIn, staffContext } from './support/staff';

/*
 * The guest's order tracking in Chromium over the real stack (docs/order-tracking.md): in English
 * on a desktop, the lookup by order number and e-mail (a wrong e-mail first: the one refusal) and
 * the order's page, then the confirmation e-mail's link from MailDev; in Arabic on a phone, the
 * lookup by the phone typed with spaces (empty fields and a wrong phone first, refused in Arabic),
 * staff ship the order and the Arabic "on its way" e-mail's link opens the page with the shipping
 * date; once delivered, the invoice's PDF downloads and the returns panel is there. Screenshots
 * of the form and the page in both languages go to .data/shots/h3/. The checkout's confirmation
 * loads the order through the same signed link: a made-up address (an order number, a total,
 * "paid") shows none of it, a real link shows the order's items, total and address.
 */
type Web = {
  OrderTracking: Record<'title' | 'orderNumber' | 'contact' | 'submit' | 'required' | 'expiredTitle', string>;
  Confirmation: Record<'status' | 'notShownTitle' | 'findOrder' | 'note' | 'trackOrder', string>;
  OrderView: {
    title: string;
    download: string;
    steps: Record<string, string>;
    payment: Record<string, string>;
  };
};
type Admin = {
  OrderDetail: { moveTo: string; moved: string };
  OrderStatus: Record<'new' | 'processing' | 'shipped' | 'delivered', string>;
};
const web = (l: 'en' | 'ar') => messages('web', l) as unknown as Web;
const admin = messages('admin', 'en') as unknown as Admin;
const shots = `${root}.data/shots/h3`;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOT_FOUND = {
  en: 'We could not find an order with this number and this e-mail or phone.',
  ar: 'لم نجد طلبًا بهذا الرقم وهذا البريد الإلكتروني أو الهاتف.',
};

let stack: Stack;
let browser: Browser;
const run = randomUUID().slice(0, 8);
const orders = {
  en: { id: '', email: `track-en-${run}@example.ae`, phone: '+971501230001' },
  ar: { id: '', email: `track-ar-${run}@example.ae`, phone: '+971501230002' },
};

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
  const { product, variation } = await stockedProduct(stack, 4);
  for (const locale of ['en', 'ar'] as const) {
    orders[locale].id = await placeCodOrder(stack, {
      customer: {
        fullName: locale === 'ar' ? 'مريم السويدي' : 'Mariam Al Suwaidi',
        email: orders[locale].email,
        phone: orders[locale].phone,
      },
      product,
      variation,
      quantity: 2,
      locale,
    });
  }
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

/** The first link to the tracking page in a mail's HTML. */
function trackingLinkOf(html: string): string {
  const href = /href="([^"]*\/orders\/track\/[^"]+)"/.exec(html)?.[1];
  expect(href, 'a tracking link in the e-mail').toBeTruthy();
  return href!.replaceAll('&amp;', '&');
}

async function lookUp(page: Page, locale: 'en' | 'ar', number: string, contact: string) {
  const t = web(locale).OrderTracking;
  const form = page.getByTestId('track-form');
  await form.getByLabel(t.orderNumber).fill(number);
  await form.getByLabel(t.contact).fill(contact);
  await form.getByRole('button', { name: t.submit }).click();
}

/** The order's signed tracking token, from the lookup (the order answer carries the same kind). */
async function tokenOf(order: { id: string; email: string }): Promise<string> {
  const res = await fetch(`${stack.gatewayUrl}/api/orders/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNumber: order.id, contact: order.email }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('the checkout’s confirmation', () => {
  it('shows nothing of a made-up address, and a real order’s items, total and address from its signed link, in English on a desktop and Arabic on a phone', async () => {
    for (const [locale, viewport] of [
      ['en', DESKTOP],
      ['ar', PHONE],
    ] as const) {
      const t = web(locale);
      const { context, page, errors } = await openShopper(browser, locale, viewport);
      await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: stack.webUrl }]);
      // An order number, a total and "paid" typed into the address: none of it is shown as an order.
      await page.goto(`${stack.webUrl}/checkout/confirmation?order=QH-999999&total=1&paid=1`);
      await page.getByTestId('confirmation-not-shown').waitFor();
      const tampered = (await page.getByRole('main').textContent()) ?? '';
      expect(tampered).toContain(t.Confirmation.notShownTitle);
      expect(tampered).not.toContain('QH-999999');
      expect(tampered).not.toContain(formatAed(100, locale));
      const lookup = page.getByRole('main').getByRole('link', { name: t.Confirmation.findOrder });
      expect(await lookup.getAttribute('href')).toBe('/orders/track');
      await page.screenshot({ path: `${shots}/confirmation-tampered-${locale}.png`, fullPage: true });

      const order = orders[locale];
      const token = await tokenOf(order);
      const view = (await (
        await fetch(`${stack.gatewayUrl}/api/orders/track/${token}`)
      ).json()) as TrackedOrder;
      await page.goto(`${stack.webUrl}/checkout/confirmation?${new URLSearchParams({ t: token })}`);
      await page.getByTestId('confirmation').waitFor();
      expect(await page.getByTestId('confirmation').getByRole('status').textContent()).toBe(
        fill(t.Confirmation.status, { orderId: order.id }),
      );
      const items = page.getByTestId('order-item');
      expect(await items.count()).toBe(1);
      expect(await items.first().textContent()).toContain(
        locale === 'ar' ? view.items[0]!.nameAr : view.items[0]!.name,
      );
      expect(await items.first().locator('img').count()).toBe(1);
      expect(await page.getByTestId('order-total').textContent()).toBe(
        formatAed(toFils(view.totals.total), locale),
      );
      expect(await page.getByTestId('delivery-address').textContent()).toContain(view.delivery.address);
      expect(await page.getByTestId('payment-method').textContent()).toBe(t.OrderView.payment.COD);
      expect(await page.getByTestId('what-next').textContent()).toContain(t.Confirmation.note);
      expect(await page.getByTestId('track-order-link').getAttribute('href')).toBe(`/orders/track/${token}`);
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: `${shots}/confirmation-${locale}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});

describe('tracking an order', () => {
  it('in English on a desktop: the lookup by e-mail, the order page, and the confirmation e-mail’s link', async () => {
    const { context, page, errors } = await openShopper(browser, 'en', DESKTOP);
    const order = orders.en;
    const t = web('en');
    // Shoppers find it in the footer of every page.
    await page.goto(`${stack.webUrl}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: t.OrderTracking.title }).click();
    await page.waitForURL(/\/orders\/track$/);
    await page.getByRole('heading', { name: t.OrderTracking.title }).waitFor();
    await page.screenshot({ path: `${shots}/tracking-form-en.png`, fullPage: true });

    await lookUp(page, 'en', order.id, 'someone.else@example.ae');
    await expect
      .poll(() => page.getByTestId('track-form').getByRole('alert').textContent())
      .toContain(NOT_FOUND.en);
    await page.screenshot({ path: `${shots}/tracking-form-refused-en.png`, fullPage: true });

    await lookUp(page, 'en', order.id, order.email.toUpperCase());
    await page.waitForURL(/\/orders\/track\/[^/]+$/);
    const view = page.getByTestId('order-view');
    await view.waitFor();
    expect(await view.getByRole('heading', { level: 1 }).textContent()).toContain(order.id);
    expect(await page.getByTestId('timeline').locator('[data-done="true"]').count()).toBe(1);
    expect(await page.getByTestId('order-item').count()).toBe(1);
    expect(await page.getByTestId('payment-method').textContent()).toBe(t.OrderView.payment.COD);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.screenshot({ path: `${shots}/tracking-view-en.png`, fullPage: true });

    // The confirmation e-mail's signed link opens the same page, in the mail's language.
    const mail = await mailTo(order.email);
    await page.goto(trackingLinkOf(mail.html));
    await page.getByTestId('order-view').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('order-view').getByRole('heading', { level: 1 }).textContent()).toContain(
      order.id,
    );

    // An altered link says so and offers the lookup again.
    await page.goto(`${page.url().slice(0, -3)}abc`);
    await page.getByTestId('track-problem').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.OrderTracking.expiredTitle);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('in Arabic on a phone: the lookup by phone, staff ship it, the Arabic e-mail’s link shows the shipping date, and once delivered the invoice downloads', async () => {
    const { context, page, errors } = await openShopper(browser, 'ar', PHONE);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: stack.webUrl }]);
    const order = orders.ar;
    const t = web('ar');
    await page.goto(`${stack.webUrl}/orders/track`);
    await page.getByRole('heading', { name: t.OrderTracking.title }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // Nothing typed: each field says so in Arabic.
    await page.getByRole('button', { name: t.OrderTracking.submit }).click();
    expect(await page.getByTestId('track-form').getByText(t.OrderTracking.required).count()).toBe(2);
    await page.screenshot({ path: `${shots}/tracking-form-ar.png`, fullPage: true });

    await lookUp(page, 'ar', order.id, '+971 50 999 0000');
    await expect
      .poll(() => page.getByTestId('track-form').getByRole('alert').textContent())
      .toContain(NOT_FOUND.ar);
    await page.screenshot({ path: `${shots}/tracking-form-refused-ar.png`, fullPage: true });

    // The phone as shoppers type it, with spaces, and the number without its prefix.
    await lookUp(
      page,
      'ar',
      order.id.replace('QH-', ''),
      order.phone.replace(/^(\+971)(\d\d)(\d{3})(\d{4})$/, '$1 $2 $3 $4'),
    );
    await page.waitForURL(/\/orders\/track\/[^/]+$/);
    await page.getByTestId('order-view').waitFor();
    expect(await page.getByTestId('payment-method').textContent()).toBe(t.OrderView.payment.COD);
    await page.screenshot({ path: `${shots}/tracking-view-ar.png`, fullPage: true });

    // Staff ship it; the shopper's Arabic e-mail links to the page, which now dates the shipping.
    const staff = await staffContext(browser, stack, { locale: 'en' });
    const staffPage = await staff.newPage();
    staffPage.on('dialog', (d) => void d.accept());
    await signIn(staffPage, stack);
    await staffPage.goto(`${stack.adminUrl}/backend/orders/${order.id}`);
    await moveOrderThrough(staffPage, admin, ['processing', 'shipped']);
    const mail = await mailTo(order.email, { subject: fill('طلبك {n} في الطريق إليك', { n: order.id }) });
    expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail.text).toContain('تتبّع طلبك');
    await page.goto(trackingLinkOf(mail.html));
    await page.getByTestId('order-view').waitFor();
    const shipped = page.getByTestId('timeline').locator('[data-step="shipped"]');
    expect(await shipped.getAttribute('data-done')).toBe('true');
    expect(await shipped.textContent()).toContain(t.OrderView.steps.shipped!);
    await page.screenshot({ path: `${shots}/tracking-view-shipped-ar.png`, fullPage: true });

    // Delivered: a cash order's invoice is issued now, and the page offers its PDF and the returns.
    await moveOrderThrough(staffPage, admin, ['delivered']);
    await staff.close();
    const documents = page.getByTestId('documents');
    const deadline = Date.now() + 60_000;
    while (!(await documents.isVisible()) && Date.now() < deadline) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('link', { name: t.OrderView.download }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(await page.getByTestId('returns-slot').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/tracking-view-delivered-ar.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
