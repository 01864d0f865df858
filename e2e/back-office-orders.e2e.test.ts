import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { mailTo } from './support/maildev';
import { placeCodOrder, stockedProduct } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { moveOrderThrough, setStaffLocale, signIn, staffContext } from './support/staff';
import { waitUntil } from './support/wait';

/*
 * The back office's orders, end to end in Chromium over the real stack: a shopper orders in Arabic (cash
 * on delivery); a member of staff finds the order in the Arabic back office, opens its page and
 * moves it new → processing → shipped with the buttons; the shopper's "on its way" e-mail arrives
 * in Arabic (the workflows worker → SMTP → MailDev), and the dashboard's status counts follow
 * (the outbox → NATS → the order-stats projection). Screenshots of the order page in both
 * languages go to .data/screens/.
 */
const ar = messages('admin', 'ar') as unknown as {
  OrderDetail: { title: string; moveTo: string; moved: string; cancel: string };
  OrderStatus: Record<'new' | 'processing' | 'shipped' | 'delivered', string>;
  OrderFilters: { q: string; apply: string };
};
const screens = `${root}.data/screens`;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `orders-e2e-${randomUUID()}@example.ae`;
let orderId = '';

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
  context = await staffContext(browser, stack);
  page = await context.newPage();
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

async function statusCounts(): Promise<Record<string, number>> {
  const res = await page.request.get(`${stack.adminUrl}/backend/api/admin/dashboard`);
  expect(res.status()).toBe(200);
  const { orderStatus } = (await res.json()) as { orderStatus: { status: string; count: number }[] };
  return Object.fromEntries(orderStatus.map((row) => [row.status, row.count]));
}

describe('staff ship an order in Arabic and the shopper hears of it in Arabic', () => {
  it('places an Arabic cash-on-delivery order', async () => {
    const { product, variation } = await stockedProduct(stack);
    orderId = await placeCodOrder(stack, {
      customer: { fullName: 'مريم الكعبي', email, phone: '+971 50 246 8101' },
      product,
      variation,
      locale: 'ar',
    });
  }, 120_000);

  it('finds the order in the Arabic back office and moves it to shipped with the buttons', async () => {
    await signIn(page, stack);
    const before = await waitUntil(
      statusCounts,
      (c) => (c.new ?? 0) >= 1,
      'the placed order reaches the dashboard',
    );

    await page.goto(`${stack.adminUrl}/backend/orders`);
    await page.getByLabel(ar.OrderFilters.q).fill(email);
    await page.getByRole('button', { name: ar.OrderFilters.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === email);
    await page.getByRole('link', { name: orderId }).click();
    await page.waitForURL((u) => u.pathname === `/backend/orders/${orderId}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { name: fill(ar.OrderDetail.title, { id: orderId }) }).waitFor();

    // The page reloads with each new status; its timeline shows each move.
    await moveOrderThrough(page, ar, ['processing', 'shipped']);
    await page
      .getByRole('button', { name: fill(ar.OrderDetail.moveTo, { status: ar.OrderStatus.delivered }) })
      .waitFor();
    // Shipped orders cannot be cancelled: no cancel button now.
    expect(await page.getByRole('button', { name: ar.OrderDetail.cancel }).count()).toBe(0);
    await page.screenshot({ path: `${screens}/order-page-ar.png`, fullPage: true });

    const after = await waitUntil(
      statusCounts,
      (c) => (c.shipped ?? 0) === (before.shipped ?? 0) + 1 && (c.new ?? 0) === (before.new ?? 0) - 1,
      "the dashboard's order-status counts follow the moves",
    );
    expect(after.processing ?? 0).toBe(before.processing ?? 0);

    await setStaffLocale(context, stack, 'en');
    await page.reload();
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.screenshot({ path: `${screens}/order-page-en.png`, fullPage: true });
  }, 180_000);

  it("delivers the shopper's 'on its way' e-mail in Arabic", async () => {
    const mail = await mailTo(email, { subject: 'في الطريق' });
    expect(mail.subject).toBe(`طلبك ${orderId} في الطريق إليك`);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('سلّمنا طلبك إلى شركة التوصيل');
  }, 90_000);
});
