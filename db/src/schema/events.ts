import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Transactional outbox: a domain event is written in the same transaction as the state it
 * describes; the relay publishes it to JetStream (Nats-Msg-Id = id) and stamps published_at.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    subject: text('subject').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('outbox_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`)],
);

/** Which consumer already applied which event: a redelivery changes nothing. */
export const processedEvents = pgTable(
  'processed_events',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
);

/** Read model: orders and revenue per day (Asia/Dubai calendar day). */
export const orderStatsDaily = pgTable('order_stats_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  revenueFils: bigint('revenue_fils', { mode: 'number' }).notNull().default(0),
});

/** Read model: how many orders are in each status now. */
export const orderStatusCounts = pgTable('order_status_counts', {
  status: text('status').primaryKey(),
  count: integer('count').notNull().default(0),
});

export const projectionOrders = pgTable('projection_orders', {
  orderId: text('order_id').primaryKey(),
  status: text('status').notNull(),
  payload: jsonb('payload'),
});
