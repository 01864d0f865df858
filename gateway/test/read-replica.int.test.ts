import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle } from '@qahwa/db';
import { placedOrder, resetDatabase } from '@qahwa/db/testing';
import { Client } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fromBackOffice, type Gateway, TEST_DATABASE_URL } from './harness';
import { staffCookie } from './staff-session';

/*
 * With DATABASE_READ_URL naming a hot standby, the reads that may lag a moment go there and every
 * other read stays on the primary (docs/deploy.md "Reads from the standby"). The "standby" here is
 * a second pool on the test database: what tells the two apart is which pool served the request.
 */
let primary: DbHandle;
let lagging: DbHandle;
let gw: Gateway;
let cookie: string;
let orderNumber: string;
let laggingReads = 0;

async function readsOnStandby(url: string): Promise<number> {
  const before = laggingReads;
  const res = await gw.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return laggingReads - before;
}

beforeAll(async () => {
  primary = createDb(TEST_DATABASE_URL);
  lagging = createDb(TEST_DATABASE_URL, { applicationName: 'gateway-read' });
  lagging.pool.on('acquire', () => {
    laggingReads += 1;
  });
  await resetDatabase(primary.db);
  const app = fromBackOffice(
    await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: TEST_DATABASE_URL },
      db: primary.db,
      readDb: lagging.db,
      temporal: new Client(), // lazy: nothing here reaches Temporal
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    }),
  );
  await app.ready();
  gw = { app, db: primary.db, close: async () => app.close() };
  const view = (module: string) => ({ module, canView: true });
  ({ cookie } = await staffCookie(gw, {
    permissions: [view('orders'), view('customers'), view('leads')],
  }));
  orderNumber = await placedOrder(primary.db, {
    provider: 'COD',
    customer: {
      fullName: 'Mariam Saeed',
      email: `mariam-${randomUUID()}@example.ae`,
      phone: '+971501112233',
    },
    locale: 'en',
  });
});

afterAll(async () => {
  await gw?.close();
  await lagging?.close();
  await primary?.close();
});

describe('reads from a standby (DATABASE_READ_URL)', () => {
  it('serves the back office lists and the dashboard from the standby', async () => {
    for (const url of [
      '/api/admin/orders',
      '/api/admin/orders/search',
      '/api/admin/customers',
      '/api/admin/leads',
      '/api/admin/dashboard?period=today',
    ]) {
      expect(await readsOnStandby(url), url).toBeGreaterThan(0);
    }
  });

  it("keeps an order's own page on the primary, where a staff move is read back at once", async () => {
    expect(await readsOnStandby(`/api/admin/orders/${orderNumber}`)).toBe(0);
  });
});
