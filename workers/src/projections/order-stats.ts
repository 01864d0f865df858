import { and, type Db, eq, inArray, sql, type Tx, tables } from '@qahwa/db';
import { OrderPlaced, OrderStatusChanged } from '@qahwa/schema';
import type { DurableConsumer } from '../jetstream';
import { messageJson, messageLog, parseEnvelope } from '../jetstream';
import { dubaiDay } from './dubai-day';
import { holdProjectionShared, lockKeys } from './locks';
import { createProjectionConsumer, firstTimesFor, type ProjectionOptions } from './projection-consumer';

const {
  orderStatsDaily,
  orderStatusCounts,
  projectionOrders,
  productSalesDaily,
  customerFirstOrders,
  customerGrowthDaily,
} = tables;

export const ORDER_STATS_DURABLE = 'order-stats';

/**
 * How the live consumer groups events (docs/dashboard.md, "Applied in batches"): the first event
 * of a batch waits up to `lingerMs` for others, and one transaction applies up to `max` of them.
 * The dashboard is that much later; each hot row (the day's totals, a status count, a best
 * seller's day) is written once per batch instead of once per order.
 */
export const ORDER_STATS_BATCH = { max: 200, lingerMs: 250 } as const;

export type OrderStatsProjectionOptions = ProjectionOptions & {
  batch?: { max: number; lingerMs: number };
};

export type OrderEvent = OrderPlaced | OrderStatusChanged;

export function createOrderStatsProjection(options: OrderStatsProjectionOptions): DurableConsumer {
  const { db } = options;
  const batch = options.batch ?? ORDER_STATS_BATCH;
  return createProjectionConsumer(options, {
    name: 'order-stats',
    durable: ORDER_STATS_DURABLE,
    subject: 'commerce.order.>',
    batch: {
      ...batch,
      async handle(ms, log, durable) {
        const kept: Array<{ event: OrderEvent; log: typeof log }> = [];
        for (const m of ms) {
          const mlog = messageLog(log, m);
          const event = parseOrderEvent(messageJson(m));
          if (!event) {
            mlog.debug('not an event this projection keeps');
            continue;
          }
          // The header normally carries the requestId; the envelope is the fallback for older publishers.
          const elog = mlog.child(
            mlog.bindings().requestId
              ? { eventId: event.id }
              : { eventId: event.id, requestId: event.requestId },
          );
          kept.push({ event, log: elog });
        }
        if (kept.length === 0) return;
        const applied = await applyOrderEventsOnce(
          db,
          durable,
          kept.map((k) => k.event),
        );
        kept.forEach(({ event, log: elog }, i) => {
          elog.info(
            { type: event.type, applied: applied[i], batch: kept.length },
            applied[i] ? 'projection updated' : 'event already applied; skipped',
          );
        });
      },
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
  const [applied] = await applyOrderEventsOnce(db, consumer, [event]);
  return applied ?? false;
}

/** `applyOrderEventOnce` for several events in one transaction, in their order; one answer each. */
export async function applyOrderEventsOnce(
  db: Db,
  consumer: string,
  events: OrderEvent[],
): Promise<boolean[]> {
  return db.transaction(async (tx) => {
    await holdProjectionShared(tx, ORDER_STATS_DURABLE);
    return applyOrderEventsIn(tx, consumer, events);
  });
}

/** The guarded apply inside the caller's transaction (the live consumer's, or a rebuild's). */
export async function applyOrderEventIn(tx: Tx, consumer: string, event: OrderEvent): Promise<boolean> {
  const [applied] = await applyOrderEventsIn(tx, consumer, [event]);
  return applied ?? false;
}

/*
 * Why the tables come out the same in any delivery order, with any duplicates, and in batches of
 * any size: an order counts once, when its OrderPlaced is first seen (projection_orders.placed_at
 * set); its current status is the one with the latest time seen; the status counts move only when
 * that current status of a placed order changes. Customers' first orders keep the earliest
 * (placedAt, orderId). A batch applies its events one after the other to the rows it read, then
 * writes what they add up to: a sum is the same whether it is written once or event by event; a
 * status count touched is written even when its moves cancel out (as event by event it would have
 * been); a growth day whose moves cancel out is left alone (event by event it would have reached
 * the same count, or been created and deleted again).
 *
 * Lock order, the same in every transaction so concurrent events cannot deadlock: the orders'
 * keys, then the customers' keys (each by hash), then the days' rows by date, status counts by
 * name, product rows by day and id, growth days by date.
 */

interface OrderRow {
  status: string;
  placedAt: Date | null;
  payload: Record<string, unknown> | null;
}

/** `(placedAt, orderId)` of a customer's first order. */
interface FirstOrder {
  placedAt: Date;
  orderId: string;
}

/** The guarded apply of several events inside the caller's transaction; one answer each. */
export async function applyOrderEventsIn(tx: Tx, consumer: string, events: OrderEvent[]): Promise<boolean[]> {
  const fresh = await firstTimesFor(
    tx,
    consumer,
    events.map((e) => e.id),
  );
  const seen = new Set<string>();
  const applied = events.map((e) => {
    const first = fresh.has(e.id) && !seen.has(e.id);
    seen.add(e.id);
    return first;
  });
  const todo = events.filter((_, i) => applied[i]);
  if (todo.length === 0) return applied;

  // One order's events one after the other (two copies of one order under two event ids, a
  // status change racing its OrderPlaced): every rule below reads the order's row, then writes.
  const orderIds = unique(todo.map((e) => e.data.orderId));
  const customerIds = unique(todo.flatMap((e) => (e.type === 'OrderPlaced' ? [e.data.customerId] : [])));
  await lockKeys(tx, [
    ...orderIds.map((id) => ['order', id] as const),
    ...customerIds.map((id) => ['customer', id] as const),
  ]);

  const rows = new Map<string, OrderRow>();
  for (const r of await tx
    .select({
      orderId: projectionOrders.orderId,
      status: projectionOrders.status,
      placedAt: projectionOrders.placedAt,
      payload: projectionOrders.payload,
    })
    .from(projectionOrders)
    .where(inArray(projectionOrders.orderId, orderIds))) {
    rows.set(r.orderId, { status: r.status, placedAt: r.placedAt, payload: asPayload(r.payload) });
  }

  const changed = new Set<string>();
  const days = new Sum<{ orders: number; revenueFils: number }>(() => ({ orders: 0, revenueFils: 0 }));
  const statuses = new Sum<{ count: number }>(() => ({ count: 0 }));
  const sales = new Sum<{
    day: string;
    productId: string;
    units: number;
    orders: number;
    revenueFils: number;
  }>();
  const firsts = new Map<string, FirstOrder[]>();

  for (const event of todo) {
    const { orderId } = event.data;
    const prev = rows.get(orderId) ?? null;
    if (event.type === 'OrderPlaced') {
      const { data } = event;
      if (prev?.placedAt) continue; // this order already counted (announced under another event id)
      const placedAt = new Date(data.placedAt);
      // A row that only a status change wrote (events out of order) keeps its newer status.
      const status = prev ? prev.status : data.status;
      const statusAt = statusAtOf(prev) ?? data.placedAt;
      rows.set(orderId, { status, placedAt, payload: { ...data, statusAt } });
      changed.add(orderId);

      const day = dubaiDay(placedAt);
      const d = days.at(day);
      d.orders += 1;
      d.revenueFils += data.totalFils;
      statuses.at(status).count += 1;
      // Units and line revenue per product on the order's day; the order counts once per product.
      const products = new Set<string>();
      for (const item of data.items) {
        const p = sales.at(`${day} ${item.productId}`, () => ({
          day,
          productId: item.productId,
          units: 0,
          orders: 0,
          revenueFils: 0,
        }));
        p.units += item.quantity;
        p.revenueFils += item.quantity * item.unitFils;
        if (!products.has(item.productId)) p.orders += 1;
        products.add(item.productId);
      }
      const list = firsts.get(data.customerId) ?? [];
      list.push({ placedAt, orderId });
      firsts.set(data.customerId, list);
    } else {
      const { data } = event;
      if (data.from === data.to) continue;
      if (!prev) {
        // Before its OrderPlaced: remember the status; the order counts when it is placed.
        rows.set(orderId, { status: data.to, placedAt: null, payload: { statusAt: data.changedAt } });
        changed.add(orderId);
        continue;
      }
      // The current status only moves forward in time: an older change delivered late is ignored.
      const statusAt = statusAtOf(prev);
      if (statusAt && new Date(statusAt).getTime() > new Date(data.changedAt).getTime()) continue;
      rows.set(orderId, {
        ...prev,
        status: data.to,
        payload: { ...(prev.payload ?? {}), statusAt: data.changedAt },
      });
      changed.add(orderId);
      if (!prev.placedAt || prev.status === data.to) continue;
      statuses.at(prev.status).count -= 1;
      statuses.at(data.to).count += 1;
    }
  }

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
  return applied;
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

function statusAtOf(row: OrderRow | null): string | null {
  const at = row?.payload?.statusAt;
  return typeof at === 'string' ? at : null;
}

function asPayload(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Amounts added up by key, handed out in key order (the lock order of the rows they write). */
class Sum<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly zero?: () => T) {}
  at(key: string, zero: (() => T) | undefined = this.zero): T {
    let v = this.map.get(key);
    if (v === undefined) {
      if (!zero) throw new Error(`no starting value for ${key}`);
      v = zero();
      this.map.set(key, v);
    }
    return v;
  }
  get size(): number {
    return this.map.size;
  }
  sorted(): Array<[string, T]> {
    return [...this.map].sort(([a], [b]) => compare(a, b));
  }
}
