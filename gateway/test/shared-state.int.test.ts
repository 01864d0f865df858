import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { hash } from '@node-rs/argon2';
import { createCatalogueRepository, createDb, type DbHandle, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { Product, ProductWriteRequest } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { createOutboxRelay, ensureStream, type OutboxRelay } from '@qahwa/workers';
import { Client } from '@temporalio/client';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Catalogue, createCatalogue } from '../src/catalogue/catalogue';
import { followCatalogueChanges } from '../src/catalogue/changes';
import { loadConfig } from '../src/config';
import { fromBackOffice, TEST_DATABASE_URL } from './harness';
import { staffCookie } from './staff-session';

/*
 * Two gateways over one database, as a load balancer would put them (docs/shared-state.md): each
 * with its own pool, its own NATS connection and its own in-memory catalogue following
 * CatalogueChanged, and one outbox relay as the workers run it. What one gateway counted or
 * changed, the other must see: the request limits, the sign-in lock, the catalogue.
 */
const run = randomUUID().slice(0, 8);
const subjectPrefix = `test-shared-${run}.`;
const stream = `TEST_SHARED_${run}`;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const LIMITS = {
  RATE_LIMIT_ORDERS: '4',
  RATE_LIMIT_NOT_FOUND: '8',
  RATE_LIMIT_COUPON_CODE: '3',
  RATE_LIMIT_SIGN_IN: '1000',
};

async function startGateway(nc: NatsConnection) {
  const handle: DbHandle = createDb(TEST_DATABASE_URL);
  const repository = createCatalogueRepository(handle.db);
  // No safety interval: a change B shows must have reached it through the event.
  const catalogue: Catalogue = createCatalogue({
    load: () => repository.allActive(),
    logger,
    refreshIntervalMs: 0,
  });
  catalogue.start();
  const follower = followCatalogueChanges(nc, catalogue, { subjectPrefix, logger });
  const app = fromBackOffice(
    await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'test', ...LIMITS }), databaseUrl: TEST_DATABASE_URL },
      db: handle.db,
      temporal: new Client(), // lazy: nothing here reaches Temporal
      logger,
      catalogue,
    }),
  );
  await app.ready();
  return {
    app,
    db: handle.db,
    async close() {
      follower.stop();
      catalogue.stop();
      await app.close();
      await handle.close();
    },
  };
}
type Gateway = Awaited<ReturnType<typeof startGateway>>;

let setup: DbHandle;
const connections: NatsConnection[] = [];
let relay: OutboxRelay;
let a: Gateway;
let b: Gateway;

beforeAll(async () => {
  setup = createDb(TEST_DATABASE_URL);
  await resetDatabase(setup.db);
  const nats = () => connect({ servers: process.env.NATS_URL ?? SERVICE_DEFAULTS.natsUrl });
  const [forRelay, forA, forB] = await Promise.all([nats(), nats(), nats()]);
  connections.push(forRelay!, forA!, forB!);
  await ensureStream(await jetstreamManager(forRelay!), {
    name: stream,
    subjects: [`${subjectPrefix}commerce.>`],
  });
  relay = createOutboxRelay({
    db: setup.db,
    js: jetstream(forRelay!),
    logger,
    subjectPrefix,
    pollIntervalMs: 50,
  });
  relay.start();
  a = await startGateway(forA!);
  b = await startGateway(forB!);
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  await a?.close();
  await b?.close();
  if (connections[0])
    await (await jetstreamManager(connections[0])).streams.delete(stream).catch(() => false);
  await Promise.all(connections.map((nc) => nc.close()));
  await setup?.close();
});

/** Sends each request to the gateway `pick` names, one after another; the statuses in order. */
async function statuses(count: number, pick: (i: number) => Gateway, request: (i: number) => InjectOptions) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await pick(i).app.inject(request(i))).statusCode);
  return seen;
}
const alternate = (i: number) => (i % 2 === 0 ? a : b);
const onlyA = () => a;

describe('request limits counted across gateways', () => {
  // An empty order: 400 while under the limit, 429 once over it (counted before validation).
  const order = (remoteAddress: string) => () => ({
    method: 'POST' as const,
    url: '/api/orders',
    payload: {},
    remoteAddress,
  });

  it('a client alternating between A and B is refused exactly where one gateway would refuse it', async () => {
    const split = await statuses(6, alternate, order('192.0.2.81'));
    const single = await statuses(6, onlyA, order('192.0.2.82'));
    expect(single).toEqual([400, 400, 400, 400, 429, 429]);
    expect(split).toEqual(single);
    // The limit is per address: another client, on either gateway, still goes on.
    expect((await b.app.inject(order('192.0.2.83')())).statusCode).toBe(400);
  });

  it('a burst at both gateways at once lets through exactly the limit, and B tells Retry-After', async () => {
    const scan = (i: number) => ({
      method: 'GET' as const,
      url: `/scan-${run}/${i}`,
      remoteAddress: '192.0.2.84',
    });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => alternate(i).app.inject(scan(i))));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 404)).toHaveLength(8);
    expect(codes.filter((c) => c === 429)).toHaveLength(12);
    const limited = await b.app.inject(scan(99));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refused checks of one coupon code count across gateways, whichever address asks', async () => {
    const check = (i: number) => ({
      method: 'POST' as const,
      url: '/api/promotions/validate',
      payload: { code: `GUESS-${run}`, orderAmount: 100, productIds: [] },
      remoteAddress: `198.51.100.${i + 1}`,
    });
    expect(await statuses(5, alternate, check)).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('the sign-in lock across gateways', () => {
  it('five failures split between A and B lock the account on both, even for the right password', async () => {
    await a.db.insert(tables.users).values({
      email: `split-${run}@qahwa.local`,
      name: 'Split',
      passwordHash: await hash('the-right-one'),
      role: 'STAFF',
      permissions: [],
    });
    const login = (password: string, i: number) => ({
      method: 'POST' as const,
      url: '/api/auth/login',
      payload: { email: `split-${run}@qahwa.local`, password },
      remoteAddress: `198.51.102.${i + 1}`,
    });
    expect(await statuses(5, alternate, (i) => login(`guess-${i}`, i))).toEqual([401, 401, 401, 401, 401]);
    for (const gw of [a, b]) {
      const locked = await gw.app.inject(login('the-right-one', 50));
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    }
  });
});

describe('the catalogue across gateways', () => {
  it('a product changed through A is served by B within a second', async () => {
    const editor = await staffCookie(a, {
      permissions: [{ module: 'products', canView: true, canEdit: true }],
    });
    const [category] = await a.db.select({ id: tables.categories.id }).from(tables.categories).limit(1);
    const slug = `shared-${run}`;
    const draft: ProductWriteRequest = {
      name: 'Ethiopia Guji',
      nameAr: 'إثيوبيا غوجي',
      description: 'Peach and jasmine',
      descriptionAr: 'خوخ وياسمين',
      slug,
      categoryId: category!.id,
      sku: null,
      price: 58,
      discountType: 'PERCENTAGE',
      discount: 0,
      images: [`/api/uploads/files/${'c'.repeat(64)}.png`],
      featured: false,
      isActive: true,
    };
    const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
      a.app.inject({ method, url, headers: { cookie: editor.cookie }, payload });

    /** How long after A answered until B serves what `seen` wants (polled every 10 ms, for 3 s). */
    async function untilB(seen: (p: Product | null) => boolean): Promise<number> {
      const since = performance.now();
      while (performance.now() - since < 3000) {
        const res = await b.app.inject({ method: 'GET', url: `/api/products/${slug}` });
        if (seen(res.statusCode === 200 ? res.json() : null)) return performance.now() - since;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('B never served the change');
    }

    expect((await b.app.inject({ method: 'GET', url: `/api/products/${slug}` })).statusCode).toBe(404);
    const created = await write('POST', '/api/admin/products', draft);
    expect(created.statusCode).toBe(201);
    const createdMs = await untilB((p) => p !== null);

    const renamed = await write('PUT', `/api/admin/products/${created.json().id}`, {
      ...draft,
      name: 'Ethiopia Guji, natural',
      version: created.json().version,
    });
    expect(renamed.statusCode).toBe(200);
    const renamedMs = await untilB((p) => p?.name === 'Ethiopia Guji, natural');
    console.log(
      `catalogue change through gateway A served by gateway B after ${createdMs.toFixed(0)} ms (new product), ${renamedMs.toFixed(0)} ms (renamed)`,
    );
    expect(createdMs).toBeLessThan(1000);
    expect(renamedMs).toBeLessThan(1000);
  });
});
