import { eq, tables } from '@qahwa/db';
import { vatIncluded } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimingServerTotal } from '../support/claimed-total';
import { checkoutClaim, confirmInBrowser, type PaymentsStack, startPaymentsStack } from './harness';

/**
 * docs/vat.md on real orders: the order's transaction reads the `vat` setting and stores the rate,
 * each line's discount, taxable amount and VAT, and shipping's VAT — adding up to the total — for
 * cash on delivery and card alike; an order placed while the store is not registered has none.
 */
let stack: PaymentsStack;
beforeAll(async () => {
  stack = await startPaymentsStack();
});
afterAll(async () => {
  await stack?.close();
});

async function stored(orderId: string) {
  const [order] = await stack.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
  const items = await stack.db.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, orderId));
  return { order: order!, items };
}

function expectAddsUp({ order, items }: Awaited<ReturnType<typeof stored>>) {
  const linesVat = items.reduce((a, i) => a + i.vatFils, 0);
  const linesCharged = items.reduce((a, i) => a + i.taxableFils + i.vatFils, 0);
  expect(order.vatFils).toBe(linesVat + order.shippingVatFils);
  expect(linesCharged + order.shippingFils).toBe(order.totalFils);
  expect(items.reduce((a, i) => a + i.discountFils, 0)).toBe(order.discountFils);
  for (const i of items) {
    expect(i.lineFils - i.discountFils).toBe(i.taxableFils + i.vatFils);
    expect(i.vatFils).toBe(vatIncluded(i.lineFils - i.discountFils, order.vatRateBp));
  }
  expect(order.shippingVatFils).toBe(vatIncluded(order.shippingFils, order.vatRateBp));
}

async function placeCod(overrides: Record<string, unknown> = {}, moreOfEach = 0) {
  const base = await checkoutClaim(stack.db, { paymentProvider: 'COD', ...overrides });
  const claim = await claimingServerTotal(stack.db, {
    ...base,
    items: base.items.map((i) => ({ ...i, quantity: i.quantity + moreOfEach })),
  });
  const res = await stack.app.inject({ method: 'POST', url: '/api/orders', payload: claim });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderId as string;
}

describe('the VAT an order stores', () => {
  it('a cash-on-delivery order with a coupon: 5 % on every line and on shipping, adding up to the total', async () => {
    const orderId = await placeCod({ appliedCoupon: { code: 'WELCOME10', discountAmount: 0 } }, 3);
    const order = await stored(orderId);
    expect(order.order.vatRateBp).toBe(500);
    expect(order.order.discountFils).toBeGreaterThan(0);
    expect(order.order.vatFils).toBeGreaterThan(0);
    expectAddsUp(order);
  });

  it('a card order made from its payment stores the same figures', async () => {
    const claim = await checkoutClaim(stack.db);
    const intent = await stack.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: claim,
    });
    const { clientSecret, paymentIntentId, totalAmount } = intent.json();
    expect((await confirmInBrowser(stack, clientSecret)).body.status).toBe('succeeded');
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...claim, totalAmount, paymentIntentId, paymentProvider: 'STRIPE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await stored(res.json().orderId);
    expect(order.order.paymentProvider).toBe('STRIPE');
    expect(order.order.vatRateBp).toBe(500);
    expect(order.order.vatFils).toBeGreaterThan(0);
    expectAddsUp(order);
  });

  it('while the store is not VAT-registered an order has rate 0 and no VAT, and still adds up', async () => {
    const [row] = await stack.db
      .select()
      .from(tables.storeSettings)
      .where(eq(tables.storeSettings.key, 'vat'));
    const doc = row!.value as { version: number; value: Record<string, unknown> };
    await stack.db
      .update(tables.storeSettings)
      .set({ value: { version: doc.version + 1, value: { ...doc.value, registered: false } } })
      .where(eq(tables.storeSettings.key, 'vat'));
    try {
      const order = await stored(await placeCod());
      expect(order.order.vatRateBp).toBe(0);
      expect(order.order.vatFils).toBe(0);
      expect(order.order.shippingVatFils).toBe(0);
      expect(order.items.every((i) => i.vatFils === 0)).toBe(true);
      expectAddsUp(order);
    } finally {
      await stack.db
        .update(tables.storeSettings)
        .set({ value: doc })
        .where(eq(tables.storeSettings.key, 'vat'));
    }
  });
});
