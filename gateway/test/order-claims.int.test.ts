import { randomUUID } from 'node:crypto';
import { eq, sql, tables } from '@qahwa/db';
import { formatAed, type Product } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/**
 * What a cash-on-delivery order trusts of the browser (docs/checkout.md): the total the shopper
 * was shown must be the server's, a line's variation must be its product's, and the answer tells
 * nothing about the customer record, which no order overwrites.
 */
let gw: Gateway;
let colombian: Product;
let brazil: Product;

beforeAll(async () => {
  gw = await startGateway();
  colombian = (await gw.app.inject({ method: 'GET', url: '/api/products/colombian-supremo' })).json();
  brazil = (await gw.app.inject({ method: 'GET', url: '/api/products/brazil-santos' })).json();
});
afterAll(async () => gw?.close());

const v250 = () => colombian.variations.find((v) => v.size.displayName === '250g')!;

let shopperNo = 0;
function shopper(over: { email?: string; fullName?: string; phone?: string } = {}) {
  shopperNo += 1;
  return {
    fullName: over.fullName ?? 'Fatima Al Ali',
    email: over.email ?? `claims-${randomUUID()}@example.ae`,
    phone: over.phone ?? `+97150${String(1_000_000 + ((Date.now() + shopperNo) % 9_000_000)).slice(-7)}`,
  };
}

/** Two bags of Colombian 250g to Deira: 2 × (52.00 − 10%) + shipping 25.00 = 118.60 at the seed's prices. */
function order(
  over: {
    totalAmount?: number;
    customer?: ReturnType<typeof shopper>;
    productId?: string;
    coupon?: string;
    locale?: 'en' | 'ar';
  } = {},
) {
  const v = v250();
  return {
    customerInfo: over.customer ?? shopper(),
    shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12, Flat 4' },
    items: [
      {
        id: `${colombian.id}-${v.id}`,
        productId: over.productId ?? colombian.id,
        variationId: v.id,
        name: colombian.name,
        price: 46.8,
        quantity: 2,
        variation: { weight: '250g', beans: 'Arabica', additions: null },
      },
    ],
    totalAmount: over.totalAmount ?? 118.6,
    subtotal: 93.6,
    tax: 0,
    shippingCost: 25,
    discount: 0,
    appliedCoupon: over.coupon ? { code: over.coupon, discountAmount: 0 } : null,
    paymentProvider: 'COD' as const,
    ...(over.locale ? { locale: over.locale } : {}),
  };
}

const post = (payload: object, key?: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: key ? { 'idempotency-key': key } : {},
    payload,
  });

async function stockOf(variationId: string) {
  const [row] = await gw.db
    .select({ n: tables.productVariations.stockQuantity })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.id, variationId));
  return row!.n;
}

async function ordersOf(email: string) {
  return gw.db.select().from(tables.orders).where(eq(tables.orders.customerEmail, email));
}

async function setPriceFils(variationId: string, priceFils: number) {
  await gw.db
    .update(tables.productVariations)
    .set({ priceFils })
    .where(eq(tables.productVariations.id, variationId));
}

describe("cash on delivery: the shopper's claimed total", () => {
  it('places nothing when a price changed since the cart was filled, says the new total in the shopper’s language, and places it at that total on confirmation with the same key', async () => {
    const v = v250();
    const stock = await stockOf(v.id);
    // Staff raise the price after the shopper filled the cart: 2 × (60.00 − 10%) + 25.00 = 133.00.
    await setPriceFils(v.id, 6000);
    try {
      const customer = shopper();
      const key = `k-${randomUUID()}`;
      const refused = await post(order({ customer, locale: 'ar' }), key);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ success: false, code: 'PRICE_CHANGED' });
      expect(refused.json().error).toContain(formatAed(13300, 'ar'));
      expect(refused.headers['x-order-total']).toBe('133.00');
      expect(await ordersOf(customer.email)).toHaveLength(0);
      expect(await stockOf(v.id)).toBe(stock);

      const en = await post(order({ locale: 'en' }));
      expect(en.statusCode).toBe(409);
      expect(en.json().error).toContain('AED 133.00');

      // One more click: the same attempt (same key) now claiming the new total is placed, not
      // refused as a reused key (amounts are not part of what the key is bound to).
      const placed = await post(order({ customer, locale: 'ar', totalAmount: 133 }), key);
      expect(placed.statusCode).toBe(200);
      expect(placed.json()).toMatchObject({ success: true, totalAmount: 133 });
      const [row] = await ordersOf(customer.email);
      expect(row).toMatchObject({ id: placed.json().orderId, totalFils: 13300 });
      expect(await stockOf(v.id)).toBe(stock - 2);
    } finally {
      await setPriceFils(v.id, 5200);
    }
  });

  it('refuses a claim the server would charge less for too (a better automatic promotion), to the fils', async () => {
    const [promo] = await gw.db
      .insert(tables.promotions)
      .values({
        name: 'Morning offer',
        type: 'PERCENTAGE',
        value: 10,
        startDate: new Date('2020-01-01T00:00:00+04:00'),
        endDate: new Date('2099-12-31T23:59:59+04:00'),
        isActive: true,
      })
      .returning();
    try {
      // 93.60 − 10% (9.36) + 25.00 = 109.24.
      const customer = shopper();
      const refused = await post(order({ customer }));
      expect(refused.statusCode).toBe(409);
      expect(refused.headers['x-order-total']).toBe('109.24');
      expect(await ordersOf(customer.email)).toHaveLength(0);
      const offByOne = await post(order({ customer, totalAmount: 109.25 }));
      expect(offByOne.statusCode).toBe(409);
      const placed = await post(order({ customer, totalAmount: 109.24 }));
      expect(placed.json()).toMatchObject({ success: true, totalAmount: 109.24 });
    } finally {
      await gw.db
        .update(tables.promotions)
        .set({ isActive: false })
        .where(eq(tables.promotions.id, promo!.id));
    }
  });

  it('takes no use of a limited coupon for a refused total', async () => {
    const code = `ONCE-${randomUUID().slice(0, 6)}`.toUpperCase();
    const [promo] = await gw.db
      .insert(tables.promotions)
      .values({
        name: 'Once',
        code,
        type: 'FIXED_AMOUNT',
        value: 5,
        maxUses: 1,
        startDate: new Date('2020-01-01T00:00:00+04:00'),
        endDate: new Date('2099-12-31T23:59:59+04:00'),
        isActive: true,
      })
      .returning();
    const uses = async () => {
      const [p] = await gw.db.select().from(tables.promotions).where(eq(tables.promotions.id, promo!.id));
      const held = await gw.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tables.promotionRedemptions)
        .where(
          sql`${tables.promotionRedemptions.promotionId} = ${promo!.id} and ${tables.promotionRedemptions.status} <> 'released'`,
        );
      return { uses: p!.uses, held: held[0]!.n };
    };
    // 93.60 − 5.00 + 25.00 = 113.60; the browser still claims the total without the coupon.
    const refused = await post(order({ coupon: code }));
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-order-total']).toBe('113.60');
    expect(await uses()).toEqual({ uses: 0, held: 0 });
    const placed = await post(order({ coupon: code, totalAmount: 113.6 }));
    expect(placed.statusCode).toBe(200);
    expect(await uses()).toEqual({ uses: 1, held: 1 });
  });
});

describe("a line naming another product's variation", () => {
  it('is refused with 400 in the shopper’s language, naming the line, and nothing is ordered', async () => {
    const customer = shopper();
    const en = await post(order({ customer, productId: brazil.id }));
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error:
        'One of the items in your cart has an option that does not belong to its product. Please remove it and add it again.',
      issues: [{ path: '/items/0/variationId' }],
    });
    const ar = await post(order({ customer, productId: brazil.id, locale: 'ar' }));
    expect(ar.statusCode).toBe(400);
    expect(ar.json().error).toBe('أحد المنتجات في سلتك يحمل خيارًا لا يخصه. يرجى إزالته وإضافته من جديد.');
    expect(await ordersOf(customer.email)).toHaveLength(0);
  });
});

describe('the order answer (enumeration)', () => {
  it('is the same for a new and a known e-mail, with nothing of the customer record, and a replayed key reveals no more', async () => {
    const customer = shopper();
    const first = await post(order({ customer }), `k-${randomUUID()}`);
    const key = `k-${randomUUID()}`;
    const second = await post(order({ customer }), key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    for (const answer of [first.json(), second.json()]) {
      // The order's own tracking link is the only addition: a signed order id and expiry.
      expect(Object.keys(answer).sort()).toEqual(['orderId', 'success', 'totalAmount', 'trackingToken']);
      const claims = Buffer.from(String(answer.trackingToken).split('.')[0] ?? '', 'base64url').toString(
        'utf8',
      );
      expect(claims).not.toContain(customer.email);
      expect(claims).not.toContain(customer.fullName);
    }
    const replay = await post(order({ customer }), key);
    expect(replay.json()).toEqual(second.json());
  });
});

describe('the customer record and the order’s own snapshot', () => {
  it('a later order with the same e-mail and another name and phone changes neither on the record; staff see both', async () => {
    const email = `record-${randomUUID()}@example.ae`;
    const owner = shopper({ email, fullName: 'Mariam Saeed', phone: '+971 50 123 4567' });
    const stranger = shopper({
      email: email.toUpperCase(),
      fullName: 'Someone Else',
      phone: '+971 55 765 4321',
    });
    const a = await post(order({ customer: owner }));
    const b = await post(order({ customer: stranger }));
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);

    const [customer] = await gw.db.select().from(tables.customers).where(eq(tables.customers.email, email));
    expect(customer).toMatchObject({ fullName: 'Mariam Saeed', phone: '+971501234567' });
    const rows = new Map((await ordersOf(email)).map((r) => [r.id, r]));
    expect(rows.get(a.json().orderId)).toMatchObject({
      customerName: 'Mariam Saeed',
      customerPhone: '+971501234567',
    });
    expect(rows.get(b.json().orderId)).toMatchObject({
      customerName: 'Someone Else',
      customerPhone: '+971557654321',
    });

    const { cookie } = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true }] });
    const detail = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${b.json().orderId}`,
      headers: { cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().customer).toMatchObject({
      fullName: 'Someone Else',
      phone: '+971557654321',
      record: { fullName: 'Mariam Saeed', phone: '+971501234567' },
    });
  });
});
