import { createDb, type DbHandle } from '@qahwa/db';
import { clearRateLimits } from '@qahwa/db/testing';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fromBackOffice, TEST_DATABASE_URL } from './harness';

/*
 * Who a request is, as the gateway records and counts it: its per-address limit counts an IPv6
 * client by its /64 (an IPv4 one by its address), the browser's x-request-id is kept only in a
 * strict shape, and a refused staff sign-in leaves no e-mail in the logs (docs/security.md).
 */
let handle: DbHandle;
const lines: string[] = [];
beforeAll(() => {
  handle = createDb(TEST_DATABASE_URL);
});
afterAll(async () => handle?.close());

async function gateway(env: Record<string, string> = {}) {
  // Every gateway over this database shares the limits' counters: each app here starts a new window.
  await clearRateLimits(handle.db);
  const app = fromBackOffice(
    await buildApp({
      config: loadConfig({ NODE_ENV: 'test', ...env }),
      db: handle.db,
      temporal: {} as Client,
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    }),
  );
  await app.ready();
  return app;
}

describe('per-address limits and IPv6', () => {
  it('counts every address of one IPv6 /64 together, other /64s and IPv4 addresses apart', async () => {
    const app = await gateway({ RATE_LIMIT_NOT_FOUND: '3' });
    try {
      const scan = async (remoteAddress: string) =>
        (await app.inject({ method: 'GET', url: `/scan/${Math.random()}`, remoteAddress })).statusCode;
      // One subscriber's /64: a new address per request is still the same client.
      const sameNet = [
        '2001:db8:1:2::1',
        '2001:db8:1:2::2',
        '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
        '2001:db8:1:2::4',
      ];
      const seen = [];
      for (const address of sameNet) seen.push(await scan(address));
      expect(seen).toEqual([404, 404, 404, 429]);
      // The neighbouring /64 is another subscriber.
      expect(await scan('2001:db8:1:3::1')).toBe(404);
      // IPv4 stays per address; the IPv4-mapped form of an address is that address.
      expect([await scan('192.0.2.10'), await scan('192.0.2.10'), await scan('192.0.2.11')]).toEqual([
        404, 404, 404,
      ]);
      expect(await scan('::ffff:192.0.2.10')).toBe(404);
      expect(await scan('192.0.2.10')).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('the request id the browser sends', () => {
  it('is kept in the strict shape (8 to 64 of A-Z a-z 0-9 _ -), else replaced by a fresh one', async () => {
    const app = await gateway();
    try {
      const idOf = async (given: string) =>
        (await app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': given } }))
          .headers['x-request-id'] as string;
      for (const good of ['0b6f1e0c-9e1f-4a53-9d43-3f0c1d0c8a11', 'checkout_AB-12', 'a'.repeat(64)]) {
        expect(await idOf(good)).toBe(good);
      }
      for (const bad of [
        'short',
        'a'.repeat(65),
        'order:123:retry',
        'with.dots.in.it',
        'spaces are here',
        '../../etc/passwd',
      ]) {
        const id = await idOf(bad);
        expect(id, JSON.stringify(bad)).not.toBe(bad);
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await app.close();
    }
  });
});

describe('refused staff sign-ins in the logs', () => {
  it('logs the refusal and its request id, never the e-mail typed', async () => {
    const app = await gateway();
    try {
      lines.length = 0;
      const typed = ['amal.private@qahwa.local', 'my-password-in-the-wrong-field@x.ae'];
      for (const email of typed) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong password' },
          remoteAddress: '192.0.2.99',
        });
        expect(res.statusCode).toBe(401);
      }
      const refusals = lines.filter((l) => l.includes('sign-in refused'));
      expect(refusals).toHaveLength(2);
      expect(JSON.parse(refusals[0]!)).toMatchObject({ requestId: expect.any(String), locked: false });
      for (const email of typed) {
        expect(lines.filter((l) => l.toLowerCase().includes(email))).toEqual([]);
      }
    } finally {
      await app.close();
    }
  });
});
