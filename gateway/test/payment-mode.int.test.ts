import { createDb, type DbHandle } from '@qahwa/db';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { TEST_DATABASE_URL } from './harness';

/*
 * GET /api/payments/mode: both apps show "Test payments: no money is taken" on every page while it
 * says so (docs/security.md "Payment doubles"); the gateway decides from what it charges with.
 */
let handle: DbHandle;
beforeAll(() => {
  handle = createDb(TEST_DATABASE_URL);
});
afterAll(async () => handle?.close());

async function modeWith(env: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', ...env }),
    db: handle.db,
    temporal: {} as Client,
    logger: pino({ level: 'silent' }),
  });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/payments/mode' });
    expect(res.statusCode).toBe(200);
    return res.json();
  } finally {
    await app.close();
  }
}

const live = {
  STRIPE_API_BASE: '',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_endpoint',
  TABBY_API_BASE: 'https://api.tabby.ai',
  TABBY_SECRET_KEY: 'sk_live_abc',
  TABBY_WEBHOOK_HEADER_VALUE: 'v'.repeat(32),
};

describe('the payment mode', () => {
  it('says test payments with the doubles or a test key, of either provider', async () => {
    expect(await modeWith({})).toEqual({ testPayments: true });
    expect(await modeWith({ ...live, STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual({ testPayments: true });
    expect(await modeWith({ ...live, TABBY_API_BASE: 'http://127.0.0.1:4010' })).toEqual({
      testPayments: true,
    });
  });

  it('says live payments with both providers live', async () => {
    expect(await modeWith(live)).toEqual({ testPayments: false });
  });
});
