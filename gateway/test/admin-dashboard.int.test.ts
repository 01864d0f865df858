import { randomUUID } from 'node:crypto';
import { eq, periodRange, tables } from '@qahwa/db';
import { addDays, DashboardSummary, gulfDate } from '@qahwa/schema';
import { refreshCatalogueCounts } from '@qahwa/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * GET /api/admin/dashboard (docs/dashboard.md): the period picker changes the figures,
 * every day of the period is present, names come from the catalogue, and the permission model
 * answers 401/403. The projection rows are written here as the workers would have left them
 * (workers/test/dashboard-figures.int.test.ts proves the workers write them right).
 */
let gw: Gateway;
let admin: { cookie: string };
let viewer: { cookie: string };
let outsider: { cookie: string };
let product: { id: string; name: string; nameAr: string };
let archived: { id: string; name: string };
let returned: { id: string; name: string };
const today = gulfDate(new Date());
const longAgo = addDays(today, -20);

beforeAll(async () => {
  gw = await startGateway();
  const { db } = gw;
  admin = await staffCookie(gw, { role: 'ADMIN' });
  viewer = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true, canEdit: false }] });
  outsider = await staffCookie(gw, { permissions: [{ module: 'reviews', canView: true, canEdit: true }] });
  const all = await db
    .select({ id: tables.products.id, name: tables.products.name, nameAr: tables.products.nameAr })
    .from(tables.products)
    .orderBy(tables.products.name);
  product = all[0]!;
  archived = all[1]!;
  returned = all[2]!;
  // Sold 20 days ago, archived since: still a best seller of the month, no longer a product.
  await db
    .update(tables.products)
    .set({ isActive: false, archivedAt: new Date() })
    .where(eq(tables.products.id, archived.id));
  await refreshCatalogueCounts(db);

  await db.insert(tables.orderStatsDaily).values([
    { day: today, orders: 2, revenueFils: 150_00 },
    { day: longAgo, orders: 5, revenueFils: 900_00 },
  ]);
  await db.insert(tables.orderStatusCounts).values([
    { status: 'new', count: 2 },
    { status: 'delivered', count: 5 },
  ]);
  await db.insert(tables.productSalesDaily).values([
    { day: today, productId: product.id, units: 3, orders: 2, revenueFils: 150_00 },
    { day: longAgo, productId: archived.id, units: 9, orders: 5, revenueFils: 900_00 },
    // Sold today and all of it refunded (docs/dashboard.md, "Net of refunds"): the order stays.
    { day: today, productId: returned.id, units: 0, orders: 1, revenueFils: 0 },
  ]);
  await db.insert(tables.productViewsDaily).values([
    { day: today, productId: product.id, views: 40 },
    { day: longAgo, productId: archived.id, views: 10 },
  ]);
  await db.insert(tables.customerGrowthDaily).values([
    { day: addDays(today, -400), newCustomers: 4 },
    { day: longAgo, newCustomers: 3 },
    { day: today, newCustomers: 1 },
  ]);
  const placedAt = new Date();
  await db.insert(tables.projectionOrders).values({
    orderId: 'QHW-100001',
    status: 'new',
    placedAt,
    payload: {
      orderId: 'QHW-100001',
      customerId: randomUUID(),
      paymentProvider: 'TABBY',
      totalFils: 75_00,
      placedAt: placedAt.toISOString(),
      statusAt: placedAt.toISOString(),
      customer: { fullName: 'Fatima Al Ali', email: 'fatima@example.ae', phone: '+971501234567' },
      emirate: 'dubai',
      city: 'deira',
      items: [{ productId: product.id, variationId: randomUUID(), quantity: 3, unitFils: 25_00 }],
    },
  });
});
afterAll(async () => gw?.close());

async function dashboard(query: string, cookie = admin.cookie) {
  return gw.app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers: { cookie } });
}

describe('GET /api/admin/dashboard', () => {
  it('answers today with today only', async () => {
    const res = await dashboard('?period=today');
    expect(res.statusCode).toBe(200);
    const body = DashboardSummary.parse(res.json());
    expect(body).toMatchObject({
      period: 'today',
      from: today,
      to: today,
      today: { orders: 2, revenue: 150 },
    });
    expect(body.salesTrend).toEqual([{ day: today, orders: 2, revenue: 150 }]);
    expect(body.topProducts).toEqual([
      {
        productId: product.id,
        name: { en: product.name, ar: product.nameAr },
        imageUrl: expect.anything(),
        unitsSold: 3,
        revenue: 150,
      },
    ]);
    expect(body.popularProducts.map((p) => [p.productId, p.views])).toEqual([[product.id, 40]]);
    // A product whose units all came back is no top product, and performs at nothing.
    expect(body.productPerformance.find((p) => p.productId === returned.id)).toMatchObject({
      unitsSold: 0,
      revenue: 0,
      conversionRate: null,
    });
    expect(body.customerGrowth).toEqual([{ day: today, newCustomers: 1, totalCustomers: 8 }]);
  });

  it('answers 30 days with every day present, the older sales and the archived best seller by name', async () => {
    const res = await dashboard('?period=30d');
    expect(res.statusCode).toBe(200);
    const body = DashboardSummary.parse(res.json());
    const { from } = periodRange('30d');
    expect(body).toMatchObject({ period: '30d', from, to: today, today: { orders: 2, revenue: 150 } });
    expect(body.salesTrend).toHaveLength(30);
    expect(body.salesTrend[0]!.day).toBe(from);
    expect(body.salesTrend.at(-1)).toEqual({ day: today, orders: 2, revenue: 150 });
    expect(body.salesTrend.find((d) => d.day === longAgo)).toEqual({ day: longAgo, orders: 5, revenue: 900 });
    expect(body.salesTrend.reduce((n, d) => n + d.orders, 0)).toBe(7);
    expect(body.topProducts.map((p) => [p.name.en, p.unitsSold])).toEqual([
      [archived.name, 9],
      [product.name, 3],
    ]);
    expect(body.productPerformance.find((p) => p.productId === product.id)).toMatchObject({
      views: 40,
      unitsSold: 3,
      revenue: 150,
      conversionRate: 5,
    });
    expect(body.customerGrowth).toHaveLength(30);
    expect(body.customerGrowth.find((d) => d.day === longAgo)).toEqual({
      day: longAgo,
      newCustomers: 3,
      totalCustomers: 7,
    });
    expect(body.customerGrowth.at(-1)).toEqual({ day: today, newCustomers: 1, totalCustomers: 8 });
  });

  it('counts products, promotions, statuses and recent orders from their projections', async () => {
    const body = DashboardSummary.parse((await dashboard('')).json());
    expect(body.period).toBe('30d');
    const active = await gw.db
      .select({ id: tables.products.id })
      .from(tables.products)
      .where(eq(tables.products.isActive, true));
    expect(body.totalProducts).toBe(active.length);
    expect(body.activePromotions).toBeGreaterThan(0);
    expect(body.orderStatus).toEqual([
      { status: 'pending', count: 0 },
      { status: 'new', count: 2 },
      { status: 'processing', count: 0 },
      { status: 'shipped', count: 0 },
      { status: 'delivered', count: 5 },
      { status: 'cancelled', count: 0 },
    ]);
    expect(body.recentOrders).toEqual([
      {
        id: 'QHW-100001',
        customer: {
          id: expect.any(String),
          fullName: 'Fatima Al Ali',
          email: 'fatima@example.ae',
          phone: '+971501234567',
        },
        createdAt: expect.any(String),
        status: 'new',
        total: 75,
        paymentProvider: 'TABBY',
        itemCount: 3,
        emirate: 'dubai',
        city: 'deira',
      },
    ]);
  });

  it('counts as active only promotions switched on, in their dates and with a use left', async () => {
    const count = async () => DashboardSummary.parse((await dashboard('')).json()).activePromotions;
    const before = await count();
    const day = 86_400_000;
    const now = Date.now();
    const promotion = (code: string, over: Partial<typeof tables.promotions.$inferInsert>) => ({
      name: code,
      code,
      type: 'PERCENTAGE',
      value: 10,
      startDate: new Date(now - 10 * day),
      endDate: new Date(now + 10 * day),
      ...over,
    });
    await gw.db
      .insert(tables.promotions)
      .values([
        promotion('DASH_IN_FORCE', { maxUses: 5, uses: 4 }),
        promotion('DASH_USED_UP', { maxUses: 3, uses: 3 }),
        promotion('DASH_ENDED', { endDate: new Date(now - day) }),
        promotion('DASH_NOT_YET', { startDate: new Date(now + day) }),
        promotion('DASH_OFF', { isActive: false }),
      ]);
    await refreshCatalogueCounts(gw.db);
    expect(await count()).toBe(before + 1);
  });

  it('shows the carts left against the orders of the period, a cart counted once and not once bought', async () => {
    const cart = (cartKey: string, over: Record<string, unknown> = {}) => ({
      cartValue: 50,
      cartItems: [{ id: 'line-1', name: 'Dallah', price: 50, quantity: 1 }],
      cartKey,
      timeSpentOnSite: 30,
      pageVisits: 2,
      lastVisitedPage: '/shop',
      userAgent: 'test',
      referrer: '',
      deviceType: 'mobile',
      abandonmentTrigger: 'cart_idle',
      ...over,
    });
    const report = (body: Record<string, unknown>) =>
      gw.app.inject({ method: 'POST', url: '/api/leads/cart-abandonment', payload: body });
    await report(cart('c_dashanon0001'));
    await report(cart('c_dashanon0001', { abandonmentTrigger: 'page_exit' }));
    await report(cart('c_dashlead0001', { email: 'dash@example.com' }));
    await report(cart('c_dashbought01'));
    await gw.app.inject({
      method: 'POST',
      url: '/api/leads/cart-ordered',
      payload: { cartKey: 'c_dashbought01' },
    });
    // Left 40 days ago: in 90 days, not in 30.
    await gw.db.insert(tables.abandonedCarts).values({
      cartKey: 'c_dashold00001',
      valueFils: 10_00,
      lineCount: 1,
      abandonedAt: new Date(Date.now() - 40 * 86_400_000),
    });

    const figure = async (period: string) =>
      DashboardSummary.parse((await dashboard(`?period=${period}`)).json()).cartAbandonment;
    // Today: 2 carts left, 2 orders placed → 2 / (2 + 2).
    expect(await figure('today')).toEqual({ abandoned: 2, orders: 2, rate: 50 });
    expect(await figure('30d')).toEqual({ abandoned: 2, orders: 7, rate: 22.2 });
    expect(await figure('90d')).toEqual({ abandoned: 3, orders: 7, rate: 30 });
  });

  it('lets staff who may view orders read it, and refuses the others and strangers', async () => {
    expect((await dashboard('?period=7d', viewer.cookie)).statusCode).toBe(200);
    const forbidden = await dashboard('?period=7d', outsider.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const anonymous = await gw.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('refuses a period it does not know with a clear error', async () => {
    const res = await dashboard('?period=week');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
