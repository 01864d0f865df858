import { randomUUID } from 'node:crypto';
import { eq, tables } from '@qahwa/db';
import { ANNIVERSARY_CODE, DEFAULT_SETTINGS, type Product } from '@qahwa/schema';
import { codOrder, orderLineOf } from '@qahwa/schema/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

/**
 * SPEC 3 / 9: "The code ANNIVERSARY_2025 drives the anniversary sale", and the sale is a setting
 * (off, 2025-09-01 to 2025-12-31). The code is usable only while staff have the sale on and it is
 * in its window, whatever its promotion row says, and then it gives the sale: 40 % once, never 40 %
 * on top of 40 % (docs/promotions.md "The anniversary sale and its code").
 */
let gw: Gateway;
let admin: string;
let dallah: Product;
let saleVersion = 0;

const NOT_USABLE =
  "This code can't be used for this order. Please check the code and the offer's conditions.";

beforeAll(async () => {
  gw = await startGateway();
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@qahwa.local', password: 'qahwa-admin-dev' },
  });
  admin = `qahwa_staff_session=${res.cookies.find((c) => c.name === 'qahwa_staff_session')!.value}`;
  dallah = (await gw.app.inject({ method: 'GET', url: '/api/products/brass-dallah' })).json();
  // Staff switched the code's promotion on in Promotions: that alone must not make it usable.
  await gw.db
    .update(tables.promotions)
    .set({ isActive: true })
    .where(eq(tables.promotions.code, ANNIVERSARY_CODE));
});
afterAll(async () => gw?.close());

/** Settings → Sale, as staff save it (the window covers today: the SPEC's 2025 dates are past). */
async function saveSale(value: typeof DEFAULT_SETTINGS.sale) {
  const res = await gw.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/sale',
    headers: { cookie: admin },
    payload: { version: saleVersion, value },
  });
  expect(res.statusCode, res.body).toBe(200);
  saleVersion += 1;
}
const SALE_ON = { ...DEFAULT_SETTINGS.sale, isActive: true, startDate: '2020-01-01', endDate: '2099-12-31' };

function order(code: string | null, claimedTotal: number) {
  return codOrder({
    customerInfo: {
      fullName: 'Noura Al Mansouri',
      email: `noura-${randomUUID()}@example.ae`,
      phone: `+971 50 ${String(Date.now() % 1_000_000).padStart(6, '0')}`,
    },
    shippingInfo: { emirate: 'dubai', city: 'dubai-marina', address: 'Marina Walk, Tower 5, Flat 1203' },
    items: [orderLineOf(dallah, dallah.variations[0]!)],
    totalAmount: claimedTotal,
    subtotal: 165,
    shippingCost: 25,
    appliedCoupon: code ? { code, discountAmount: 66 } : null,
  });
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

const validate = (code: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/api/promotions/validate',
    payload: {
      code,
      orderAmount: 165,
      productIds: [dallah.id],
      items: [{ productId: dallah.id, variationId: dallah.variations[0]!.id, quantity: 1, price: 165 }],
    },
  });

describe('ANNIVERSARY_2025 while the sale is off', () => {
  it('is refused at checkout though its promotion is switched on, and nothing is ordered', async () => {
    expect(dallah.variations[0]!.price).toBe(165);
    const refused = await place(order(ANNIVERSARY_CODE, 190));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'COUPON_REFUSED', error: NOT_USABLE });
    expect(await gw.db.select().from(tables.orders)).toEqual([]);
    expect((await validate(ANNIVERSARY_CODE)).json()).toMatchObject({
      valid: false,
      errorCode: 'coupon.notUsable',
    });
  });

  it('staff signed in to the back office hear why: the sale is not running', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/promotions/validate',
      headers: { cookie: admin },
      payload: { code: ANNIVERSARY_CODE, orderAmount: 165, productIds: [dallah.id] },
    });
    expect(res.json()).toMatchObject({
      valid: false,
      errorCode: 'coupon.saleNotRunning',
      error: "This is the anniversary sale's code, and the sale is not running",
    });
  });
});

describe('ANNIVERSARY_2025 while the sale runs', () => {
  it('is accepted and gives the sale once: the same total as the sale alone, no second 40 %', async () => {
    await saveSale(SALE_ON);
    try {
      // 165.00 → 99.00 with the sale's 40 %, + 25.00 shipping (99 < 200).
      const withCode = await place(order(ANNIVERSARY_CODE.toLowerCase(), 124));
      expect(withCode.statusCode, withCode.body).toBe(200);
      expect(withCode.json().totalAmount).toBe(99 + 25);
      const without = await place(order(null, 124));
      expect(without.statusCode, without.body).toBe(200);
      expect(without.json().totalAmount).toBe(withCode.json().totalAmount);

      const [row] = await gw.db
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.id, withCode.json().orderId));
      expect(row).toMatchObject({ subtotalFils: 99_00, discountFils: 0, totalFils: 124_00 });
      const lines = await gw.db
        .select()
        .from(tables.orderDiscounts)
        .where(eq(tables.orderDiscounts.orderId, withCode.json().orderId));
      expect(lines.map((l) => [l.kind, l.amountFils])).toEqual([['SALE', 66_00]]);

      // The coupon box hears that it holds, with nothing of its own to take off.
      expect((await validate(ANNIVERSARY_CODE)).json()).toMatchObject({ valid: true, discountAmount: 0 });
    } finally {
      await saveSale(DEFAULT_SETTINGS.sale);
    }
  });

  it('outside the sale’s window it is refused again', async () => {
    await saveSale({ ...SALE_ON, startDate: '2020-01-01', endDate: '2020-12-31' });
    try {
      const refused = await place(order(ANNIVERSARY_CODE, 190));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'COUPON_REFUSED' });
    } finally {
      await saveSale(DEFAULT_SETTINGS.sale);
    }
  });
});
