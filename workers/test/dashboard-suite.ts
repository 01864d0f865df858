import { randomUUID } from 'node:crypto';
import { headers } from '@nats-io/transport-node';
import { createDashboardRepository, type DashboardRepository, eq, periodRange, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import {
  analyticsStreamOf,
  DASHBOARD_PERIODS,
  type DomainEvent,
  type OrderPlaced,
  type OrderStatus,
  type OrderStatusChanged,
  type ProductViewed,
  type RefundIssued,
  subjectOf,
} from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogueCountsProjection,
  createOrderStatsProjection,
  createProductViewsProjection,
  type DurableConsumer,
  dubaiDay,
  ensureEventStreams,
  REBUILDABLE,
  rebuildProjection,
  refundsDurableOf,
} from '../src';
import { closeServices, connectServices, logger, type Services, waitFor } from './support';

/*
 * What the dashboard must hold to: its figures equal a direct SQL count over the same data
 * after random orders and status changes delivered with duplicates and out of order; and a
 * projection rebuilt from the stream equals the live one row for row (docs/dashboard.md).
 *
 * The test writes the orders, their items and customers into the real tables (the truth the SQL
 * counts) and publishes the events those orders would have produced, shuffled and with copies,
 * to a JetStream stream of its own, where the real consumers apply them.
 */

export interface DashboardSuiteOptions {
  name: string;
  orders: number;
  views: number;
  figures: boolean;
  rebuild: boolean;
}

/** One run: random data written and published, then the figure checks and/or the rebuild checks. */
export function dashboardSuite(o: DashboardSuiteOptions) {
  const SEED = Number(process.env.DASHBOARD_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const ORDERS = o.orders;
  const VIEWS = o.views;
  // Applying takes ~10-20 ms an event on the shared machine: wait in proportion.
  const BUDGET_MS = 60_000 + (ORDERS + VIEWS) * 100;

  /** mulberry32: a small seeded PRNG, so a failing run can be replayed with DASHBOARD_SEED. */
  function prng(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const rand = prng(SEED);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  function shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }

  let s: Services;
  const run = randomUUID().slice(0, 8);
  const durables = {
    orders: `order-stats-dash-${run}`,
    views: `product-views-dash-${run}`,
    catalogue: `catalogue-counts-dash-${run}`,
  };
  let consumers: DurableConsumer[] = [];
  let dashboard: DashboardRepository;
  const now = new Date();
  /** Every ProductViewed published once, per product and Dubai day (views have no table of their own to count). */
  const viewTally = new Map<string, number>();
  let published = 0;
  let refunded = { refunds: 0, returns: 0 };

  async function publish(event: DomainEvent, msgID: string = event.id) {
    published++;
    const h = headers();
    if (event.requestId) h.set('x-request-id', event.requestId);
    await s.js.publish(`${s.subjectPrefix}${subjectOf(event.type)}`, JSON.stringify(event), {
      msgID,
      headers: h,
    });
  }

  async function caughtUp(durable: string, stream = s.stream) {
    return waitFor(
      async () => {
        const info = await s.jsm.consumers.info(stream, durable);
        return info.num_pending === 0 && info.num_ack_pending === 0 ? info : undefined;
      },
      `${durable} to catch up`,
      BUDGET_MS,
    );
  }

  const NEXT: Record<string, OrderStatus[]> = {
    new: ['processing', 'cancelled'],
    processing: ['shipped', 'cancelled'],
    shipped: ['delivered'],
  };

  beforeAll(async () => {
    console.log(`${o.name}: DASHBOARD_SEED=${SEED} orders=${ORDERS} views=${VIEWS}`);
    s = await connectServices();
    await resetDatabase(s.handle.db);
    const { db } = s.handle;
    dashboard = createDashboardRepository(db);
    await ensureEventStreams(s.jsm, { name: s.stream, subjectPrefix: s.subjectPrefix });

    const variations = await db
      .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
      .from(tables.productVariations);
    // A product the catalogue archived since: it still sold, it no longer counts as a product.
    await db
      .update(tables.products)
      .set({ isActive: false, archivedAt: now })
      .where(eq(tables.products.id, variations[0]!.productId));

    const customers = Array.from({ length: Math.max(10, Math.floor(ORDERS / 3)) }, (_, i) => ({
      id: randomUUID(),
      email: `c${i}-${run}@example.ae`,
      fullName: `Customer ${i}`,
      phone: `+97150${String(1_000_000 + i)}`,
    }));
    const orderRows: Array<typeof tables.orders.$inferInsert> = [];
    const itemRows: Array<typeof tables.orderItems.$inferInsert> = [];
    const refundRows: Array<typeof tables.refunds.$inferInsert> = [];
    const returnRows: Array<typeof tables.returns.$inferInsert> = [];
    const returnLineRows: Array<typeof tables.returnLines.$inferInsert> = [];
    const events: Array<{ event: DomainEvent; msgID?: string }> = [];
    const dayMs = 86_400_000;
    for (let i = 0; i < ORDERS; i++) {
      const customer = pick(customers);
      // Over the last ~400 days, some today, some within minutes of a Dubai midnight.
      const placedAt = new Date(
        rand() < 0.1
          ? now.getTime() - int(0, 3 * 3_600_000)
          : rand() < 0.1
            ? Date.UTC(2026, 0, 1) - 4 * 3_600_000 + int(-120_000, 120_000) + int(0, 300) * dayMs
            : now.getTime() - int(0, 400 * dayMs),
      );
      if (placedAt > now) placedAt.setTime(now.getTime() - 1_000);
      const orderId = randomUUID();
      const lines = Array.from({ length: int(1, 3) }, () => {
        const v = pick(variations);
        return {
          id: randomUUID(),
          productId: v.productId,
          variationId: v.id,
          quantity: int(1, 4),
          unitFils: int(20, 200) * 100,
        };
      });
      const subtotal = lines.reduce((n, l) => n + l.quantity * l.unitFils, 0);
      const shipping = pick([0, 2_500]);
      const provider = pick(['COD', 'STRIPE', 'TABBY'] as const);
      // The status walk: new → processing → shipped → delivered, or cancelled from new/processing.
      const changes: OrderStatusChanged[] = [];
      let status: OrderStatus = 'new';
      let at = placedAt.getTime();
      while (NEXT[status] && rand() < 0.6) {
        const to: OrderStatus = pick(NEXT[status]!);
        at += int(1, 48 * 60) * 60_000;
        const changedAt = new Date(at).toISOString();
        changes.push({
          id: randomUUID(),
          type: 'OrderStatusChanged',
          version: 1,
          occurredAt: changedAt,
          data: { orderId, from: status, to, changedAt },
        });
        status = to;
      }
      orderRows.push({
        id: orderId,
        checkoutId: `chk-${orderId}`,
        customerId: customer.id,
        status,
        paymentProvider: provider,
        subtotalFils: subtotal,
        shippingFils: shipping,
        totalFils: subtotal + shipping,
        customerName: customer.fullName,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        emirate: pick(['dubai', 'sharjah', 'abu-dhabi']),
        city: pick(['deira', 'al-nahda', 'khalifa-city']),
        address: 'Street 1',
        createdAt: placedAt,
      });
      const order = orderRows.at(-1)!;
      for (const l of lines) {
        itemRows.push({
          orderId,
          ...l,
          name: 'Coffee',
          nameAr: 'قهوة',
          variation: { weight: '250g', beans: null, additions: null },
          lineFils: l.quantity * l.unitFils,
        });
      }
      const placed: OrderPlaced = {
        id: randomUUID(),
        type: 'OrderPlaced',
        version: 1,
        occurredAt: placedAt.toISOString(),
        data: {
          orderId,
          customerId: customer.id,
          // Deliberately unreliable: the projection must find first orders by time, not trust this.
          isNewCustomer: rand() < 0.5,
          status: 'new',
          paymentProvider: provider,
          totalFils: subtotal + shipping,
          placedAt: placedAt.toISOString(),
          customer: { fullName: customer.fullName, email: customer.email, phone: customer.phone },
          emirate: order.emirate,
          city: order.city,
          items: lines.map(({ id: _id, ...l }) => l),
        },
      };
      events.push({ event: placed });
      // The same order announced under a second event id (e.g. a retried activity).
      if (rand() < 0.05) events.push({ event: { ...placed, id: randomUUID() } });
      for (const c of changes) {
        events.push({ event: c });
        if (rand() < 0.03) events.push({ event: { ...c, id: randomUUID() } });
      }

      // Money given back, each refund with its one RefundIssued: a paid order staff cancelled is
      // refunded whole (the order follow-up); a delivered one has some units of some lines
      // returned, up to twice (the returns workflow; the first three delivered orders always, so a
      // small run has returns too; a line's refund is its share of what was
      // charged, here a little under the price, as a discount makes it), shipping sometimes.
      const refund = (
        returnNumber: string | null,
        back: Array<{ item: (typeof lines)[number]; quantity: number; refundFils: number }>,
        shippingFils: number,
      ) => {
        const refundId = randomUUID();
        const amountFils = back.reduce((n, b) => n + b.refundFils, shippingFils);
        at += int(1, 20 * 24 * 60) * 60_000;
        refundRows.push({
          id: refundId,
          orderId,
          paymentId: provider === 'COD' ? null : `pay-${orderId}`,
          provider,
          amountFils,
          reference: returnNumber ? `return-${returnNumber}` : `order-${orderId}`,
          status: 'succeeded',
        });
        if (returnNumber) {
          const returnId = randomUUID();
          returnRows.push({
            id: returnId,
            number: returnNumber,
            orderId,
            status: 'refunded',
            reason: shippingFils > 0 ? 'DAMAGED' : 'CHANGED_MIND',
            shippingRefundFils: shippingFils,
            refundFils: amountFils,
            refundId,
          });
          for (const b of back)
            returnLineRows.push({
              returnId,
              orderItemId: b.item.id,
              quantity: b.quantity,
              refundFils: b.refundFils,
              open: false,
            });
        }
        const refundedAt = new Date(at).toISOString();
        const event: RefundIssued = {
          id: randomUUID(),
          type: 'RefundIssued',
          version: 1,
          occurredAt: refundedAt,
          data: {
            returnNumber,
            orderId,
            orderPlacedAt: placedAt.toISOString(),
            paymentProvider: provider,
            method: provider === 'STRIPE' ? 'CARD' : provider === 'TABBY' ? 'PAY_LATER' : 'BANK_TRANSFER',
            amountFils,
            shippingFils,
            lines: back.map((b) => ({
              orderItemId: b.item.id,
              productId: b.item.productId,
              variationId: b.item.variationId,
              quantity: b.quantity,
              refundFils: b.refundFils,
            })),
            refundedAt,
          },
        };
        events.push({ event });
      };
      if (status === 'cancelled' && provider !== 'COD' && rand() < 0.7) {
        refund(
          null,
          lines.map((item) => ({ item, quantity: item.quantity, refundFils: item.quantity * item.unitFils })),
          shipping,
        );
      } else if (status === 'delivered' && (returnRows.length < 3 || rand() < 0.5)) {
        const left = new Map(lines.map((l) => [l.id, l.quantity]));
        let shippingBack = false;
        for (let r = 0; r < 2 && (r === 0 || rand() < 0.3); r++) {
          const back = lines
            .filter((l) => left.get(l.id)! > 0 && rand() < 0.7)
            .map((item) => {
              const quantity = int(1, left.get(item.id)!);
              left.set(item.id, left.get(item.id)! - quantity);
              return { item, quantity, refundFils: quantity * item.unitFils - int(0, 50) };
            });
          if (back.length === 0) continue;
          const withShipping: boolean = !shippingBack && shipping > 0 && rand() < 0.3;
          shippingBack ||= withShipping;
          refund(`RT-${100_001 + returnRows.length}`, back, withShipping ? shipping : 0);
        }
      }
    }
    const productIds = [...new Set(variations.map((v) => v.productId))];
    for (let i = 0; i < VIEWS; i++) {
      const occurredAt = new Date(now.getTime() - int(0, 400 * dayMs)).toISOString();
      const view: ProductViewed = {
        id: randomUUID(),
        type: 'ProductViewed',
        version: 1,
        occurredAt,
        data: { productId: pick(productIds) },
      };
      const key = `${view.data.productId}|${dubaiDay(occurredAt)}`;
      viewTally.set(key, (viewTally.get(key) ?? 0) + 1);
      events.push({ event: view });
    }
    // The same event delivered twice (another Nats-Msg-Id, so JetStream cannot drop the copy).
    for (const e of [...events])
      if (rand() < 0.1) events.push({ event: e.event, msgID: `${e.event.id}:again` });
    // A CatalogueChanged the catalogue-counts projection refreshes from.
    events.push({
      event: {
        id: randomUUID(),
        type: 'CatalogueChanged',
        version: 1,
        occurredAt: now.toISOString(),
        data: { reason: 'product', productIds: [variations[0]!.productId] },
      },
    });
    shuffle(events);

    await db.insert(tables.customers).values(customers);
    for (let i = 0; i < orderRows.length; i += 500)
      await db.insert(tables.orders).values(orderRows.slice(i, i + 500));
    for (let i = 0; i < itemRows.length; i += 500)
      await db.insert(tables.orderItems).values(itemRows.slice(i, i + 500));
    for (let i = 0; i < refundRows.length; i += 500)
      await db.insert(tables.refunds).values(refundRows.slice(i, i + 500));
    for (let i = 0; i < returnRows.length; i += 500)
      await db.insert(tables.returns).values(returnRows.slice(i, i + 500));
    for (let i = 0; i < returnLineRows.length; i += 500)
      await db.insert(tables.returnLines).values(returnLineRows.slice(i, i + 500));
    refunded = { refunds: refundRows.length, returns: returnRows.length };
    console.log(`${o.name}: ${refundRows.length} refunds (${returnRows.length} of returns)`);

    consumers = [
      createOrderStatsProjection({
        db,
        js: s.js,
        logger,
        stream: s.stream,
        durable: durables.orders,
        subjectPrefix: s.subjectPrefix,
      }),
      createProductViewsProjection({
        db,
        js: s.js,
        logger,
        stream: s.stream,
        durable: durables.views,
        subjectPrefix: s.subjectPrefix,
      }),
      createCatalogueCountsProjection({
        db,
        js: s.js,
        logger,
        stream: s.stream,
        durable: durables.catalogue,
        subjectPrefix: s.subjectPrefix,
      }),
    ];
    // Half the events before the consumers start, half while they run.
    const half = Math.floor(events.length / 2);
    const send = async (batch: typeof events) => {
      for (let i = 0; i < batch.length; i += 200) {
        await Promise.all(batch.slice(i, i + 200).map((e) => publish(e.event, e.msgID)));
      }
    };
    await send(events.slice(0, half));
    for (const c of consumers) c.start();
    await send(events.slice(half));
    for (const d of [...Object.values(durables), refundsDurableOf(durables.orders)]) await caughtUp(d);
    // The views travel in the analytics stream (the durable of that name above is the drain of
    // views from before the split, in the commerce stream).
    await caughtUp(durables.views, analyticsStreamOf(s.stream));
  }, 2 * BUDGET_MS);

  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    if (s) await closeServices(s);
  });

  /**
   * The truth, by SQL over orders, order_items, customers and the refunds (refunds, returns,
   * return_lines): what the dashboard may not read. Revenue is net of refunds, on the order's day.
   */
  async function truth(from: string, to: string) {
    const { db } = s.handle;
    const dubai = (col: string) => sql.raw(`((${col}) at time zone 'Asia/Dubai')::date`);
    const trend = await db.execute<{ day: string; orders: number; revenue: string }>(sql`
      with placed as (
        select ${dubai('created_at')} as day, count(*)::int as orders, sum(total_fils)::bigint as revenue
        from orders group by 1),
      refunded as (
        select ${dubai('o.created_at')} as day, sum(r.amount_fils)::bigint as amount
        from refunds r join orders o on o.id = r.order_id where r.status = 'succeeded' group by 1)
      select p.day::text, p.orders, (p.revenue - coalesce(f.amount, 0))::bigint as revenue
      from placed p left join refunded f on f.day = p.day
      where p.day between ${from}::date and ${to}::date`);
    const statuses = await db.execute<{ status: string; n: number }>(
      sql`select status::text, count(*)::int as n from orders group by 1`,
    );
    const products = await db.execute<{
      product_id: string;
      units: number;
      orders: number;
      revenue: string;
    }>(sql`
      with moves as (
        select i.product_id, o.created_at, i.order_id, i.quantity as units, i.quantity * i.unit_fils as revenue
        from order_items i join orders o on o.id = i.order_id
        union all
        -- a return's lines, refunded
        select i.product_id, o.created_at, null, -l.quantity, -l.refund_fils
        from return_lines l join returns t on t.id = l.return_id
          join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id
        where t.status = 'refunded'
        union all
        -- a cancelled order refunded whole: every line at what it was charged
        select i.product_id, o.created_at, null, -i.quantity, -(i.line_fils - i.discount_fils)
        from refunds r join orders o on o.id = r.order_id join order_items i on i.order_id = o.id
        where r.status = 'succeeded' and not exists (select 1 from returns t where t.refund_id = r.id))
      select product_id::text, sum(units)::int as units, count(distinct order_id)::int as orders,
        sum(revenue)::bigint as revenue
      from moves where ${dubai('created_at')} between ${from}::date and ${to}::date group by 1`);
    const growth = await db.execute<{ day: string; n: number }>(sql`
      select day::text, count(*)::int as n from (
        select ${dubai('min(created_at)')} as day from orders group by customer_id) f
      where day between ${from}::date and ${to}::date group by 1`);
    const [before] = (
      await db.execute<{ n: number }>(sql`
        select count(*)::int as n from (select min(created_at) as first from orders group by customer_id) f
        where ${dubai('first')} < ${from}::date`)
    ).rows;
    const recent = await db.execute<{
      id: string;
      status: string;
      total_fils: number;
      items: number;
      customer_name: string;
      customer_email: string;
      customer_phone: string;
      emirate: string;
      city: string;
      payment_provider: string;
    }>(sql`
      select o.id, o.status::text, o.total_fils, (select sum(quantity)::int from order_items where order_id = o.id) as items,
        o.customer_name, o.customer_email, o.customer_phone, o.emirate, o.city, o.payment_provider::text
      from orders o order by o.created_at desc, o.id desc limit 5`);
    return {
      trend: trend.rows,
      statuses: statuses.rows,
      products: products.rows,
      growth: growth.rows,
      before: before?.n ?? 0,
      recent: recent.rows,
    };
  }

  if (o.figures)
    describe(`the dashboard projections after ${ORDERS} random orders, duplicated and out of order`, () => {
      it.each(DASHBOARD_PERIODS)(
        'give the same figures as SQL over orders for the period %s',
        async (period) => {
          const { from, to } = periodRange(period, now);
          const t = await truth(from, to);

          // Sales trend (and today's orders: the last day of any period is today).
          const trend = await dashboard.salesTrend(from, to);
          const trendTruth = new Map(t.trend.map((r) => [r.day, r]));
          expect(trend.map((d) => d.day)).toEqual(trend.map((d) => d.day).sort());
          expect(trend).toHaveLength(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
          expect(trend).toEqual(
            trend.map((d) => ({
              day: d.day,
              orders: trendTruth.get(d.day)?.orders ?? 0,
              revenueFils: Number(trendTruth.get(d.day)?.revenue ?? 0),
            })),
          );
          expect(trend.reduce((n, d) => n + d.orders, 0)).toBe(t.trend.reduce((n, d) => n + d.orders, 0));

          // Product performance, top products (units, orders, revenue) and popular products (views).
          const figures = await dashboard.productFigures(from, to);
          // Every product ordered in the period (a refund never takes its order away, units may reach 0).
          const sold = figures.filter((f) => f.orders > 0);
          expect(new Map(sold.map((f) => [f.productId, [f.unitsSold, f.orders, f.revenueFils]]))).toEqual(
            new Map(t.products.map((p) => [p.product_id, [p.units, p.orders, Number(p.revenue)]])),
          );
          const views = new Map<string, number>();
          for (const [key, n] of viewTally) {
            const [productId, day] = key.split('|') as [string, string];
            if (day >= from && day <= to) views.set(productId, (views.get(productId) ?? 0) + n);
          }
          expect(new Map(figures.filter((f) => f.views > 0).map((f) => [f.productId, f.views]))).toEqual(
            views,
          );

          // Customer growth: first orders per day and the running total.
          const growth = await dashboard.customerGrowth(from, to);
          const growthTruth = new Map(t.growth.map((r) => [r.day, r.n]));
          let total = t.before;
          expect(growth).toEqual(
            growth.map((g) => {
              const n = growthTruth.get(g.day) ?? 0;
              total += n;
              return { day: g.day, newCustomers: n, totalCustomers: total };
            }),
          );
        },
      );

      it('gives the order status counts, the recent orders, total products and active promotions as SQL does', async () => {
        const t = await truth('2000-01-01', '2000-01-01');
        const counts = await dashboard.statusCounts();
        const statusTruth = new Map(t.statuses.map((r) => [r.status, r.n]));
        expect(counts).toEqual(
          counts.map((c) => ({ status: c.status, count: statusTruth.get(c.status) ?? 0 })),
        );
        expect(counts.reduce((n, c) => n + c.count, 0)).toBe(ORDERS);

        const recent = await dashboard.recentOrders();
        expect(
          recent.map((o) => ({
            id: o.id,
            status: o.status,
            total: o.total,
            items: o.itemCount,
            name: o.customer.fullName,
            email: o.customer.email,
            phone: o.customer.phone,
            emirate: o.emirate,
            city: o.city,
            provider: o.paymentProvider,
          })),
        ).toEqual(
          t.recent.map((o) => ({
            id: o.id,
            status: o.status,
            total: o.total_fils / 100,
            items: o.items,
            name: o.customer_name,
            email: o.customer_email,
            phone: o.customer_phone,
            emirate: o.emirate,
            city: o.city,
            provider: o.payment_provider,
          })),
        );

        const { db } = s.handle;
        const [products] = (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from products where is_active and archived_at is null`,
          )
        ).rows;
        const [promotions] = (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from promotions where is_active and start_date <= now() and end_date >= now()`,
          )
        ).rows;
        expect(await dashboard.totalProducts()).toBe(products!.n);
        expect(products!.n).toBeGreaterThan(0);
        expect(await dashboard.activePromotions()).toBe(promotions!.n);
        expect(published).toBeGreaterThan(ORDERS);
        // The run had refunds of both kinds to take off (the figures above are net of them).
        expect(refunded.returns).toBeGreaterThan(0);
        expect(refunded.refunds).toBeGreaterThan(refunded.returns);
      });
    });

  /** Every row of a table, in a stable order, as plain JSON. */
  async function rowsOf(table: string) {
    const { rows } = await s.handle.db.execute(sql.raw(`select * from "${table}"`));
    // When a row was last refreshed is not what it says: the catalogue counts refresh it anew.
    return rows.map(({ refreshed_at: _at, ...r }) => JSON.stringify(r)).sort();
  }
  async function namesOf(table: string) {
    const { rows } = await s.handle.db.execute<{ name: string }>(sql`
      select indexname as name from pg_indexes where schemaname = 'public' and tablename = ${table}
      union all select conname from pg_constraint where conrelid = ${`public.${table}`}::regclass`);
    return rows.map((r) => r.name).sort();
  }

  if (o.rebuild)
    describe(`projections:rebuild after ${ORDERS} random orders`, () => {
      it('rebuilds each projection from the stream into tables equal to the live ones, row for row, and swaps them in', async () => {
        const names = {
          'order-stats': durables.orders,
          'product-views': durables.views,
          'catalogue-counts': durables.catalogue,
        };
        for (const [name, consumer] of Object.entries(names)) {
          const projection = REBUILDABLE[name]!;
          const before = Object.fromEntries(
            await Promise.all(projection.tables.map(async (t) => [t, await rowsOf(t)] as const)),
          );
          const indexes = Object.fromEntries(
            await Promise.all(projection.tables.map(async (t) => [t, await namesOf(t)] as const)),
          );
          const result = await rebuildProjection({
            db: s.handle.db,
            js: s.js,
            jsm: s.jsm,
            logger,
            projection,
            consumer,
            stream: s.stream,
            subjectPrefix: s.subjectPrefix,
          });
          for (const t of projection.tables) {
            expect({ table: t, rows: await rowsOf(t) }).toEqual({ table: t, rows: before[t] });
            // The swapped-in tables keep the live names, so later migrations still find them.
            expect({ table: t, names: await namesOf(t) }).toEqual({ table: t, names: indexes[t] });
          }
          if (projection.filterSubjects) expect(result.replayed).toBeGreaterThan(0);
        }
        const { rows } = await s.handle.db.execute(
          sql`select 1 from pg_namespace where nspname like 'rebuild_%'`,
        );
        expect(rows).toHaveLength(0);
      });

      it('loses nothing and counts nothing twice when events arrive while it rebuilds', async () => {
        const projection = REBUILDABLE['order-stats']!;
        const { db } = s.handle;
        const customerId = randomUUID();
        const placedAt = new Date().toISOString();
        const during: OrderPlaced[] = Array.from({ length: 40 }, () => ({
          id: randomUUID(),
          type: 'OrderPlaced',
          version: 1,
          occurredAt: placedAt,
          data: {
            orderId: randomUUID(),
            customerId,
            isNewCustomer: false,
            status: 'new',
            paymentProvider: 'COD',
            totalFils: 1_000,
            placedAt,
            items: [],
          },
        }));
        const [todayBefore] = await dashboard.salesTrend(dubaiDay(placedAt), dubaiDay(placedAt));
        const publishing = (async () => {
          for (const e of during) {
            await publish(e);
            await new Promise((r) => setTimeout(r, 5));
          }
        })();
        await rebuildProjection({
          db,
          js: s.js,
          jsm: s.jsm,
          logger,
          projection,
          consumer: durables.orders,
          stream: s.stream,
          subjectPrefix: s.subjectPrefix,
          batchSize: 50,
        });
        await publishing;
        await caughtUp(durables.orders);
        const [todayAfter] = await dashboard.salesTrend(dubaiDay(placedAt), dubaiDay(placedAt));
        expect(todayAfter!.orders - todayBefore!.orders).toBe(during.length);
        expect(todayAfter!.revenueFils - todayBefore!.revenueFils).toBe(during.length * 1_000);
        const counts = await dashboard.statusCounts();
        expect(counts.reduce((n, c) => n + c.count, 0)).toBe(ORDERS + during.length);
      });
    });
}
