import { randomUUID } from 'node:crypto';
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createDb, type DbHandle, sql, tables } from '@qahwa/db';
import type { OrderPlaced, OrderStatusChanged } from '@qahwa/schema';
import pino from 'pino';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_test';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

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
  await s.nc.drain();
  await s.handle.close();
}

/** The tables the relay and the order-stats projection write. */
export async function cleanTables(s: Services): Promise<void> {
  await s.handle.db.execute(
    sql`truncate ${tables.outbox}, ${tables.processedEvents}, ${tables.orderStatsDaily}, ${tables.orderStatusCounts}, ${tables.projectionOrders}`,
  );
}

export function orderPlaced(
  overrides: Partial<OrderPlaced['data']> = {},
  requestId = `req-${randomUUID()}`,
): OrderPlaced {
  const placedAt = overrides.placedAt ?? '2026-03-10T08:00:00.000Z';
  return {
    id: randomUUID(),
    type: 'OrderPlaced',
    version: 1,
    occurredAt: placedAt,
    requestId,
    data: {
      orderId: randomUUID(),
      customerId: randomUUID(),
      isNewCustomer: true,
      status: 'new',
      paymentProvider: 'COD',
      totalFils: 12_500,
      placedAt,
      items: [{ productId: randomUUID(), variationId: randomUUID(), quantity: 1, unitFils: 12_500 }],
      ...overrides,
    },
  };
}

export function orderStatusChanged(
  orderId: string,
  from: OrderStatusChanged['data']['from'],
  to: OrderStatusChanged['data']['to'],
  changedAt = '2026-03-10T09:00:00.000Z',
): OrderStatusChanged {
  return {
    id: randomUUID(),
    type: 'OrderStatusChanged',
    version: 1,
    occurredAt: changedAt,
    data: { orderId, from, to, changedAt },
  };
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
