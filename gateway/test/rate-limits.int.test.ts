import { createDb, type DbHandle } from '@qahwa/db';
import { clearRateLimits } from '@qahwa/db/testing';
import type { Client } from '@temporalio/client';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fromBackOffice, TEST_DATABASE_URL } from './harness';

/**
 * The per-address limits come from the config (RATE_LIMIT_*), not from the routes: a gateway
 * started with other values enforces those. The fuzzer (scripts/fuzz.sh) relies on it.
 * No checkout reaches Temporal here: the limit is counted before the body is even validated.
 */
let handle: DbHandle;
beforeAll(() => {
  handle = createDb(TEST_DATABASE_URL);
});
afterAll(async () => handle?.close());

async function gatewayWith(env: Record<string, string>) {
  // Every gateway over this database shares the limits' counters: each app here starts a new window.
  await clearRateLimits(handle.db);
  const app = fromBackOffice(
    await buildApp({
      config: loadConfig({ NODE_ENV: 'test', ...env }),
      db: handle.db,
      temporal: {} as Client,
      logger: pino({ level: 'silent' }),
    }),
  );
  await app.ready();
  return app;
}

type App = Awaited<ReturnType<typeof gatewayWith>>;

async function statuses(app: App, count: number, request: (i: number) => InjectOptions) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await app.inject(request(i))).statusCode);
  return seen;
}

const login = (i: number) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  // A new unknown e-mail each time, so the per-account limit stays out of the way.
  payload: { email: `rate-${i}-${Math.random()}@qahwa.local`, password: 'x' },
  remoteAddress: '192.0.2.61',
});
// An empty order: refused as invalid (400) while under the limit, 429 once over it.
const order = () => ({
  method: 'POST' as const,
  url: '/api/orders',
  payload: {},
  remoteAddress: '192.0.2.62',
});
const scan = (i: number) => ({ method: 'GET' as const, url: `/scan/${i}`, remoteAddress: '192.0.2.63' });

describe('per-address limits from the config', () => {
  it('enforces lowered limits on sign-in, orders and unknown paths', async () => {
    const app = await gatewayWith({
      RATE_LIMIT_SIGN_IN: '2',
      RATE_LIMIT_ORDERS: '1',
      RATE_LIMIT_NOT_FOUND: '3',
    });
    try {
      expect(await statuses(app, 3, login)).toEqual([401, 401, 429]);
      expect(await statuses(app, 2, order)).toEqual([400, 429]);
      expect(await statuses(app, 4, scan)).toEqual([404, 404, 404, 429]);
      const limited = await app.inject(scan(9));
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('lets a raised limit through what production would refuse (the fuzz run)', async () => {
    const app = await gatewayWith({
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_ORDERS: '1000',
      RATE_LIMIT_NOT_FOUND: '1000',
    });
    try {
      // Production: the 11th sign-in, the 31st order and the 61st unknown path a minute are 429.
      expect(new Set(await statuses(app, 12, login))).toEqual(new Set([401]));
      expect(new Set(await statuses(app, 32, order))).toEqual(new Set([400]));
      expect(new Set(await statuses(app, 62, scan))).toEqual(new Set([404]));
    } finally {
      await app.close();
    }
  });
});
