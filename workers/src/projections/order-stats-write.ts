import { and, eq, inArray, sql, type Tx, tables } from '@qahwa/db';
import { dubaiDay } from './dubai-day';
import { compare, type FirstOrder, type OrderRow, type OrderStatsChanges, Sum } from './order-stats-fold';

/**
 * The order-stats projection's writes: what a batch adds up to (order-stats-fold.ts), upserted
 * once per row in the lock order order-stats.ts describes, inside the caller's transaction.
 */

const {
  orderStatsDaily,
  orderStatusCounts,
  projectionOrders,
  productSalesDaily,
  customerFirstOrders,
  customerGrowthDaily,
} = tables;

/** Writes the changed order rows and adds each sum to its table; then the customers' first orders. */
export async function writeOrderStats(
  tx: Tx,
  rows: Map<string, OrderRow>,
  changes: OrderStatsChanges,
): Promise<void> {
  const { changed, days, statuses, sales, firsts } = changes;
  if (changed.size > 0) {
    await tx
      .insert(projectionOrders)
      .values(
        [...changed].map((orderId) => {
          const r = rows.get(orderId)!;
          return { orderId, status: r.status, payload: r.payload, placedAt: r.placedAt };
        }),
      )
      .onConflictDoUpdate({
        target: projectionOrders.orderId,
        set: {
          status: sql`excluded.status`,
          payload: sql`excluded.payload`,
          placedAt: sql`excluded.placed_at`,
        },
      });
  }
  if (days.size > 0) {
    await tx
      .insert(orderStatsDaily)
      .values(days.sorted().map(([day, d]) => ({ day, ...d })))
      .onConflictDoUpdate({
        target: orderStatsDaily.day,
        set: {
          orders: sql`${orderStatsDaily.orders} + excluded.orders`,
          revenueFils: sql`${orderStatsDaily.revenueFils} + excluded.revenue_fils`,
        },
      });
  }
  if (statuses.size > 0) {
    await tx
      .insert(orderStatusCounts)
      .values(statuses.sorted().map(([status, s]) => ({ status, count: s.count })))
      .onConflictDoUpdate({
        target: orderStatusCounts.status,
        set: { count: sql`${orderStatusCounts.count} + excluded.count` },
      });
  }
  if (sales.size > 0) {
    await tx
      .insert(productSalesDaily)
      .values(sales.sorted().map(([, p]) => p))
      .onConflictDoUpdate({
        target: [productSalesDaily.day, productSalesDaily.productId],
        set: {
          units: sql`${productSalesDaily.units} + excluded.units`,
          orders: sql`${productSalesDaily.orders} + excluded.orders`,
          revenueFils: sql`${productSalesDaily.revenueFils} + excluded.revenue_fils`,
        },
      });
  }
  if (firsts.size > 0) await applyFirstOrders(tx, firsts);
}

/** The customers' first orders are the earliest ones seen; the growth table follows their days. */
async function applyFirstOrders(tx: Tx, candidates: Map<string, FirstOrder[]>): Promise<void> {
  // Under the customers' locks, the rows read here are the ones the writes below replace.
  const known = new Map<string, FirstOrder>();
  for (const r of await tx
    .select()
    .from(customerFirstOrders)
    .where(inArray(customerFirstOrders.customerId, [...candidates.keys()]))) {
    known.set(r.customerId, { placedAt: r.firstPlacedAt, orderId: r.firstOrderId });
  }
  const growth = new Sum<{ delta: number }>(() => ({ delta: 0 }));
  const writes: Array<typeof customerFirstOrders.$inferInsert> = [];
  for (const [customerId, list] of [...candidates].sort(([a], [b]) => compare(a, b))) {
    const was = known.get(customerId);
    let first = was;
    for (const c of list) if (!first || earlier(c, first)) first = c;
    if (!first || first === was) continue;
    writes.push({ customerId, firstPlacedAt: first.placedAt, firstOrderId: first.orderId });
    const day = dubaiDay(first.placedAt);
    if (was) growth.at(dubaiDay(was.placedAt)).delta -= 1;
    growth.at(day).delta += 1;
  }
  if (writes.length === 0) return;
  await tx
    .insert(customerFirstOrders)
    .values(writes)
    .onConflictDoUpdate({
      target: customerFirstOrders.customerId,
      set: { firstPlacedAt: sql`excluded.first_placed_at`, firstOrderId: sql`excluded.first_order_id` },
    });
  const moves = growth.sorted().filter(([, g]) => g.delta !== 0);
  if (moves.length === 0) return;
  const after = await tx
    .insert(customerGrowthDaily)
    .values(moves.map(([day, g]) => ({ day, newCustomers: g.delta })))
    .onConflictDoUpdate({
      target: customerGrowthDaily.day,
      set: { newCustomers: sql`${customerGrowthDaily.newCustomers} + excluded.new_customers` },
    })
    .returning({ day: customerGrowthDaily.day, newCustomers: customerGrowthDaily.newCustomers });
  // A day left with no first order is no row at all: whether a customer's first order was first
  // seen on a later day depends on delivery order, and the table must not (a rebuild equals it).
  const emptied = after.filter((r) => r.newCustomers === 0).map((r) => r.day);
  if (emptied.length === 0) return;
  await tx
    .delete(customerGrowthDaily)
    .where(and(inArray(customerGrowthDaily.day, emptied), eq(customerGrowthDaily.newCustomers, 0)));
}

function earlier(a: FirstOrder, b: FirstOrder): boolean {
  const d = a.placedAt.getTime() - b.placedAt.getTime();
  return d < 0 || (d === 0 && a.orderId < b.orderId);
}
