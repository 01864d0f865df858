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
  uniqueIndex,
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
    /** The last publish failure, so an operator can see why a row waits. */
    lastError: text('last_error'),
    /** Not claimed again before this time: a failing row backs off without holding up the others. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
    index('outbox_published_idx').on(t.publishedAt).where(sql`${t.publishedAt} is not null`),
  ],
);

/**
 * Outbox rows that failed too often to go on retrying (a poison event): moved here with their
 * last error so healthy rows behind them flow, and re-driven by an operator (command or admin API).
 */
export const outboxDeadLetters = pgTable('outbox_dead_letters', {
  id: uuid('id').primaryKey(),
  subject: text('subject').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  requestId: text('request_id'),
  attempts: integer('attempts').notNull(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  deadAt: timestamp('dead_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages a JetStream consumer gave up on (a poison event: not JSON, breaks its contract, or
 * failed past its delivery limit): kept with the consumer, the stream sequence and the error so an
 * operator sees them on the logs screen and re-drives them once the cause is fixed.
 */
export const consumerDeadLetters = pgTable(
  'consumer_dead_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consumer: text('consumer').notNull(),
    stream: text('stream').notNull(),
    streamSeq: bigint('stream_seq', { mode: 'number' }).notNull(),
    subject: text('subject').notNull(),
    /** The message body as received (text: it may not be JSON). */
    body: text('body').notNull(),
    headers: jsonb('headers'),
    requestId: text('request_id'),
    deliveries: integer('deliveries').notNull().default(1),
    lastError: text('last_error'),
    deadAt: timestamp('dead_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an operator re-drove it; the row stays as a record. */
    redrivenAt: timestamp('redriven_at', { withTimezone: true }),
    redrivenBy: text('redriven_by'),
  },
  (t) => [
    uniqueIndex('consumer_dead_letters_seq_uq').on(t.consumer, t.stream, t.streamSeq),
    index('consumer_dead_letters_dead_idx').on(t.deadAt),
  ],
);

/** Which consumer already applied which event: a redelivery changes nothing. */
export const processedEvents = pgTable(
  'processed_events',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.consumer, t.eventId] }),
    index('processed_events_at_idx').on(t.processedAt),
  ],
);

/**
 * Idempotency keys (as Stripe does them): a key is bound to a fingerprint of the request that
 * first used it; the same key with another body is refused. Keys expire after 24 h and are pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** SHA-256 of scope and key: the raw key is the shopper's and is never stored. */
    keyHash: text('key_hash').primaryKey(),
    scope: text('scope').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** What the key resolves to (for an order, the checkout id). */
    resourceId: text('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/**
 * The request limits' counters, shared by every gateway (docs/shared-state.md): one row per
 * limited key (a route and an address, a coupon code...), counting hits until `resets_at`, the
 * end of its fixed window, by the database's one clock. UNLOGGED (a hand-written migration): a
 * counter is worth no WAL, is not copied to a standby, and an emptied table after a crash only
 * lets a minute's requests through again. Expired rows are swept by the gateways.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

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

export const projectionOrders = pgTable(
  'projection_orders',
  {
    orderId: text('order_id').primaryKey(),
    status: text('status').notNull(),
    payload: jsonb('payload'),
    /** From OrderPlaced; null while only a status change has been seen (events out of order). */
    placedAt: timestamp('placed_at', { withTimezone: true }),
  },
  // The dashboard's recent orders: newest placed first.
  (t) => [index('projection_orders_placed_idx').on(t.placedAt.desc()).where(sql`${t.placedAt} is not null`)],
);
