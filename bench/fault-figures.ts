/**
 * "Every order's events were applied exactly once", as docs/dashboard.md states it: the
 * dashboard's figures (its projections, read through the dashboard repository) equal SQL over the
 * source tables. The fault run takes both before and after its load, for the Dubai days the run
 * spans: what the run added must be the same on both sides (an event applied twice, or never,
 * shows here). The SQL is the rule workers/test/dashboard-suite.ts compares every figure with.
 */
import { createDashboardRepository, type DbHandle, sql } from '@qahwa/db';

/** Figure name (`orders 2026-11-28`, `units <product>`, `status new` …) → its value. */
export type Figures = Map<string, number>;

export async function dashboardFigures(handle: DbHandle, from: string, to: string): Promise<Figures> {
  const dashboard = createDashboardRepository(handle.db);
  const [trend, statuses, products, growth] = await Promise.all([
    dashboard.salesTrend(from, to),
    dashboard.statusCounts(),
    dashboard.productFigures(from, to),
    dashboard.customerGrowth(from, to),
  ]);
  const f: Figures = new Map();
  for (const d of trend) {
    f.set(`orders ${d.day}`, d.orders);
    f.set(`revenue ${d.day}`, d.revenueFils);
  }
  for (const s of statuses) f.set(`status ${s.status}`, s.count);
  for (const p of products.filter((x) => x.orders > 0)) {
    f.set(`units ${p.productId}`, p.unitsSold);
    f.set(`product orders ${p.productId}`, p.orders);
    f.set(`product revenue ${p.productId}`, p.revenueFils);
  }
  for (const g of growth) f.set(`new customers ${g.day}`, g.newCustomers);
  return withoutZeros(f);
}

export async function sourceFigures(handle: DbHandle, from: string, to: string): Promise<Figures> {
  const { db } = handle;
  const dubai = (col: string) => sql.raw(`((${col}) at time zone 'Asia/Dubai')::date`);
  const [trend, statuses, products, growth] = await Promise.all([
    db.execute<{ day: string; orders: number; revenue: string }>(sql`
      with placed as (
        select ${dubai('created_at')} as day, count(*)::int as orders, sum(total_fils)::bigint as revenue
        from orders group by 1),
      refunded as (
        select ${dubai('o.created_at')} as day, sum(r.amount_fils)::bigint as amount
        from refunds r join orders o on o.id = r.order_id where r.status = 'succeeded' group by 1)
      select p.day::text, p.orders, (p.revenue - coalesce(f.amount, 0))::bigint as revenue
      from placed p left join refunded f on f.day = p.day
      where p.day between ${from}::date and ${to}::date`),
    db.execute<{ status: string; n: number }>(
      sql`select status::text, count(*)::int as n from orders group by 1`,
    ),
    db.execute<{ product_id: string; units: number; orders: number; revenue: string }>(sql`
      with moves as (
        select i.product_id, o.created_at, i.order_id, i.quantity as units, i.quantity * i.unit_fils as revenue
        from order_items i join orders o on o.id = i.order_id
        union all
        select i.product_id, o.created_at, null, -l.quantity, -l.refund_fils
        from return_lines l join returns t on t.id = l.return_id
          join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id
        where t.status = 'refunded'
        union all
        select i.product_id, o.created_at, null, -i.quantity, -(i.line_fils - i.discount_fils)
        from refunds r join orders o on o.id = r.order_id join order_items i on i.order_id = o.id
        where r.status = 'succeeded' and not exists (select 1 from returns t where t.refund_id = r.id))
      select product_id::text, sum(units)::int as units, count(distinct order_id)::int as orders,
        sum(revenue)::bigint as revenue
      from moves where ${dubai('created_at')} between ${from}::date and ${to}::date group by 1`),
    db.execute<{ day: string; n: number }>(sql`
      select day::text, count(*)::int as n from (
        select ${dubai('min(created_at)')} as day from orders group by customer_id) f
      where day between ${from}::date and ${to}::date group by 1`),
  ]);
  const f: Figures = new Map();
  for (const r of trend.rows) {
    f.set(`orders ${r.day}`, r.orders);
    f.set(`revenue ${r.day}`, Number(r.revenue));
  }
  for (const r of statuses.rows) f.set(`status ${r.status}`, r.n);
  for (const r of products.rows) {
    f.set(`units ${r.product_id}`, r.units);
    f.set(`product orders ${r.product_id}`, r.orders);
    f.set(`product revenue ${r.product_id}`, Number(r.revenue));
  }
  for (const r of growth.rows) f.set(`new customers ${r.day}`, r.n);
  return withoutZeros(f);
}

/** A figure of 0 and a missing one are the same (the dashboard lists every day and status). */
function withoutZeros(f: Figures): Figures {
  return new Map([...f].filter(([, v]) => v !== 0));
}

/** after − before, figure by figure. */
export function change(before: Figures, after: Figures): Figures {
  const d: Figures = new Map();
  for (const k of new Set([...before.keys(), ...after.keys()]))
    d.set(k, (after.get(k) ?? 0) - (before.get(k) ?? 0));
  return withoutZeros(d);
}

/** The figures on which the dashboard and SQL disagree: `name: dashboard X, SQL Y`. */
export function differences(dashboard: Figures, source: Figures): string[] {
  const out: string[] = [];
  for (const k of [...new Set([...dashboard.keys(), ...source.keys()])].sort()) {
    const a = dashboard.get(k) ?? 0;
    const b = source.get(k) ?? 0;
    if (a !== b) out.push(`${k}: dashboard ${a}, SQL ${b}`);
  }
  return out;
}
