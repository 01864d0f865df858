import { createHash, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, sql, tables } from '@qahwa/db';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { STATE_CHANGING } from '../src/auth/same-origin';
import { loadConfig } from '../src/config';
import { BACK_OFFICE_ORIGIN, fromBackOffice, type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * The staff session against other sites and against time (docs/security.md "Cross-site requests"
 * and "The staff session"): every state-changing back-office route refuses a request that did not
 * come from a back-office page, before it reads the session or the body; signing in ends the
 * browser's previous session; a session unused for the idle period is over.
 */
let gw: Gateway;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  gw = await startGateway();
  admin = await staffCookie(gw, { role: 'ADMIN' });
  for (const email of ['amal@qahwa.local', 'omar@qahwa.local']) {
    await gw.db.insert(tables.users).values({
      email,
      name: email.split('@')[0]!,
      passwordHash: await hash('a long staff passphrase'),
      role: 'ADMIN',
    });
  }
}, 60_000);
afterAll(async () => gw?.close());

const EVIL = 'https://qahwa-offers.example';

/** A concrete URL for a route pattern: every `:param` a well-formed id nobody has. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'x');

const auditRows = async () =>
  Number((await gw.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]?.n);

describe('cross-site requests to the back office', () => {
  const writes = () =>
    gw.app.accessTable.entries.filter(
      (e) =>
        STATE_CHANGING.has(e.method) && (e.access !== 'public' || /^\/api\/(auth|profile)\b/.test(e.url)),
    );

  it('refuses every state-changing staff and back-office route from another site, with or without a body', async () => {
    const routes = writes();
    // Staff writes, sign-in, sign-out, the set-password link and the profile, body-less POSTs among them.
    expect(routes.length).toBeGreaterThan(40);
    for (const url of ['/api/auth/login', '/api/auth/logout', '/api/profile']) {
      expect(routes.map((r) => r.url)).toContain(url);
    }
    const before = await auditRows();
    const wrong: string[] = [];
    const cases: Array<[string, Record<string, string | undefined>]> = [
      ['a page on another site', { origin: EVIL }],
      ['a cross-site fetch (Sec-Fetch-Site)', { origin: EVIL, 'sec-fetch-site': 'cross-site' }],
      ['the storefront, same site but not the back office', { 'sec-fetch-site': 'same-site' }],
      ['a request with neither Origin nor Sec-Fetch-Site', { origin: undefined }],
      ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
    ];
    for (const route of routes) {
      for (const [label, headers] of cases) {
        const res = await gw.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          // An ADMIN's own session: the refusal is about where the request came from, not who sent it.
          headers: { cookie: admin.cookie, 'x-locale': 'en', ...headers },
        });
        if (res.statusCode !== 403 || res.json().code !== 'CROSS_SITE_REQUEST') {
          wrong.push(
            `${route.method} ${route.url} from ${label}: ${res.statusCode} ${res.body.slice(0, 80)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    // Nothing was written: every staff write is audited, and the log did not grow.
    expect(await auditRows()).toBe(before);
  }, 300_000);

  it('answers the one error body, in the staff member’s language, before reading the body', async () => {
    const en = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/${randomUUID()}/redrive`,
      headers: { cookie: admin.cookie, origin: EVIL, 'x-locale': 'en' },
    });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({
      success: false,
      error:
        'This change did not come from a back-office page, so it was not made. Reload the page and try again.',
      code: 'CROSS_SITE_REQUEST',
      requestId: en.headers['x-request-id'],
    });
    const ar = await gw.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${randomUUID()}`,
      headers: {
        cookie: admin.cookie,
        origin: EVIL,
        'accept-language': 'ar',
        'content-type': 'application/json',
      },
      payload: '{"not json',
    });
    expect(ar.statusCode).toBe(403);
    expect(ar.json().error).toBe(
      'لم يصدر هذا التغيير من إحدى صفحات لوحة الإدارة، لذلك لم يُنفَّذ. أعد تحميل الصفحة وحاول مرة أخرى.',
    );
  });

  it('a cross-site sign-in signs nobody in (login CSRF)', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: EVIL },
      payload: { email: 'amal@qahwa.local', password: 'a long staff passphrase' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it('lets the back office’s own pages through: its Origin, or the browser’s Sec-Fetch-Site: same-origin', async () => {
    const bySite = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/${randomUUID()}/redrive`,
      // The back office opened under another name than BACKOFFICE_URL's: the browser still says same-origin.
      headers: { cookie: admin.cookie, origin: 'http://localhost:3001', 'sec-fetch-site': 'same-origin' },
    });
    const byOrigin = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/${randomUUID()}/redrive`,
      headers: { cookie: admin.cookie, origin: BACK_OFFICE_ORIGIN },
    });
    for (const res of [bySite, byOrigin]) {
      expect(res.json().code).not.toBe('CROSS_SITE_REQUEST');
      expect(res.statusCode).toBe(404);
    }
  });

  it('leaves reads and the shopper API alone (the storefront is another origin)', async () => {
    const read = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const shopper = await gw.app.inject({
      method: 'POST',
      url: '/api/shipping/calculate',
      headers: { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' },
      payload: {},
    });
    expect(shopper.json().code).not.toBe('CROSS_SITE_REQUEST');
  });

  it('documents the refusal in the OpenAPI document', async () => {
    const doc = (await gw.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/api/auth/login'].post.responses['403']).toBeDefined();
    expect(doc.paths['/api/admin/dead-letters/{id}/redrive'].post.responses['403']).toBeDefined();
  });
});

async function signIn(email: string, cookie?: string) {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'a long staff passphrase' },
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  const set = res.cookies.find((c) => c.name === 'qahwa_staff_session');
  return `qahwa_staff_session=${set!.value}`;
}

const whoIs = async (cookie: string) =>
  (await gw.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user as {
    email: string;
  } | null;

describe('signing in replaces the browser’s session', () => {
  it('ends the session the browser held, whoever’s it was', async () => {
    const amal = await signIn('amal@qahwa.local');
    expect((await whoIs(amal))?.email).toBe('amal@qahwa.local');
    // Omar signs in on the same browser: it sends Amal's cookie along.
    const omar = await signIn('omar@qahwa.local', amal);
    expect(omar).not.toBe(amal);
    expect(await whoIs(amal)).toBeNull();
    expect((await whoIs(omar))?.email).toBe('omar@qahwa.local');
    // Signing in again (the same person) also leaves one session, a new one.
    const again = await signIn('omar@qahwa.local', omar);
    expect(await whoIs(omar)).toBeNull();
    expect((await whoIs(again))?.email).toBe('omar@qahwa.local');
  });

  it('keeps the sessions of the same person on other browsers', async () => {
    const phone = await signIn('amal@qahwa.local');
    const laptop = await signIn('amal@qahwa.local');
    expect((await whoIs(phone))?.email).toBe('amal@qahwa.local');
    expect((await whoIs(laptop))?.email).toBe('amal@qahwa.local');
  });
});

describe('idle staff sessions', () => {
  const seen = async (cookie: string, hoursAgo: number) => {
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const raw = gw.app.unsignCookie(token).value!;
    const id = createHash('sha256').update(raw).digest('hex');
    await gw.db
      .update(tables.sessions)
      .set({ lastSeenAt: new Date(Date.now() - hoursAgo * 3600_000) })
      .where(eq(tables.sessions.id, id));
    return id;
  };
  const lastSeen = async (id: string) =>
    (await gw.db.select().from(tables.sessions).where(eq(tables.sessions.id, id)))[0]!.lastSeenAt;

  it('ends a session unused for 8 hours (the default), though it has not expired', async () => {
    const cookie = await signIn('amal@qahwa.local');
    await seen(cookie, 8.1);
    expect(await whoIs(cookie)).toBeNull();
    const res = await gw.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('keeps a session in use, and marks it seen at most every few minutes', async () => {
    const cookie = await signIn('omar@qahwa.local');
    const id = await seen(cookie, 7.9);
    expect((await whoIs(cookie))?.email).toBe('omar@qahwa.local');
    const refreshed = await lastSeen(id);
    expect(Date.now() - refreshed.getTime()).toBeLessThan(60_000);
    // Seen a minute ago: no write on this request.
    await seen(cookie, 1 / 60);
    const before = await lastSeen(id);
    expect((await whoIs(cookie))?.email).toBe('omar@qahwa.local');
    expect((await lastSeen(id)).getTime()).toBe(before.getTime());
  });

  it('takes the idle period from SESSION_IDLE_HOURS', async () => {
    const app = fromBackOffice(
      await buildApp({
        config: loadConfig({ NODE_ENV: 'test', SESSION_IDLE_HOURS: '1' }),
        db: gw.db,
        temporal: {} as Client,
        logger: pino({ level: 'silent' }),
      }),
    );
    try {
      const cookie = await signIn('amal@qahwa.local');
      await seen(cookie, 1.1);
      const res = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(res.json().user).toBeNull();
      // The default gateway (8 hours) still takes it.
      expect((await whoIs(cookie))?.email).toBe('amal@qahwa.local');
    } finally {
      await app.close();
    }
  });
});
