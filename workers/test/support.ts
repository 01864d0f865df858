import { randomUUID } from 'node:crypto';
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { createDb, type DbHandle, sql, tables } from '@qahwa/db';
import { analyticsStreamOf, type DomainEvent, subjectOf } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { ensureEventStreams } from '../src/jetstream/stream';

export { orderPlaced, orderStatusChanged, refundIssued } from './fixtures';

export const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
export const NATS_URL = process.env.NATS_URL ?? SERVICE_DEFAULTS.natsUrl;

export const logger = pino({ name: 'workers-test', level: process.env.LOG_LEVEL ?? 'silent' });

export interface Services {
  handle: DbHandle;
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** A stream and subject space of this test file's own, so runs never see each other's messages. */
  stream: string;
  subjectPrefix: string;
}

export async function connectServices(): Promise<Services> {
  const run = randomUUID().slice(0, 8);
  const nc = await connect({ servers: NATS_URL });
  return {
    handle: createDb(DATABASE_URL),
    nc,
    js: jetstream(nc),
    jsm: await jetstreamManager(nc),
    stream: `TEST_WORKERS_${run}`,
    subjectPrefix: `test-${run}.`,
  };
}

export async function closeServices(s: Services): Promise<void> {
  await s.jsm.streams.delete(s.stream).catch(() => {});
  await s.jsm.streams.delete(analyticsStreamOf(s.stream)).catch(() => {});
  await s.nc.drain();
  await s.handle.close();
}

/** What a consumer under test is given to read this file's own stream (nak delays kept short). */
export interface StreamConsumerBase {
  db: DbHandle['db'];
  js: JetStreamClient;
  logger: typeof logger;
  stream: string;
  subjectPrefix: string;
  nakDelay: { baseMs: number; maxMs: number };
}

/**
 * Connects, makes this file's streams (commerce and analytics, as the workers do) and starts the
 * consumer `create` builds on them: the set-up of every file that tests one consumer against real
 * NATS and PostgreSQL.
 */
export async function startOnStream<C extends { start(): void }>(
  create: (base: StreamConsumerBase, s: Services) => C | Promise<C>,
): Promise<{ s: Services; consumer: C }> {
  const s = await connectServices();
  await ensureEventStreams(s.jsm, { name: s.stream, subjectPrefix: s.subjectPrefix });
  const consumer = await create(
    {
      db: s.handle.db,
      js: s.js,
      logger,
      stream: s.stream,
      subjectPrefix: s.subjectPrefix,
      nakDelay: { baseMs: 100, maxMs: 500 },
    },
    s,
  );
  consumer.start();
  return { s, consumer };
}

/** Stops the consumer (its in-flight messages finish), then deletes the stream and disconnects. */
export async function stopOnStream(s: Services | undefined, consumer: { stop(): Promise<void> } | undefined) {
  await consumer?.stop();
  if (s) await closeServices(s);
}

/** Publishes an event straight to the file's stream, as the relay would, with a chosen Nats-Msg-Id. */
export function publishEvent(s: Services, event: DomainEvent, msgID: string = event.id) {
  const h = headers();
  if (event.requestId) h.set('x-request-id', event.requestId);
  return s.js.publish(`${s.subjectPrefix}${subjectOf(event.type)}`, JSON.stringify(event), {
    msgID,
    headers: h,
  });
}

/** The tables the relay writes and the order-stats tables its tests read. */
export async function cleanTables(s: Services): Promise<void> {
  await s.handle.db.execute(
    sql`truncate ${tables.outbox}, ${tables.outboxDeadLetters}, ${tables.processedEvents}, ${tables.orderStatsDaily}, ${tables.orderStatusCounts}, ${tables.projectionOrders}, ${tables.productSalesDaily}`,
  );
}

/** Polls until `check` returns a value (not undefined/false) or the time is up. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
