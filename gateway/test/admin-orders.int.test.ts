import { randomUUID } from 'node:crypto';
import { createOrdersRepository, eq, tables } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * The back office's orders (docs/orders.md): the status command, its refusals, stock back on
 * cancel, permissions, search, CSV export and the order page's data, against the real gateway and
 * PostgreSQL.
 */
let gw: Gateway;
let variation: { id: string; productId: string; stock: number };
let editor: { cookie: string; email: string };
let viewer: { cookie: string };
let outsider: { cookie: string };

beforeAll(async () => {
  gw = await startGateway();
  const [v] = await gw.db
    .select({
      id: tables.productVariations.id,
      productId: tables.productVariations.productId,
      stock: tables.productVariations.stockQuantity,
    })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .where(eq(tables.products.slug, 'colombian-supremo'))
    .limit(1);
  variation = v!;
  editor = await staffCookie(gw, {
    name: 'Editor',
    permissions: [{ module: 'orders', canView: true, canEdit: true }],
  });
  viewer = await staffCookie(gw, {
    name: 'Viewer',
    permissions: [{ module: 'orders', canView: true, canEdit: false }],
  });
  outsider = await staffCookie(gw, {
    name: 'Outsider',
    permissions: [{ module: 'reviews', canView: true, canEdit: true }],
  });
});
afterAll(async () => gw?.close());

async function placeOrder(
  o: { name?: string; email?: string; phone?: string; provider?: 'COD' | 'STRIPE'; quantity?: number } = {},
) {
  const email = o.email ?? `shopper-${randomUUID()}@example.ae`;
  const [customer] = await gw.db
    .insert(tables.customers)
    .values({ email, fullName: o.name ?? 'Fatima Al Ali', phone: o.phone ?? '+971 50 123 4567' })
    .returning({ id: tables.customers.id });
  const quantity = o.quantity ?? 2;
  return gw.db.transaction(async (tx) => {
    const id = await createOrdersRepository(gw.db).insert(
      {
        checkoutId: `cod-${randomUUID()}`,
        customerId: customer!.id,
        customer: { fullName: o.name ?? 'Fatima Al Ali', email, phone: o.phone ?? '+971 50 123 4567' },
        paymentProvider: o.provider ?? 'COD',
        paymentIntentId: o.provider === 'STRIPE' ? `pi_${randomUUID().replace(/-/g, '')}` : null,
        subtotalFils: 93_60,
        shippingFils: 25_00,
        discountFils: 0,
        taxFils: 0,
        totalFils: 118_60,
        emirate: 'dubai',
        city: 'deira',
        address: 'Al Rigga Street, Building 12, Flat 4',
        locale: 'en',
        status: 'new',
        items: [
          {
            productId: variation.productId,
            variationId: variation.id,
            name: 'Colombian Supremo',
            nameAr: 'كولومبي سوبريمو',
            variation: { weight: '250g', beans: 'Arabica', additions: null },
            unitFils: 46_80,
            quantity,
          },
        ],
      },
      tx,
    );
    return id;
  });
}

const move = (
  id: string,
  body: object,
  who: { cookie: string } = editor,
  headers: Record<string, string> = {},
) =>
  gw.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: { cookie: who.cookie, ...headers },
    payload: body,
  });

async function stockNow() {
  const [row] = await gw.db
    .select({ n: tables.productVariations.stockQuantity })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.id, variation.id));
  return row!.n;
}

describe('moving an order', () => {
  it('walks new → processing → shipped → delivered, and refuses delivered → new with a clear message in both languages', async () => {
    const id = await placeOrder();
    let version = 1;
    for (const to of ['processing', 'shipped', 'delivered']) {
      const res = await move(id, { to, version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ orderId: id, status: to, version: version + 1 });
      version += 1;
    }
    const refused = await move(id, { to: 'new', version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'ILLEGAL_TRANSITION',
      error: `Order ${id} cannot move from Delivered to New.`,
    });
    const arabic = await move(id, { to: 'new', version }, editor, { 'x-locale': 'ar' });
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().error).toBe(`لا يمكن نقل الطلب ${id} من «تم التسليم» إلى «جديد».`);

    const [order] = await gw.db.select().from(tables.orders).where(eq(tables.orders.id, id));
    expect(order).toMatchObject({ status: 'delivered', version: 4 });
    const history = await gw.db
      .select()
      .from(tables.orderStatusHistory)
      .where(eq(tables.orderStatusHistory.orderId, id));
    expect(history.map((h) => `${h.fromStatus}→${h.toStatus}`).sort()).toEqual(
      ['new→processing', 'processing→shipped', 'shipped→delivered'].sort(),
    );
    expect(history.every((h) => h.byEmail === editor.email)).toBe(true);
    const events = await gw.db
      .select()
      .from(tables.outbox)
      .where(eq(tables.outbox.type, 'OrderStatusChanged'));
    const ours = events.filter((e) => (e.payload as { data: { orderId: string } }).data.orderId === id);
    expect(ours.map((e) => (e.payload as { data: { to: string } }).data.to).sort()).toEqual([
      'delivered',
      'processing',
      'shipped',
    ]);
  });

  it('lets one of two staff moving the same order at once win, and tells the other', async () => {
    const id = await placeOrder();
    const other = await staffCookie(gw, {
      permissions: [{ module: 'orders', canView: true, canEdit: true }],
    });
    const [a, b] = await Promise.all([
      move(id, { to: 'processing', version: 1 }),
      move(id, { to: 'cancelled', version: 1 }, other),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('ORDER_CHANGED');
    expect(loser.json().error).toMatch(new RegExp(`Someone else just updated order ${id}`));
    const history = await gw.db
      .select()
      .from(tables.orderStatusHistory)
      .where(eq(tables.orderStatusHistory.orderId, id));
    expect(history).toHaveLength(1);
  });

  it('gives the stock back once when an order is cancelled', async () => {
    const before = await stockNow();
    const id = await placeOrder({ quantity: 3 });
    // The order's own transaction took the stock at checkout; here it is taken by hand, as it would have been.
    await gw.db
      .update(tables.productVariations)
      .set({ stockQuantity: before - 3 })
      .where(eq(tables.productVariations.id, variation.id));
    const res = await move(id, { to: 'cancelled', version: 1, note: 'Customer called' });
    expect(res.statusCode).toBe(200);
    expect(await stockNow()).toBe(before);
    // Again, as a double click or a retried request would: refused, stock unchanged.
    expect((await move(id, { to: 'cancelled', version: 2 })).statusCode).toBe(409);
    expect((await move(id, { to: 'cancelled', version: 1 })).statusCode).toBe(409);
    expect(await stockNow()).toBe(before);
  });

  it('records the refund a cancelled card order owes, once, under its idempotency key', async () => {
    const id = await placeOrder({ provider: 'STRIPE' });
    expect((await move(id, { to: 'cancelled', version: 1 })).statusCode).toBe(200);
    const rows = await gw.db.select().from(tables.refunds).where(eq(tables.refunds.orderId, id));
    expect(rows).toEqual([
      expect.objectContaining({
        reference: expect.stringMatching(new RegExp(`^refund-${id}-cod-`)),
        provider: 'STRIPE',
        amountFils: 118_60,
        status: 'requested',
      }),
    ]);
  });
});

describe('who may see and move orders', () => {
  it('answers 401 without a session, 403 without the orders permission, and lets view read but not move', async () => {
    const id = await placeOrder();
    const anonymous = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/status`,
      payload: { to: 'processing', version: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await gw.app.inject({ method: 'GET', url: `/api/admin/orders/${id}` })).statusCode).toBe(401);
    expect(
      (
        await gw.app.inject({
          method: 'GET',
          url: `/api/admin/orders/${id}`,
          headers: { cookie: outsider.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect((await move(id, { to: 'processing', version: 1 }, outsider)).statusCode).toBe(403);

    const read = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect((await move(id, { to: 'processing', version: 1 }, viewer)).statusCode).toBe(403);
    const [order] = await gw.db.select().from(tables.orders).where(eq(tables.orders.id, id));
    expect(order!.status).toBe('new');
  });
});

describe('the order page, search and export', () => {
  it('shows items with their variation and image, the snapshot, payment, and a timeline of the moves', async () => {
    const id = await placeOrder({ name: 'Hessa Al Mansoori' });
    await move(id, { to: 'processing', version: 1, note: 'Packed' });
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id,
      status: 'processing',
      version: 2,
      allowedTransitions: ['shipped', 'cancelled'],
      customer: { fullName: 'Hessa Al Mansoori', phone: '+971 50 123 4567', city: 'deira' },
      totals: { subtotal: 93.6, shipping: 25, total: 118.6 },
      payment: { provider: 'COD', status: 'cash_on_delivery' },
    });
    expect(d.items[0]).toMatchObject({
      name: 'Colombian Supremo',
      quantity: 2,
      variation: { weight: '250g', beans: 'Arabica' },
    });
    expect(d.items[0].imageUrl).toBeTruthy();
    expect(d.timeline).toContainEqual(
      expect.objectContaining({
        kind: 'status',
        label: 'processing',
        from: 'new',
        note: 'Packed',
        by: editor.email,
      }),
    );
    expect(d.timeline).toContainEqual(
      expect.objectContaining({ kind: 'event', label: 'OrderStatusChanged' }),
    );
    expect(d.workflows[0].workflowId).toMatch(/^checkout-cod-/);
    const missing = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/orders/QH-999999999',
      headers: { cookie: viewer.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('finds orders by number, e-mail or phone and filters by status, provider and date', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await placeOrder({ email: `mariam.${tag}@example.ae`, phone: '+971 55 777 1234' });
    const b = await placeOrder({ email: `omar.${tag}@example.ae`, provider: 'STRIPE' });
    await move(b, { to: 'processing', version: 1 });
    const search = async (query: string) => {
      const res = await gw.app.inject({
        method: 'GET',
        url: `/api/admin/orders/search?${query}`,
        headers: { cookie: viewer.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { orders: { id: string }[]; total: number };
    };
    expect((await search(`q=${a}`)).orders.map((o) => o.id)).toEqual([a]);
    expect((await search(`q=${a.slice(3)}`)).orders.map((o) => o.id)).toEqual([a]);
    expect((await search(`q=mariam.${tag}`)).orders.map((o) => o.id)).toEqual([a]);
    expect(
      (await search(`q=${encodeURIComponent('055 777 1234'.slice(1))}`)).orders.map((o) => o.id),
    ).toContain(a);
    // The customers screen's phone rule (schema phone-search): the local 0… form, +971 and 00971
    // find each other whichever way the shopper typed the number at checkout.
    const c = await placeOrder({ email: `local.${tag}@example.ae`, phone: '052-888-4321' });
    const found = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).orders.map((o) => o.id);
    expect(await found('055 777 1234')).toContain(a);
    expect(await found('00971557771234')).toContain(a);
    expect(await found('+971 52 888 4321')).toEqual([c]);
    expect(await found('0528884321')).toEqual([c]);
    expect(await found('055 777 1234')).not.toContain(c);
    expect((await search(`q=${tag}`)).total).toBe(3);
    expect((await search(`q=${tag}&status=processing`)).orders.map((o) => o.id)).toEqual([b]);
    expect((await search(`q=${tag}&provider=COD`)).orders.map((o) => o.id).sort()).toEqual([a, c].sort());
    expect((await search(`q=${tag}&from=2001-01-01&to=2001-01-02`)).total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    expect((await search(`q=${tag}&from=${today}&to=${today}`)).total).toBe(3);
    // A percent sign is a character to find, not a wildcard.
    expect((await search('q=%25%25%25')).total).toBe(0);
  });

  it('exports what is filtered as CSV, with formulas made harmless', async () => {
    const tag = randomUUID().slice(0, 8);
    const id = await placeOrder({
      name: '=HYPERLINK("http://evil.example","x")',
      email: `csv.${tag}@example.ae`,
    });
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export?q=csv.${tag}`,
      headers: { cookie: viewer.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^order,placed_at,status,payment_provider/);
    expect(lines[1]).toContain(id);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain('118.60');
    const denied = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/orders/export',
      headers: { cookie: outsider.cookie },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('hostile input (what the fuzzer sends)', () => {
  it('answers 400, never 500, to days that do not exist, NUL, lone surrogates and huge versions', async () => {
    const get = (query: string) =>
      gw.app.inject({
        method: 'GET',
        url: `/api/admin/orders/search?${query}`,
        headers: { cookie: viewer.cookie },
      });
    expect((await get('from=2026-02-30')).statusCode).toBe(400);
    expect((await get('to=2026-13-01')).statusCode).toBe(400);
    expect((await get('from=0000-01-01&to=9999-12-31')).statusCode).toBe(200);
    expect((await get('q=%00abc')).statusCode).toBe(200);
    expect((await get('q=%ED%A0%80')).statusCode).toBe(200);
    const id = await placeOrder();
    expect((await move(id, { to: 'processing', version: 1e15 })).statusCode).toBe(400);
    const odd = await move(id, { to: 'processing', version: 1, note: `a\u0000b\uD800c` });
    expect(odd.statusCode, odd.body).toBe(200);
    const [h] = await gw.db
      .select()
      .from(tables.orderStatusHistory)
      .where(eq(tables.orderStatusHistory.orderId, id));
    expect(h!.note).toBe('ab\uFFFDc');
  });
});
