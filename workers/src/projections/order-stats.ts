import { and, type Db, eq, inArray, sql, type Tx, tables } from '@qahwa/db';
import { OrderPlaced, OrderStatusChanged } from '@qahwa/schema';
import type { DurableConsumer } from '../durable-consumer';
import { messageJson } from '../durable-consumer';
import { parseEnvelope } from '../event-envelope';
import { dubaiDay } from './dubai-day';
import { holdProjectionShared, lockKey } from './locks';
import { createProjectionConsumer, firstTimeFor, type ProjectionOptions } from './projection-consumer';

const {
  orderStatsDaily,
  orderStatusCounts,
  projectionOrders,
  productSalesDaily,
  customerFirstOrders,
  customerGrowthDaily,
} = tables;

export const ORDER_STATS_DURABLE = 'order-stats';

export type OrderStatsProjectionOptions = ProjectionOptions;

export type OrderEvent = OrderPlaced | OrderStatusChanged;

export function createOrderStatsProjection(options: OrderStatsProjectionOptions): DurableConsumer {
  const { db } = options;
  return createProjectionConsumer(options, {
    name: 'order-stats',
    durable: ORDER_STATS_DURABLE,
    subject: 'commerce.order.>',
    async handle(m, log, durable) {
      const raw = messageJson(m);
      const event = parseOrderEvent(raw);
      if (!event) {
        log.debug('not an event this projection keeps');
        return;
      }
      // The header normally carries the requestId; the envelope is the fallback for older publishers.
      const elog = log.child(
        log.bindings().requestId ? { eventId: event.id } : { eventId: event.id, requestId: event.requestId },
      );
      const applied = await applyOrderEventOnce(db, durable, event);
      elog.info(
        { type: event.type, applied },
        applied ? 'projection updated' : 'event already applied; skipped',
      );
    },
  });
}

/**
 * The order events this projection keeps, validated against their contract; null for other
 * order events (new types must not block the stream while this projection ignores them).
 */
export function parseOrderEvent(raw: unknown): OrderEvent | null {
  return parseEnvelope(raw, { OrderPlaced, OrderStatusChanged });
}

/**
 * Applies an event at most once per consumer: the processed_events row and the read-model
 * change commit together, so a redelivery (or a second copy under another Nats-Msg-Id) finds
 * the row and changes nothing. Returns whether the event changed the projection. Holds the
 * projection's shared lock, so a rebuild's swap (which takes it exclusively) never races it.
 */
export async function applyOrderEventOnce(db: Db, consumer: string, event: OrderEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    await holdProjectionShared(tx, ORDER_STATS_DURABLE);
    return applyOrderEventIn(tx, consumer, event);
  });
}

/** The guarded apply inside the caller's transaction (the live consumer's, or a rebuild's). */
export async function applyOrderEventIn(tx: Tx, consumer: string, event: OrderEvent): Promise<boolean> {
  if (!(await firstTimeFor(tx, consumer, event.id))) return false;
  // One order's events one after the other (two copies of one order under two event ids, a
  // status change racing its OrderPlaced): every rule below reads the order's row, then writes.
  await lockKey(tx, 'order', event.data.orderId);
  if (event.type === 'OrderPlaced') await applyOrderPlaced(tx, event);
  else await applyOrderStatusChanged(tx, event);
  return true;
}

/*
 * Why the tables come out the same in any delivery order, with any duplicates: an order counts
 * once, when its OrderPlaced is first seen (projection_orders.placed_at set); its current status
 * is the one with the latest time seen; the status counts move only when that current status of a
 * placed order changes. Customers' first orders keep the earliest (placedAt, orderId).
 *
 * Lock order, the same in every transaction so concurrent events cannot deadlock: the order's
 * key, then the customer's key, then the day's row, status counts by name, product rows by id,
 * growth days by date.
 */

interface OrderRow {
  status: string;
  placedAt: Date | null;
  statusAt: string | null;
}

async function orderRow(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select({
      status: projectionOrders.status,
      placedAt: projectionOrders.placedAt,
      statusAt: sql<string | null>`${projectionOrders.payload} ->> 'statusAt'`,
    })
    .from(projectionOrders)
    .where(eq(projectionOrders.orderId, orderId));
  return row ?? null;
}

async function applyOrderPlaced(tx: Tx, event: OrderPlaced): Promise<void> {
  const { data } = event;
  await lockKey(tx, 'customer', data.customerId);
  const prev = await orderRow(tx, data.orderId);
  if (prev?.placedAt) return; // this order already counted (announced under another event id)
  const placedAt = new Date(data.placedAt);
  // A row that only a status change wrote (events out of order) keeps its newer status.
  const status = prev ? prev.status : data.status;
  const payload = { ...data, statusAt: prev?.statusAt ?? data.placedAt };
  if (prev) {
    await tx
      .update(projectionOrders)
      .set({ payload, placedAt })
      .where(eq(projectionOrders.orderId, data.orderId));
  } else {
    await tx.insert(projectionOrders).values({ orderId: data.orderId, status, payload, placedAt });
  }

  const day = dubaiDay(placedAt);
  await tx
    .insert(orderStatsDaily)
    .values({ day, orders: 1, revenueFils: data.totalFils })
    .onConflictDoUpdate({
      target: orderStatsDaily.day,
      set: {
        orders: sql`${orderStatsDaily.orders} + excluded.orders`,
        revenueFils: sql`${orderStatsDaily.revenueFils} + excluded.revenue_fils`,
      },
    });
  await adjustStatusCount(tx, status, 1);

  // Units and line revenue per product on the order's day (one row per product, ids in order).
  const perProduct = new Map<string, { units: number; revenueFils: number }>();
  for (const item of data.items) {
    const p = perProduct.get(item.productId) ?? { units: 0, revenueFils: 0 };
    p.units += item.quantity;
    p.revenueFils += item.quantity * item.unitFils;
    perProduct.set(item.productId, p);
  }
  for (const [productId, p] of [...perProduct].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await tx
      .insert(productSalesDaily)
      .values({ day, productId, units: p.units, orders: 1, revenueFils: p.revenueFils })
      .onConflictDoUpdate({
        target: [productSalesDaily.day, productSalesDaily.productId],
        set: {
          units: sql`${productSalesDaily.units} + excluded.units`,
          orders: sql`${productSalesDaily.orders} + 1`,
          revenueFils: sql`${productSalesDaily.revenueFils} + excluded.revenue_fils`,
        },
      });
  }

  await applyFirstOrder(tx, data.customerId, data.orderId, placedAt);
}

/** The customer's first order is the earliest one seen; the growth table follows its day. */
async function applyFirstOrder(tx: Tx, customerId: string, orderId: string, placedAt: Date): Promise<void> {
  const day = dubaiDay(placedAt);
  // The common case, the customer's first order seen: one statement claims the row.
  const claimed = await tx
    .insert(customerFirstOrders)
    .values({ customerId, firstPlacedAt: placedAt, firstOrderId: orderId })
    .onConflictDoNothing()
    .returning({ customerId: customerFirstOrders.customerId });
  if (claimed.length > 0) {
    await adjustGrowth(tx, [[day, 1]]);
    return;
  }
  // Under the customer's lock the row that refused the insert is still there.
  const [known] = await tx
    .select()
    .from(customerFirstOrders)
    .where(eq(customerFirstOrders.customerId, customerId));
  if (!known) return;
  const earlier =
    placedAt.getTime() < known.firstPlacedAt.getTime() ||
    (placedAt.getTime() === known.firstPlacedAt.getTime() && orderId < known.firstOrderId);
  if (!earlier) return;
  await tx
    .update(customerFirstOrders)
    .set({ firstPlacedAt: placedAt, firstOrderId: orderId })
    .where(eq(customerFirstOrders.customerId, customerId));
  const was = dubaiDay(known.firstPlacedAt);
  if (was !== day) {
    await adjustGrowth(tx, [
      [was, -1],
      [day, 1],
    ]);
  }
}

async function adjustGrowth(tx: Tx, moves: Array<[string, number]>): Promise<void> {
  const emptied: string[] = [];
  for (const [day, delta] of moves.sort(([a], [b]) => a.localeCompare(b))) {
    const [row] = await tx
      .insert(customerGrowthDaily)
      .values({ day, newCustomers: delta })
      .onConflictDoUpdate({
        target: customerGrowthDaily.day,
        set: { newCustomers: sql`${customerGrowthDaily.newCustomers} + excluded.new_customers` },
      })
      .returning({ newCustomers: customerGrowthDaily.newCustomers });
    if (row?.newCustomers === 0) emptied.push(day);
  }
  // A day left with no first order is no row at all: whether a customer's first order was first
  // seen on a later day depends on delivery order, and the table must not (a rebuild equals it).
  if (emptied.length === 0) return;
  await tx
    .delete(customerGrowthDaily)
    .where(and(inArray(customerGrowthDaily.day, emptied), eq(customerGrowthDaily.newCustomers, 0)));
}

async function applyOrderStatusChanged(tx: Tx, event: OrderStatusChanged): Promise<void> {
  const { data } = event;
  if (data.from === data.to) return;
  const prev = await orderRow(tx, data.orderId);
  if (!prev) {
    // Before its OrderPlaced: remember the status; the order counts when it is placed.
    await tx
      .insert(projectionOrders)
      .values({ orderId: data.orderId, status: data.to, payload: { statusAt: data.changedAt } });
    return;
  }
  // The current status only moves forward in time: an older change delivered late is ignored.
  if (prev.statusAt && new Date(prev.statusAt).getTime() > new Date(data.changedAt).getTime()) return;
  await tx
    .update(projectionOrders)
    .set({
      status: data.to,
      payload: sql`coalesce(${projectionOrders.payload}, '{}'::jsonb) || jsonb_build_object('statusAt', ${data.changedAt}::text)`,
    })
    .where(eq(projectionOrders.orderId, data.orderId));
  if (!prev.placedAt || prev.status === data.to) return;
  const moves: Array<[string, number]> = [
    [prev.status, -1],
    [data.to, 1],
  ];
  for (const [status, delta] of moves.sort(([a], [b]) => a.localeCompare(b))) {
    await adjustStatusCount(tx, status, delta);
  }
}

async function adjustStatusCount(tx: Tx, status: string, delta: number): Promise<void> {
  await tx
    .insert(orderStatusCounts)
    .values({ status, count: delta })
    .onConflictDoUpdate({
      target: orderStatusCounts.status,
      set: { count: sql`${orderStatusCounts.count} + excluded.count` },
    });
}
