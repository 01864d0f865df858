import { randomUUID } from 'node:crypto';
import { createCustomersRepository, createOrdersRepository, eq, sql, tables } from '@qahwa/db';
import type { OrderStatus } from '@qahwa/schema';
import type { AdminCustomerDetail, AdminCustomerList } from '@qahwa/schema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * The back office's customers (docs/customers-reviews.md): search by name, e-mail and phone (the record's
 * and older orders' phones), sort by last order or total spent, and the customer page whose
 * figures equal a direct SQL sum over the same orders. Customers are made by the checkout's own
 * findOrCreate; an order is cancelled through the real status command.
 */
let gw: Gateway;
let variation: { id: string; productId: string };
let viewer: { cookie: string };
let editor: { cookie: string };
let outsider: { cookie: string };
const run = randomUUID().slice(0, 6);
const fatima = { email: `fatima-${run}@example.ae`, fullName: 'Fatima Al Ali', phone: '+971 50 123 4567' };
const omar = { email: `omar-${run}@example.ae`, fullName: 'Omar Haddad', phone: '050-765-4321' };
const ids: Record<string, string> = {};

async function order(
  who: { email: string; fullName: string; phone: string },
  totalFils: number,
  daysAgo: number,
  status: OrderStatus = 'new',
) {
  const customer = await createCustomersRepository(gw.db).findOrCreate(who);
  const id = await gw.db.transaction((tx) =>
    createOrdersRepository(gw.db).insert(
      {
        checkoutId: `cod-${randomUUID()}`,
        customerId: customer.id,
        customer: who,
        paymentProvider: 'COD',
        paymentIntentId: null,
        subtotalFils: totalFils - 25_00,
        shippingFils: 25_00,
        discountFils: 0,
        taxFils: 0,
        totalFils,
        emirate: 'dubai',
        city: 'deira',
        address: `Al Rigga Street, Building ${daysAgo}`,
        locale: 'en',
        status,
        items: [
          {
            productId: variation.productId,
            variationId: variation.id,
            name: 'Colombian Supremo',
            nameAr: 'كولومبي سوبريمو',
            variation: { weight: '250g', beans: 'Arabica', additions: null },
            unitFils: totalFils - 25_00,
            quantity: 1,
          },
        ],
      },
      tx,
    ),
  );
  await gw.db
    .update(tables.orders)
    .set({ createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
    .where(eq(tables.orders.id, id));
  return { id, customerId: customer.id };
}

beforeAll(async () => {
  gw = await startGateway();
  const [v] = await gw.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .where(eq(tables.products.slug, 'colombian-supremo'))
    .limit(1);
  variation = v!;
  viewer = await staffCookie(gw, { permissions: [{ module: 'customers', canView: true }] });
  editor = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true, canEdit: true }] });
  outsider = await staffCookie(gw, { permissions: [{ module: 'reviews', canView: true, canEdit: true }] });

  // Fatima: an old order from another phone, two kept orders, one cancelled by staff, one not placed yet.
  const first = await order({ ...fatima, phone: '+971 55 000 1111' }, 60_00, 40);
  ids.fatima = first.customerId;
  ids.fatimaFirst = first.id;
  await order(fatima, 118_60, 10, 'delivered');
  const cancelled = await order(fatima, 200_00, 5);
  ids.fatimaCancelled = cancelled.id;
  ids.fatimaLast = (await order(fatima, 46_80, 2, 'processing')).id;
  await order(fatima, 99_00, 0, 'pending');
  // Omar: one big order, longer ago.
  ids.omar = (await order(omar, 500_00, 20, 'shipped')).customerId;

  // Cancelled the way staff cancel: through the status command.
  const res = await gw.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${ids.fatimaCancelled}/status`,
    headers: { cookie: editor.cookie },
    payload: { to: 'cancelled', version: 1 },
  });
  expect(res.statusCode).toBe(200);
}, 120_000);
afterAll(async () => gw?.close());

const get = (url: string, who: { cookie: string } | null = viewer, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

async function search(query: string): Promise<AdminCustomerList> {
  const res = await get(`/api/admin/customers${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the customers list', () => {
  it('finds a customer by phone in any format, by part of the e-mail and by name', async () => {
    for (const q of [
      '0501234567',
      '+971501234567',
      '00971 50 123 4567',
      '50 123 4567',
      `fatima-${run}@`,
      'al ali',
      'FATIMA',
    ]) {
      const found = await search(`?q=${encodeURIComponent(q)}`);
      expect(
        found.customers.map((c) => c.email),
        q,
      ).toEqual([fatima.email]);
    }
    // The record keeps its first order's phone (no order overwrites it, docs/checkout.md); the
    // phone of her later orders finds her too.
    expect((await search('?q=055%200001111')).customers.map((c) => c.id)).toEqual([ids.fatima]);
    expect((await search('?q=765-4321')).customers.map((c) => c.id)).toEqual([ids.omar]);
    expect((await search('?q=%2B971%2050%20765%204321')).customers.map((c) => c.id)).toEqual([ids.omar]);
    // LIKE's wildcards are literal characters in a search.
    expect((await search('?q=%25')).total).toBe(0);
    expect((await search('?q=nobody-here')).customers).toEqual([]);
  });

  it('sorts by last order (newest first) or by total spent (highest first), one page at a time', async () => {
    const byLast = await search('?sort=lastOrder');
    expect(byLast.customers.map((c) => c.id)).toEqual([ids.fatima, ids.omar]);
    const bySpent = await search('?sort=totalSpent');
    expect(bySpent.customers.map((c) => c.id)).toEqual([ids.omar, ids.fatima]);
    const page = await search('?sort=totalSpent&limit=1&offset=1');
    expect(page).toMatchObject({ total: 2, customers: [{ id: ids.fatima }] });
    expect(byLast.customers[0]).toMatchObject({
      fullName: 'Fatima Al Ali',
      phone: '+971 55 000 1111',
      orderCount: 4,
      countedOrders: 3,
      totalSpentFils: 60_00 + 118_60 + 46_80,
    });
  });

  it('refuses a bad query with 400', async () => {
    expect((await get('/api/admin/customers?sort=name')).statusCode).toBe(400);
    expect((await get('/api/admin/customers?limit=1000')).statusCode).toBe(400);
    expect((await get(`/api/admin/customers?q=${'x'.repeat(121)}`)).statusCode).toBe(400);
  });
});

describe('the customer page', () => {
  it('has every order newest first, and a total spent, count and first/last order equal to SQL over the orders', async () => {
    const res = await get(`/api/admin/customers/${ids.fatima}`);
    expect(res.statusCode).toBe(200);
    const detail: AdminCustomerDetail = res.json();

    const [direct] = (
      await gw.db.execute<{ spent: string; placed: number; counted: number; first: Date; last: Date }>(sql`
        select sum(total_fils) filter (where status not in ('cancelled', 'pending')) as spent,
               (count(*) filter (where status <> 'pending'))::int as placed,
               (count(*) filter (where status not in ('cancelled', 'pending')))::int as counted,
               min(created_at) filter (where status <> 'pending') as first,
               max(created_at) filter (where status <> 'pending') as last
        from orders where customer_id = ${ids.fatima}`)
    ).rows;
    expect(detail.totalSpentFils).toBe(Number(direct!.spent));
    expect(detail.totalSpentFils).toBe(225_40);
    expect(detail.orderCount).toBe(direct!.placed);
    expect(detail.countedOrders).toBe(direct!.counted);
    expect(new Date(detail.firstOrderAt!).getTime()).toBe(new Date(direct!.first).getTime());
    expect(new Date(detail.lastOrderAt!).getTime()).toBe(new Date(direct!.last).getTime());

    expect(detail.orders).toHaveLength(5);
    expect(detail.orders.map((o) => [o.status, o.totalFils, o.counted])).toEqual([
      ['pending', 99_00, false],
      ['processing', 46_80, true],
      ['cancelled', 200_00, false],
      ['delivered', 118_60, true],
      ['new', 60_00, true],
    ]);
    expect(detail.orders[1]).toMatchObject({ id: ids.fatimaLast, paymentProvider: 'COD', itemCount: 1 });
    expect(detail.orders.at(-1)!.id).toBe(ids.fatimaFirst);
    // The last placed order's address (the pending one is not placed yet).
    expect(detail.lastAddress).toEqual({
      emirate: 'dubai',
      city: 'deira',
      address: 'Al Rigga Street, Building 2',
    });
  });

  it('answers 404 in the staff language for an unknown customer and 400 for a malformed id', async () => {
    const missing = await get(`/api/admin/customers/${randomUUID()}`, viewer, { 'x-locale': 'ar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      code: 'CUSTOMER_NOT_FOUND',
      error: 'هذا العميل غير موجود.',
    });
    expect((await get('/api/admin/customers/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('permissions, decided on the server', () => {
  it('needs customers view: other modules get 403, signed out 401', async () => {
    for (const url of ['/api/admin/customers', `/api/admin/customers/${ids.fatima}`]) {
      expect((await get(url, outsider)).statusCode).toBe(403);
      expect((await get(url, editor)).json().code).toBe('FORBIDDEN');
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});
