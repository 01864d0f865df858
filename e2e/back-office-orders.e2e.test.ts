import { randomUUID } from 'node:crypto';
import { mailCatcher } from '@qahwa/mail/testing';
import type { Product } from '@qahwa/schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, launchChromium, messages } from './support/browser';
import { root, type Stack, startStack } from './support/stack';

/*
 * Issue 12, orders, end to end in Chromium over the real stack: a shopper orders in Arabic (cash
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
  stack = await startStack();
  browser = await launchChromium();
  context = await browser.newContext({ locale: 'ar-AE', viewport: { width: 1440, height: 1000 } });
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: stack.adminUrl }]);
  page = await context.newPage();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function statusCounts(): Promise<Record<string, number>> {
  const res = await page.request.get(`${stack.adminUrl}/backend/api/admin/dashboard`);
  expect(res.status()).toBe(200);
  const { orderStatus } = (await res.json()) as { orderStatus: { status: string; count: number }[] };
  return Object.fromEntries(orderStatus.map((row) => [row.status, row.count]));
}

async function waitFor<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('staff ship an order in Arabic and the shopper hears of it in Arabic', () => {
  it('places an Arabic cash-on-delivery order', async () => {
    const products = (await (await fetch(`${stack.webUrl}/api/products?limit=100`)).json()) as Product[];
    const product = products.find((p) => p.variations.some((v) => v.stockQuantity > 2)) as Product;
    const v = product.variations.find((x) => x.stockQuantity > 2)!;
    const res = await fetch(`${stack.gatewayUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `e2e-orders-${randomUUID()}`,
        'x-locale': 'ar',
      },
      body: JSON.stringify({
        customerInfo: { fullName: 'مريم الكعبي', email, phone: '+971 50 246 8101' },
        shippingInfo: {
          emirate: 'dubai',
          city: 'business-bay',
          address: 'Bay Square, Building 7, Office 301',
        },
        items: [
          {
            id: `${product.id}-${v.id}`,
            productId: product.id,
            variationId: v.id,
            name: product.name,
            price: v.price,
            quantity: 1,
            variation: {
              weight: v.size.displayName,
              beans: v.beans?.name ?? null,
              additions: v.type?.name ?? null,
            },
          },
        ],
        totalAmount: v.price,
        subtotal: v.price,
        tax: 0,
        shippingCost: 0,
        discount: 0,
        appliedCoupon: null,
        paymentProvider: 'COD',
        locale: 'ar',
      }),
    });
    const body = (await res.json()) as { success: boolean; orderId: string };
    expect(body.success, JSON.stringify(body)).toBe(true);
    orderId = body.orderId;
  }, 120_000);

  it('finds the order in the Arabic back office and moves it to shipped with the buttons', async () => {
    await page.goto(`${stack.adminUrl}/backend/login`);
    await page.locator('input[type=email]').fill(stack.admin.email);
    await page.locator('input[type=password]').fill(stack.admin.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((u) => !u.pathname.includes('/login'), { timeout: 60_000 });
    const before = await waitFor(
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

    for (const to of ['processing', 'shipped'] as const) {
      await page
        .getByRole('button', { name: fill(ar.OrderDetail.moveTo, { status: ar.OrderStatus[to] }) })
        .click();
      // The page reloads with the new status; its timeline shows the move.
      await page
        .getByText(
          fill(ar.OrderDetail.moved, {
            from: ar.OrderStatus[to === 'processing' ? 'new' : 'processing'],
            to: ar.OrderStatus[to],
          }),
        )
        .waitFor({ timeout: 30_000 });
    }
    await page
      .getByRole('button', { name: fill(ar.OrderDetail.moveTo, { status: ar.OrderStatus.delivered }) })
      .waitFor();
    // Shipped orders cannot be cancelled: no cancel button now.
    expect(await page.getByRole('button', { name: ar.OrderDetail.cancel }).count()).toBe(0);
    await page.screenshot({ path: `${screens}/order-page-ar.png`, fullPage: true });

    const after = await waitFor(
      statusCounts,
      (c) => (c.shipped ?? 0) === (before.shipped ?? 0) + 1 && (c.new ?? 0) === (before.new ?? 0) - 1,
      "the dashboard's order-status counts follow the moves",
    );
    expect(after.processing ?? 0).toBe(before.processing ?? 0);

    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: stack.adminUrl }]);
    await page.reload();
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.screenshot({ path: `${screens}/order-page-en.png`, fullPage: true });
  }, 180_000);

  it("delivers the shopper's 'on its way' e-mail in Arabic", async () => {
    const mail = await mailCatcher().waitForMessage(
      (m) => m.to.some((t) => t.address === email) && m.subject.includes('في الطريق'),
      60_000,
    );
    expect(mail.subject).toBe(`طلبك ${orderId} في الطريق إليك`);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('سلّمنا طلبك إلى شركة التوصيل');
  }, 90_000);
});
