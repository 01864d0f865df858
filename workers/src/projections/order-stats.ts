import type { JsMsg } from '@nats-io/jetstream';
import { type Db, inArray, type Tx, tables } from '@qahwa/db';
import { EVENT_SUBJECTS, OrderPlaced, OrderStatusChanged, RefundIssued } from '@qahwa/schema';
import type { Logger } from 'pino';
import type { DurableConsumer } from '../jetstream';
import { consumerGroup, messageJson, messageLog, parseEnvelope } from '../jetstream';
import { holdProjectionShared, lockKeys } from './locks';
import { foldOrderEvents, type OrderEvent, type OrderRow } from './order-stats-fold';
import { writeOrderStats } from './order-stats-write';
import { createProjectionConsumer, firstTimesFor, type ProjectionOptions } from './projection-consumer';

const { projectionOrders } = tables;

export const ORDER_STATS_DURABLE = 'order-stats';

/**
 * The subjects the projection folds, without the stream's prefix: the orders' events, and the
 * refunds (docs/dashboard.md, "Net of refunds"). Each is read by a durable of its own (below); a
 * rebuild replays both in stream order.
 */
export const ORDER_STATS_SUBJECTS = {
  orders: 'commerce.order.>',
  refunds: EVENT_SUBJECTS.RefundIssued,
} as const;

/** The refunds' durable is named after the orders' one: `order-stats-refunds`. */
export const refundsDurableOf = (durable: string) => `${durable}-refunds`;

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

export type { OrderEvent } from './order-stats-fold';

/**
 * The projection's consumers, run and reported as one: `order-stats` on the orders' subjects and
 * `order-stats-refunds` on RefundIssued. Two durables, not one with two filters: a durable's
 * filter is never changed in place (consumer-setup.ts), so a store that already runs
 * `order-stats` gains the refunds' durable at the next start, and it reads every refund in the
 * stream from the first. Both apply through the same guarded fold under ONE processed_events
 * consumer (the orders' durable name), which is what a rebuild fills.
 */
export function createOrderStatsProjection(options: OrderStatsProjectionOptions): DurableConsumer {
  const { db } = options;
  const batch = options.batch ?? ORDER_STATS_BATCH;
  const durable = options.durable ?? ORDER_STATS_DURABLE;
  const handle = async (ms: JsMsg[], log: Logger) => applyMessages(db, durable, ms, log);
  return consumerGroup([
    createProjectionConsumer(
      { ...options, durable },
      { name: 'order-stats', durable, subject: ORDER_STATS_SUBJECTS.orders, batch: { ...batch, handle } },
    ),
    createProjectionConsumer(
      { ...options, durable: refundsDurableOf(durable) },
      {
        name: 'order-stats',
        durable: refundsDurableOf(durable),
        subject: ORDER_STATS_SUBJECTS.refunds,
        batch: { ...batch, handle },
      },
    ),
  ]);
}

/** A batch of messages parsed, applied once under `consumer`'s guard, and each logged. */
async function applyMessages(db: Db, consumer: string, ms: JsMsg[], log: Logger): Promise<void> {
  const kept: Array<{ event: OrderEvent; log: Logger }> = [];
  for (const m of ms) {
    const mlog = messageLog(log, m);
    const event = parseOrderEvent(messageJson(m));
    if (!event) {
      mlog.debug('not an event this projection keeps');
      continue;
    }
    // The header normally carries the requestId; the envelope is the fallback for older publishers.
    const elog = mlog.child(
      mlog.bindings().requestId ? { eventId: event.id } : { eventId: event.id, requestId: event.requestId },
    );
    kept.push({ event, log: elog });
  }
  if (kept.length === 0) return;
  const applied = await applyOrderEventsOnce(
    db,
    consumer,
    kept.map((k) => k.event),
  );
  kept.forEach(({ event, log: elog }, i) => {
    elog.info(
      { type: event.type, applied: applied[i], batch: kept.length },
      applied[i] ? 'projection updated' : 'event already applied; skipped',
    );
  });
}

/**
 * The events this projection keeps, validated against their contract; null for other events
 * (new types must not block the stream while this projection ignores them).
 */
export function parseOrderEvent(raw: unknown): OrderEvent | null {
  return parseEnvelope(raw, { OrderPlaced, OrderStatusChanged, RefundIssued });
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

  const changes = foldOrderEvents(todo, rows);
  await writeOrderStats(tx, rows, changes);
  return applied;
}

function asPayload(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}
