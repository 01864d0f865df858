import { createDb, type DbHandle, tables } from '@qahwa/db';
import { clearRateLimits, resetDatabase } from '@qahwa/db/testing';
import { message, type Promotion } from '@qahwa/schema';
import type { Client } from '@temporalio/client';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { TEST_DATABASE_URL } from './harness';
import { staffCookie } from './staff-session';

/**
 * Coupon codes against a guesser (docs/promotions.md "Validate" and "What shoppers see"): an
 * anonymous caller learns only "works" or "not usable" whatever the reason, staff signed in to the
 * back office learn the reason, the checks are limited per address, per code and for the whole
 * store, and the storefront's list carries only the codes staff made public. Against PostgreSQL;
 * no checkout runs, so no Temporal.
 */
let handle: DbHandle;
const DAY = 86_400_000;

beforeAll(async () => {
  handle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  const add = (p: Partial<typeof tables.promotions.$inferInsert> & { name: string; code: string | null }) =>
    handle.db.insert(tables.promotions).values({
      type: 'FIXED_AMOUNT',
      value: 10,
      startDate: new Date(Date.now() - 30 * DAY),
      endDate: new Date(Date.now() + 30 * DAY),
      isActive: true,
      ...p,
    });
  await add({ name: 'Works', code: 'G-WORKS' });
  await add({ name: 'Ended', code: 'G-ENDED', endDate: new Date(Date.now() - 2 * DAY) });
  await add({ name: 'Later', code: 'G-LATER', startDate: new Date(Date.now() + 2 * DAY) });
  await add({ name: 'Off', code: 'G-OFF', isActive: false });
  await add({ name: 'Used up', code: 'G-USEDUP', maxUses: 1, uses: 1 });
  await add({ name: 'Big carts', code: 'G-MIN', minOrderFils: 1000_00 });
  await add({ name: 'Listed', code: 'G-PUBLIC', isPublic: true });
  await add({ name: 'Listed, limited', code: 'G-PUBLIC-LTD', isPublic: true, maxUses: 50 });
  await add({ name: 'Private, unlimited', code: 'G-PRIVATE' });
  await add({ name: 'Everyone, automatically', code: null, type: 'FREE_SHIPPING', value: 0 });
});
afterAll(async () => handle?.close());

async function gatewayWith(env: Record<string, string> = {}) {
  // Every gateway over this database shares the limits' counters: each app here starts a new window.
  await clearRateLimits(handle.db);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT_COUPONS: '1000',
      RATE_LIMIT_COUPON_CODE: '1000',
      RATE_LIMIT_COUPONS_ALL: '1000',
      ...env,
    }),
    db: handle.db,
    temporal: {} as Client,
    logger: pino({ level: 'silent' }),
  });
  await app.ready();
  return app;
}
type App = Awaited<ReturnType<typeof gatewayWith>>;

const check = (code: string, more: Partial<InjectOptions> = {}): InjectOptions => ({
  method: 'POST',
  url: '/api/promotions/validate',
  payload: { code, orderAmount: 100, productIds: [] },
  remoteAddress: '192.0.2.10',
  ...more,
});

const notUsable = (locale: 'en' | 'ar') => ({
  valid: false,
  error: message('coupon.notUsable', locale),
  errorCode: 'coupon.notUsable',
});

describe('what an anonymous caller learns from POST /api/promotions/validate', () => {
  let app: App;
  beforeAll(async () => {
    app = await gatewayWith();
  });
  afterAll(async () => app?.close());

  it('one "not usable" answer for every refusal: unknown, ended, not started, off, used up, minimum', async () => {
    for (const code of ['G-NOPE', 'G-ENDED', 'G-LATER', 'G-OFF', 'G-USEDUP', 'G-MIN']) {
      const res = await app.inject(check(code));
      expect(res.statusCode, code).toBe(200);
      expect(res.json(), code).toEqual(notUsable('en'));
    }
    const ar = await app.inject(check('G-ENDED', { headers: { 'x-locale': 'ar' } }));
    expect(ar.json()).toEqual(notUsable('ar'));
  });

  it('a working code still works', async () => {
    const res = await app.inject(check('g-works'));
    expect(res.json()).toMatchObject({ valid: true, discountAmount: 10, name: 'Works' });
  });

  it('staff signed in to the back office (promotions) get the reason; other staff do not', async () => {
    const gw = { app, db: handle.db } as Parameters<typeof staffCookie>[0];
    const { cookie } = await staffCookie(gw, { permissions: [{ module: 'promotions', canView: true }] });
    const reasons: Record<string, string> = {
      'G-NOPE': 'coupon.invalid',
      'G-ENDED': 'coupon.expired',
      'G-LATER': 'coupon.notStarted',
      'G-OFF': 'coupon.inactive',
      'G-USEDUP': 'coupon.usageLimit',
      'G-MIN': 'coupon.minOrder',
    };
    for (const [code, reason] of Object.entries(reasons)) {
      const res = await app.inject(check(code, { headers: { cookie } }));
      expect(res.json().errorCode, code).toBe(reason);
    }
    const other = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true }] });
    const res = await app.inject(check('G-ENDED', { headers: { cookie: other.cookie } }));
    expect(res.json()).toEqual(notUsable('en'));
  });
});

describe('limits on coupon checks', () => {
  it('per address: past the limit a 429 in the one error body, in Arabic, with Retry-After; another address goes on', async () => {
    const app = await gatewayWith({ RATE_LIMIT_COUPONS: '3' });
    try {
      const from = { remoteAddress: '192.0.2.20' };
      const seen = [];
      for (let i = 0; i < 4; i++) seen.push((await app.inject(check('G-WORKS', from))).statusCode);
      expect(seen).toEqual([200, 200, 200, 429]);
      const limited = await app.inject(check('G-WORKS', { ...from, headers: { 'x-locale': 'ar' } }));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        success: false,
        code: 'RATE_LIMITED',
        error: message('coupon.tooManyTries', 'ar'),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await app.inject(check('G-WORKS', { remoteAddress: '192.0.2.21' }))).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('per code, whoever asks: refusals of one code from many addresses stop at the limit; other codes go on', async () => {
    const app = await gatewayWith({ RATE_LIMIT_COUPON_CODE: '3' });
    try {
      const seen = [];
      for (let i = 0; i < 5; i++) {
        seen.push((await app.inject(check('G-ENDED', { remoteAddress: `198.51.100.${i + 1}` }))).statusCode);
      }
      expect(seen).toEqual([200, 200, 200, 429, 429]);
      const limited = await app.inject(check(' g-ended ', { remoteAddress: '198.51.100.50' }));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        code: 'RATE_LIMITED',
        error: message('coupon.tooManyTries', 'en'),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another code, and the working one, are still answered.
      expect((await app.inject(check('G-OFF', { remoteAddress: '198.51.100.51' }))).json()).toEqual(
        notUsable('en'),
      );
      expect((await app.inject(check('G-WORKS', { remoteAddress: '198.51.100.52' }))).json().valid).toBe(
        true,
      );
    } finally {
      await app.close();
    }
  });

  it('for the whole store: refusals of any code from any address stop everyone; working codes never count', async () => {
    const app = await gatewayWith({ RATE_LIMIT_COUPONS_ALL: '3' });
    try {
      // Shoppers whose codes work use up nothing.
      for (let i = 0; i < 6; i++) {
        const res = await app.inject(check('G-WORKS', { remoteAddress: `203.0.113.${i + 1}` }));
        expect(res.json().valid).toBe(true);
      }
      const seen = [];
      for (const [i, code] of ['G-A1', 'G-A2', 'G-A3', 'G-A4'].entries()) {
        seen.push((await app.inject(check(code, { remoteAddress: `203.0.113.${i + 20}` }))).statusCode);
      }
      expect(seen).toEqual([200, 200, 200, 429]);
      // Past it nobody learns whether a code works, a working one included.
      const after = await app.inject(check('G-WORKS', { remoteAddress: '203.0.113.99' }));
      expect(after.statusCode).toBe(429);
      // Staff checking codes in the back office are not held up.
      const gw = { app, db: handle.db } as Parameters<typeof staffCookie>[0];
      const { cookie } = await staffCookie(gw, { permissions: [{ module: 'promotions', canView: true }] });
      const staff = await app.inject(
        check('G-ENDED', { headers: { cookie }, remoteAddress: '203.0.113.98' }),
      );
      expect(staff.json().errorCode).toBe('coupon.expired');
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/promotions?active=true: only what staff made public', () => {
  it('lists public codes and automatic promotions, never a private code (limited or not)', async () => {
    const app = await gatewayWith();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/promotions?active=true' });
      expect(res.statusCode).toBe(200);
      const list: Promotion[] = res.json();
      const codes = list.map((p) => p.code);
      expect(codes).toContain('G-PUBLIC');
      expect(codes).toContain('G-PUBLIC-LTD');
      expect(list.some((p) => p.name === 'Everyone, automatically')).toBe(true);
      for (const hidden of ['G-PRIVATE', 'G-WORKS', 'G-USEDUP', 'G-MIN']) expect(codes).not.toContain(hidden);
      expect(list.every((p) => p.code === null || p.isPublic)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
