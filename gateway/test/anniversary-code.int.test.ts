import { randomUUID } from 'node:crypto';
import { eq, tables } from '@qahwa/db';
import { ANNIVERSARY_CODE, type Product } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

/**
 * The demo store's ANNIVERSARY_2025 (40 % off everything, no limit) is the anniversary sale, which
 * SPEC 9 has off: a shopper who types it at checkout is refused until staff switch it on.
 */
let gw: Gateway;
let dallah: Product;

beforeAll(async () => {
  gw = await startGateway();
  dallah = (await gw.app.inject({ method: 'GET', url: '/api/products/brass-dallah' })).json();
});
afterAll(async () => gw?.close());

function order(code: string, claimedTotal: number) {
  const v = dallah.variations[0]!;
  return {
    customerInfo: {
      fullName: 'Noura Al Mansouri',
      email: `noura-${randomUUID()}@example.ae`,
      phone: `+971 50 ${String(Date.now() % 1_000_000).padStart(6, '0')}`,
    },
    shippingInfo: { emirate: 'dubai', city: 'dubai-marina', address: 'Marina Walk, Tower 5, Flat 1203' },
    items: [
      {
        id: `${dallah.id}-${v.id}`,
        productId: dallah.id,
        variationId: v.id,
        name: dallah.name,
        price: v.price,
        quantity: 1,
        variation: { weight: v.size.displayName, beans: null, additions: null },
      },
    ],
    totalAmount: claimedTotal,
    subtotal: 165,
    tax: 0,
    shippingCost: 25,
    discount: 0,
    appliedCoupon: { code, discountAmount: 66 },
    paymentProvider: 'COD' as const,
  };
}

/** Sent again with the same key while the checkout is still on its way (202/503), as the browser does. */
async function place(payload: ReturnType<typeof order>) {
  const key = `k-${randomUUID()}`;
  for (let attempt = 0; ; attempt++) {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': key },
      payload,
      remoteAddress: '10.0.6.1',
    });
    if ((res.statusCode !== 202 && res.statusCode !== 503) || attempt >= 40) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('ANNIVERSARY_2025 while the sale is off', () => {
  it('is refused at checkout, and nothing is ordered', async () => {
    expect(dallah.variations[0]!.price).toBe(165);
    const refused = await place(order(ANNIVERSARY_CODE, 190));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'COUPON_REFUSED' });
    expect(await gw.db.select().from(tables.orders)).toEqual([]);
  });

  it('takes its 40 % once staff switch it on', async () => {
    await gw.db
      .update(tables.promotions)
      .set({ isActive: true })
      .where(eq(tables.promotions.code, ANNIVERSARY_CODE));
    const res = await place(order(ANNIVERSARY_CODE.toLowerCase(), 124));
    expect(res.statusCode).toBe(200);
    expect(res.json().totalAmount).toBe(165 - 66 + 25);
  });
});
