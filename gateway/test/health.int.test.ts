import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createDb, eq, sql, tables } from '@qahwa/db';
import type { Product } from '@qahwa/schema';
import { createOutboxRelay, ensureStream } from '@qahwa/workers';
import { type OwnNatsServer, startOwnNatsServer } from '@qahwa/workers/testing';
import { temporalAddress } from '@qahwa/workflows/testing';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Gateway, startGateway, TEST_DATABASE_URL } from './harness';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('health while NATS goes away and comes back', () => {
  let nats: OwnNatsServer;
  let nc: NatsConnection;
  let gw: Gateway;
  const run = randomUUID().slice(0, 8);
  const stream = `TEST_HEALTH_${run}`;
  const subjectPrefix = `test-${run}.`;

  beforeAll(async () => {
    nats = await startOwnNatsServer();
    nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    await ensureStream(await jetstreamManager(nc), {
      name: stream,
      subjects: [`${subjectPrefix}commerce.>`],
    });
    // The gateway's NATS probe, as server.ts builds it.
    gw = await startGateway({ probes: [{ name: 'nats', affects: 'events', check: () => nc.rtt() }] });
  });
  afterAll(async () => {
    await gw?.close();
    await nc?.close();
    await nats?.dispose();
  });

  it('is live and ready while everything answers', async () => {
    const live = await gw.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await gw.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      affected: [],
      checks: { postgres: { ok: true, critical: true }, temporal: { ok: true }, nats: { ok: true } },
    });
    // The old address answers the same report, for the scripts that know it.
    expect((await gw.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('takes orders while NATS is down (their events wait in the outbox) and publishes them once it is back', async () => {
    // maxAttempts 1: were the outage counted against the row, it would be dead-lettered at once.
    const relay = createOutboxRelay({
      db: gw.db,
      js: jetstream(nc),
      logger,
      subjectPrefix,
      maxAttempts: 1,
      publishTimeoutMs: 500,
    });
    await nats.stop();

    const ready = await gw.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'degraded',
      affected: ['events'],
      checks: { postgres: { ok: true }, nats: { ok: false, affects: 'events', critical: false } },
    });
    expect((await gw.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);

    const product: Product = (
      await gw.app.inject({ method: 'GET', url: '/api/products/colombian-supremo' })
    ).json();
    const variation = product.variations.find((v) => v.size.displayName === '250g')!;
    const order = await gw.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerInfo: { fullName: 'Fatima Al Ali', email: 'fatima@example.ae', phone: '+971 50 111 2233' },
        shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12, Flat 4' },
        items: [
          {
            id: `${product.id}-${variation.id}`,
            productId: product.id,
            variationId: variation.id,
            name: product.name,
            price: 46.8,
            quantity: 1,
            variation: { weight: '250g', beans: 'Arabica', additions: null },
          },
        ],
        // The server's total, as the checkout claims it: 46.80 and shipping 25.00.
        totalAmount: 71.8,
        subtotal: 1,
        tax: 0,
        shippingCost: 0,
        discount: 0,
        appliedCoupon: null,
        paymentProvider: 'COD',
      },
    });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ success: true });
    const orderId: string = order.json().orderId;

    const waiting = await gw.db.select().from(tables.outbox).where(eq(tables.outbox.type, 'OrderPlaced'));
    const event = waiting.find(
      (row) => (row.payload as { data: { orderId: string } }).data.orderId === orderId,
    );
    expect(event).toMatchObject({ publishedAt: null, attempts: 0 });

    const during = await relay.relayBatch();
    expect(during).toMatchObject({ published: 0, outage: true, deadLettered: 0 });
    const [stillWaiting] = await gw.db.select().from(tables.outbox).where(eq(tables.outbox.id, event!.id));
    expect(stillWaiting).toMatchObject({ publishedAt: null, attempts: 0 });

    await nats.start();
    await waitFor(
      async () => (await gw.app.inject({ method: 'GET', url: '/health/ready' })).json().status === 'ok',
      'readiness to recover',
    );
    relay.start();
    try {
      await waitFor(async () => {
        const [row] = await gw.db.select().from(tables.outbox).where(eq(tables.outbox.id, event!.id));
        return row?.publishedAt instanceof Date;
      }, 'the waiting event to be published');
    } finally {
      await relay.stop();
    }
    const jsm = await jetstreamManager(nc);
    // The order's last event on its subject (a checkout also publishes CatalogueChanged for stock).
    const stored = await jsm.streams.getMessage(stream, {
      last_by_subj: `${subjectPrefix}${event!.subject}`,
    });
    expect(stored?.header.get('Nats-Msg-Id')).toBe(event!.id);
    expect(stored?.json<{ data: { orderId: string } }>().data.orderId).toBe(orderId);
  });
});

const UNREACHABLE_TEMPORAL = '127.0.0.1:1';

describe('readiness when a dependency is missing, and request deadlines', () => {
  async function appWith(options: {
    databaseUrl: string;
    temporalAddress: string;
    handlerTimeoutMs?: number;
  }) {
    const handle = createDb(options.databaseUrl, { connectTimeoutMs: 500 });
    const connection = Connection.lazy({ address: options.temporalAddress, connectTimeout: 500 });
    const base = loadConfig({ NODE_ENV: 'test' });
    const config = {
      ...base,
      orderTimeoutMs: 100,
      http: { ...base.http, handlerTimeoutMs: options.handlerTimeoutMs ?? base.http.handlerTimeoutMs },
    };
    const app = await buildApp({ config, db: handle.db, temporal: new Client({ connection }), logger });
    return {
      app,
      async close() {
        await app.close();
        // The SDK's gRPC retry schedules its next attempt on a timer that nothing cancels, and
        // an attempt on a closed channel throws "Channel has been shut down" from that timer (an
        // unhandled error that fails the run). Against an unreachable server the probe gives up
        // at 2 s while the last attempt may still be pending: the chain ends by its 1.5 s
        // deadline plus one back-off (under 1 s), so the channel is closed after that.
        if (options.temporalAddress === UNREACHABLE_TEMPORAL) await new Promise((r) => setTimeout(r, 2_500));
        await connection.close();
        await handle.close();
      },
    };
  }

  it('answers 503 down when Postgres does not answer, and stays live', async () => {
    const gw = await appWith({
      databaseUrl: 'postgres://qahwa:qahwa@127.0.0.1:1/none',
      temporalAddress: temporalAddress(),
    });
    try {
      await gw.app.ready();
      const ready = await gw.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'down',
        affected: ['all'],
        checks: { postgres: { ok: false, critical: true }, temporal: { ok: true } },
      });
      expect((await gw.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      // A request that needs the database: "try again in a moment" with Retry-After, not a 500.
      const signup = await gw.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        headers: { 'accept-language': 'ar' },
        payload: { email: 'reader@example.ae' },
      });
      expect(signup.statusCode).toBe(503);
      expect(signup.headers['retry-after']).toBe('5');
      expect(signup.json()).toEqual({
        success: false,
        code: 'UNAVAILABLE',
        error: 'يستغرق هذا وقتًا أطول من المعتاد. يرجى المحاولة بعد لحظات.',
        requestId: signup.headers['x-request-id'],
      });
    } finally {
      await gw.close();
    }
  });

  it('stays ready while every connection of its pool is busy: a loaded gateway is not a down one', async () => {
    const busy = createDb(TEST_DATABASE_URL, { max: 1, connectTimeoutMs: 20_000 });
    const probe = createDb(TEST_DATABASE_URL, { max: 1 });
    const connection = Connection.lazy({ address: temporalAddress(), connectTimeout: 500 });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      db: busy.db,
      probeDb: probe.db,
      temporal: new Client({ connection }),
      logger,
    });
    try {
      await app.ready();
      // The pool's only connection is taken for 4 s, as orders take them under load.
      // (A drizzle query runs once it is awaited or then'd.)
      const holding = busy.db.execute(sql`select pg_sleep(4)`).then(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ checks: { postgres: { ok: true } } });
      expect(Date.now() - started).toBeLessThan(2_000);
      await holding;
    } finally {
      await app.close();
      await connection.close();
      await busy.close();
      await probe.close();
    }
  });

  it('answers 200 degraded (checkout) when Temporal does not answer', async () => {
    const gw = await appWith({ databaseUrl: TEST_DATABASE_URL, temporalAddress: UNREACHABLE_TEMPORAL });
    try {
      await gw.app.ready();
      const ready = await gw.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        affected: ['checkout'],
        checks: { postgres: { ok: true }, temporal: { ok: false, affects: 'checkout' } },
      });
    } finally {
      await gw.close();
    }
  });

  it('ends a request that overruns its deadline with 503 TIMEOUT, in the shopper language', async () => {
    const gw = await appWith({
      databaseUrl: TEST_DATABASE_URL,
      temporalAddress: temporalAddress(),
      handlerTimeoutMs: 200,
    });
    try {
      // A handler stuck on a slow dependency.
      gw.app.get(
        '/test/slow',
        async () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 2_000)),
      );
      await gw.app.ready();
      const started = Date.now();
      const res = await gw.app.inject({
        method: 'GET',
        url: '/test/slow',
        headers: { 'accept-language': 'ar' },
      });
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        error: 'يستغرق هذا وقتًا أطول من المعتاد. يرجى المحاولة بعد لحظات.',
        code: 'TIMEOUT',
        requestId: res.headers['x-request-id'],
      });
    } finally {
      await gw.close();
    }
  });
});
