import { randomUUID } from 'node:crypto';
import { and, createStockRepository, eq, sql, tables } from '@qahwa/db';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_QUANTITY,
  MAX_ORDERS_PER_CONTACT,
  type OrderItemClaim,
  type Product,
} from '@qahwa/schema';
import { codOrder, orderLineOf } from '@qahwa/schema/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { claimingServerTotal } from './support/claimed-total';

/*
 * The checkout's edge (docs/checkout.md): malformed ids stop at the edge, an Idempotency-Key is
 * bound to its order, stock cannot be hoarded with fake cash-on-delivery orders, and the order
 * keeps the details given at its checkout. Real gateway, PostgreSQL, Temporal and checkout worker.
 */

let gw: Gateway;
let colombian: Product;
let dallah: Product;

beforeAll(async () => {
  gw = await startGateway();
  colombian = (await gw.app.inject({ method: 'GET', url: '/api/products/colombian-supremo' })).json();
  dallah = (await gw.app.inject({ method: 'GET', url: '/api/products/brass-dallah' })).json();
});
afterAll(async () => gw?.close());

let n = 0;
/** A new shopper each time: name, e-mail and phone of their own. */
function shopper() {
  n += 1;
  const tail = String((Date.now() + n) % 10_000).padStart(4, '0');
  return {
    fullName: 'Layla Haddad',
    email: `layla-${randomUUID()}@example.ae`,
    phone: `+971 52 ${String(100 + n)} ${tail}`,
  };
}

const line = (product: Product, quantity: number) => orderLineOf(product, product.variations[0]!, quantity);

function order(
  over: { customerInfo?: ReturnType<typeof shopper>; items?: OrderItemClaim[]; address?: string } = {},
) {
  return codOrder({
    customerInfo: over.customerInfo ?? shopper(),
    shippingInfo: {
      emirate: 'dubai',
      city: 'jumeirah',
      address: over.address ?? 'Jumeirah Beach Road, Villa 14',
    },
    items: over.items ?? [line(colombian, 1)],
    // No totalAmount: `post` claims the server's, as the checkout's summary shows it.
    subtotal: 1,
  });
}

let client = 0;
/**
 * Each request from its own address (unless told), so the per-address rate limit stays out of the
 * way; claiming the server's total, as the checkout does.
 */
const post = async (payload: unknown, headers: Record<string, string> = {}) => {
  client += 1;
  return gw.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: await claimingServerTotal(gw.db, payload as object),
    headers: {
      'x-forwarded-for': `198.51.100.${client % 250}, 203.0.113.${Math.floor(client / 250)}`,
      ...headers,
    },
  });
};

async function orderCount() {
  const [row] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(tables.orders);
  return row!.n;
}
async function stockOf(variationId: string) {
  const [row] = await gw.db
    .select({ n: tables.productVariations.stockQuantity })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.id, variationId));
  return row!.n;
}

describe('malformed ids', () => {
  it('refuses a variation id that is not a uuid at once, in the shopper language, before any workflow', async () => {
    const before = await orderCount();
    const bad = { ...line(colombian, 1), variationId: 'x' };
    const t0 = performance.now();
    const en = await post(order({ items: [bad] }));
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(en.json().issues).toContainEqual({
      path: '/items/0/variationId',
      message: 'This item is not one of ours. Please refresh your cart.',
    });
    const ar = await post(order({ items: [{ ...bad, productId: "1' or '1'='1" }] }), {
      'accept-language': 'ar',
    });
    expect(ar.statusCode).toBe(400);
    expect(ar.json().error).toBe('بعض البيانات ناقصة أو غير صحيحة.');
    expect(ar.json().issues).toContainEqual({
      path: '/items/0/productId',
      message: 'هذا العنصر غير موجود لدينا. يرجى تحديث السلة.',
    });
    expect(await orderCount()).toBe(before);
  });
});

describe('Idempotency-Key bound to its order', () => {
  it('refuses the same key with another order with 422, in English and Arabic, and makes no second order', async () => {
    const key = `k-${randomUUID()}`;
    const first = await post(order(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const before = await orderCount();
    const other = order({ items: [line(colombian, 2)] });
    const en = await post(other, { 'idempotency-key': key });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      success: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
      error:
        'This order request was already sent with different details. Please review your order and place it again.',
      requestId: en.headers['x-request-id'],
    });
    const ar = await post(other, { 'idempotency-key': key, 'accept-language': 'ar' });
    expect(ar.statusCode).toBe(422);
    expect(ar.json().error).toBe(
      'سبق إرسال طلب الشراء هذا بتفاصيل مختلفة. يرجى مراجعة طلبك وإرساله من جديد.',
    );
    expect(await orderCount()).toBe(before);
  });

  it('answers the first order again when only the claimed amounts or the language changed', async () => {
    const key = `k-${randomUUID()}`;
    const payload = order();
    const first = await post(payload, { 'idempotency-key': key });
    const again = await post(
      { ...payload, totalAmount: 999, shippingCost: 25, locale: 'ar' },
      { 'idempotency-key': key },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().orderId).toBe(first.json().orderId);
  });

  it('frees a key after 24 hours: the same key then places a new order', async () => {
    const key = `k-${randomUUID()}`;
    const first = await post(order(), { 'idempotency-key': key });
    // A day passes (the table's clock, not ours).
    await gw.db.execute(sql`update idempotency_keys set expires_at = now() - interval '1 second',
      created_at = now() - interval '24 hours'`);
    const later = await post(order({ items: [line(colombian, 2)] }), { 'idempotency-key': key });
    expect(later.statusCode).toBe(200);
    expect(later.json().orderId).not.toBe(first.json().orderId);
  });
});

describe('stock exhaustion by fake orders', () => {
  it(`caps a line at ${MAX_LINE_QUANTITY} and an order at ${MAX_ORDER_QUANTITY} items, in both languages`, async () => {
    const before = await orderCount();
    const line11 = await post(order({ items: [line(colombian, MAX_LINE_QUANTITY + 1)] }));
    expect(line11.statusCode).toBe(400);
    expect(line11.json().issues).toContainEqual({
      path: '/items/0/quantity',
      message: `You can order at most ${MAX_LINE_QUANTITY} of one item`,
    });
    const four = colombian.variations.slice(0, 3).map((v, i) => ({
      ...line(colombian, MAX_LINE_QUANTITY),
      id: `line-${i}`,
      variationId: v.id,
    }));
    const big = await post(order({ items: [...four, line(dallah, 1)] }), { 'accept-language': 'ar' });
    expect(big.statusCode).toBe(400);
    expect(big.json().issues).toContainEqual({
      path: '/items',
      message: `يمكن أن يضم الطلب ${MAX_ORDER_QUANTITY} قطعة كحد أقصى`,
    });
    expect(await orderCount()).toBe(before);
  });

  it(`takes at most ${MAX_ORDERS_PER_CONTACT} orders an hour from one phone, even sent all at once`, async () => {
    const who = shopper();
    const burst = await Promise.all(
      Array.from({ length: MAX_ORDERS_PER_CONTACT + 3 }, (_, i) =>
        // Other e-mails, the same phone written differently: still one phone.
        post(
          order({
            customerInfo: {
              ...who,
              email: `burst-${i}-${randomUUID()}@example.ae`,
              phone: i % 2 ? who.phone.replaceAll(' ', '') : who.phone,
            },
          }),
          { 'x-forwarded-for': `192.0.2.${i + 1}` },
        ),
      ),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_ORDERS_PER_CONTACT);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe('TOO_MANY_ORDERS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const ar = await post(order({ customerInfo: { ...who, email: `ar-${randomUUID()}@example.ae` } }), {
      'accept-language': 'ar',
    });
    expect(ar.statusCode).toBe(429);
    expect(ar.json().error).toBe(
      'تم تقديم طلبات كثيرة بهذا الرقم أو البريد الإلكتروني خلال الساعة الماضية. يرجى المحاولة لاحقًا أو التواصل معنا.',
    );
  });

  it(`takes at most ${MAX_ORDERS_PER_CONTACT} orders an hour from one e-mail`, async () => {
    const who = shopper();
    for (let i = 0; i < MAX_ORDERS_PER_CONTACT; i++) {
      const res = await post(order({ customerInfo: { ...who, phone: shopper().phone } }));
      expect(res.statusCode).toBe(200);
    }
    const res = await post(
      order({ customerInfo: { ...who, email: who.email.toUpperCase(), phone: shopper().phone } }),
    );
    expect(res.statusCode).toBe(429);
  });

  it('never sells more than is left when the last units are ordered all at once', async () => {
    const v = dallah.variations[0]!;
    const stock = await stockOf(v.id);
    await gw.db
      .update(tables.productVariations)
      .set({ stockQuantity: 3 })
      .where(eq(tables.productVariations.id, v.id));
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post(order({ items: [line(dallah, 1)] }))),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
      expect(await stockOf(v.id)).toBe(0);
    } finally {
      await gw.db
        .update(tables.productVariations)
        .set({ stockQuantity: stock })
        .where(eq(tables.productVariations.id, v.id));
    }
  });

  it('gives a cancelled order its stock back, once, and tells the catalogue both times stock moved', async () => {
    const v = dallah.variations[0]!;
    const before = await stockOf(v.id);
    const stockEvents = async () =>
      (
        await gw.db
          .select()
          .from(tables.outbox)
          .where(
            and(
              eq(tables.outbox.type, 'CatalogueChanged'),
              sql`${tables.outbox.payload}->'data'->'productIds' ? ${dallah.id}`,
            ),
          )
      ).map((c) => (c.payload as { data: { reason: string } }).data.reason);
    const eventsBefore = (await stockEvents()).length;
    const res = await post(order({ items: [line(dallah, 2)] }));
    const { orderId } = res.json();
    expect(await stockOf(v.id)).toBe(before - 2);
    const stock = createStockRepository(gw.db);
    expect(await gw.db.transaction((tx) => stock.cancelOrder(orderId, undefined, tx))).toBe(true);
    expect(await gw.db.transaction((tx) => stock.cancelOrder(orderId, undefined, tx))).toBe(false);
    expect(await stockOf(v.id)).toBe(before);
    const [row] = await gw.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
    expect(row!.status).toBe('cancelled');
    // One for the order's take, one for the cancellation's release; none for the second cancel.
    expect((await stockEvents()).slice(eventsBefore)).toEqual(['stock', 'stock']);
  });
});

describe("the order keeps the checkout's details", () => {
  it('a returning e-mail with a new phone and address: each order keeps its own, the customer record its first', async () => {
    const first = shopper();
    const a = await post(order({ customerInfo: first, address: 'Old Town, Building 1, Flat 1' }));
    const moved = { ...first, fullName: 'Layla H. Haddad', phone: shopper().phone };
    const b = await post(order({ customerInfo: moved, address: 'Business Bay, Tower 9, Flat 903' }));

    const rows = await gw.db
      .select()
      .from(tables.orders)
      .where(sql`${tables.orders.id} in (${a.json().orderId}, ${b.json().orderId})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const digits = (p: string) => p.replace(/[\s\-()]/g, '');
    expect(byId.get(a.json().orderId)).toMatchObject({
      customerPhone: digits(first.phone),
      address: 'Old Town, Building 1, Flat 1',
    });
    expect(byId.get(b.json().orderId)).toMatchObject({
      customerPhone: digits(moved.phone),
      customerName: 'Layla H. Haddad',
      address: 'Business Bay, Tower 9, Flat 903',
    });
    // One customer, whose record no anonymous order overwrites (docs/orders.md).
    expect(byId.get(b.json().orderId)!.customerId).toBe(byId.get(a.json().orderId)!.customerId);
    const [customer] = await gw.db
      .select()
      .from(tables.customers)
      .where(eq(tables.customers.id, byId.get(a.json().orderId)!.customerId));
    expect(customer).toMatchObject({ phone: digits(first.phone), fullName: 'Layla Haddad' });

    // The back office shows each order with the phone its courier must call.
    const login = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@qahwa.local', password: 'qahwa-admin-dev' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/orders?limit=200',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    const shown = new Map(
      (list.json().orders as { id: string; customer: { phone: string; fullName: string } }[]).map((o) => [
        o.id,
        o,
      ]),
    );
    expect(shown.get(a.json().orderId)?.customer).toMatchObject({
      phone: digits(first.phone),
      fullName: 'Layla Haddad',
    });
    expect(shown.get(b.json().orderId)?.customer).toMatchObject({
      phone: digits(moved.phone),
      fullName: 'Layla H. Haddad',
    });
  });
});

describe('where the time goes', () => {
  it('answers a cash-on-delivery POST /api/orders with a Server-Timing breakdown, made without a workflow', async () => {
    const res = await post(order(), { 'idempotency-key': `k-${randomUUID()}` });
    expect(res.statusCode).toBe(200);
    const metrics = new Map(
      String(res.headers['server-timing'])
        .split(',')
        .map((p) => {
          const [name, ...rest] = p.trim().split(';');
          return [name, Number(rest.find((r) => r.startsWith('dur='))?.slice(4))] as const;
        }),
    );
    expect([...metrics.keys()]).toEqual(['idem', 'order', 'db', 'total']);
    // The transaction is part of the order, the order part of the total.
    expect(metrics.get('db')).toBeLessThanOrEqual(metrics.get('order')!);
    expect(metrics.get('order')).toBeLessThanOrEqual(metrics.get('total')!);
  });
});
