import type { JetStreamClient } from '@nats-io/jetstream';
import { type Db, sql, type Tx, tables } from '@qahwa/db';
import { OrderPlaced, OrderStatusChanged, STREAM_NAME } from '@qahwa/schema';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  messageJson,
} from '../durable-consumer';
import { InvalidEventError } from '../errors';
import { dubaiDay } from './dubai-day';

const { processedEvents, orderStatsDaily, orderStatusCounts, projectionOrders } = tables;

export const ORDER_STATS_DURABLE = 'order-stats';

export interface OrderStatsProjectionOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  /** Defaults to `COMMERCE`. */
  stream?: string;
  /** Durable consumer name; also the `consumer` of processed_events. Defaults to `order-stats`. */
  durable?: string;
  /** Prepended to `commerce.order.>`; must match the relay's and the stream's prefix. */
  subjectPrefix?: string;
}

export type OrderEvent = OrderPlaced | OrderStatusChanged;

export function createOrderStatsProjection(options: OrderStatsProjectionOptions): DurableConsumer {
  const { db } = options;
  const durable = options.durable ?? ORDER_STATS_DURABLE;
  return createDurableConsumer({
    ...options,
    logger: options.logger.child({ projection: 'order-stats' }),
    stream: options.stream ?? STREAM_NAME,
    durable,
    filterSubject: `${options.subjectPrefix ?? ''}commerce.order.>`,
    async handle(m, log) {
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
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') throw new InvalidEventError('message is not an event envelope (no type)');
  const schema =
    type === 'OrderPlaced' ? OrderPlaced : type === 'OrderStatusChanged' ? OrderStatusChanged : null;
  if (!schema) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new InvalidEventError(`${type} does not match its contract: ${issues}`);
  }
  return parsed.data;
}

/**
 * Applies an event at most once per consumer: the processed_events row and the read-model
 * change commit together, so a redelivery (or a second copy under another Nats-Msg-Id) finds
 * the row and changes nothing. Returns whether the event changed the projection.
 */
export async function applyOrderEventOnce(db: Db, consumer: string, event: OrderEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(processedEvents)
      .values({ consumer, eventId: event.id })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId });
    if (first.length === 0) return false;
    if (event.type === 'OrderPlaced') await applyOrderPlaced(tx, event);
    else await applyOrderStatusChanged(tx, event);
    return true;
  });
}

/*
 * Lock order, the same in every transaction so concurrent events cannot deadlock: the order's
 * projection_orders row, then the day's row, then status counts by status name. The order row
 * comes first, so two events of one order also run one after the other.
 */

async function applyOrderPlaced(tx: Tx, event: OrderPlaced): Promise<void> {
  const { data } = event;
  // One order counts once even if it was announced twice under two event ids. A row that only
  // a status change wrote (events out of order) has no placedAt yet, so it is filled in and
  // keeps its newer status.
  const placed = await tx
    .insert(projectionOrders)
    .values({ orderId: data.orderId, status: data.status, payload: { ...data, statusAt: data.placedAt } })
    .onConflictDoUpdate({
      target: projectionOrders.orderId,
      set: {
        payload: sql`excluded.payload || jsonb_strip_nulls(jsonb_build_object('statusAt', ${projectionOrders.payload} -> 'statusAt'))`,
      },
      setWhere: sql`${projectionOrders.payload} ->> 'placedAt' is null`,
    })
    .returning({ orderId: projectionOrders.orderId });
  if (placed.length === 0) return;

  await tx
    .insert(orderStatsDaily)
    .values({ day: dubaiDay(data.placedAt), orders: 1, revenueFils: data.totalFils })
    .onConflictDoUpdate({
      target: orderStatsDaily.day,
      set: {
        orders: sql`${orderStatsDaily.orders} + excluded.orders`,
        revenueFils: sql`${orderStatsDaily.revenueFils} + excluded.revenue_fils`,
      },
    });
  await adjustStatusCount(tx, data.status, 1);
}

async function applyOrderStatusChanged(tx: Tx, event: OrderStatusChanged): Promise<void> {
  const { data } = event;
  if (data.from === data.to) return;
  // The current status per order only moves forward in time; the counts are sums, so they come
  // out right in any delivery order.
  await tx
    .insert(projectionOrders)
    .values({ orderId: data.orderId, status: data.to, payload: { statusAt: data.changedAt } })
    .onConflictDoUpdate({
      target: projectionOrders.orderId,
      set: {
        status: sql`excluded.status`,
        payload: sql`coalesce(${projectionOrders.payload}, '{}'::jsonb) || jsonb_build_object('statusAt', excluded.payload -> 'statusAt')`,
      },
      setWhere: sql`(${projectionOrders.payload} ->> 'statusAt') is null
        or (${projectionOrders.payload} ->> 'statusAt')::timestamptz <= (excluded.payload ->> 'statusAt')::timestamptz`,
    });
  const moves: Array<[string, number]> = [
    [data.from, -1],
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
