import { hash } from '@node-rs/argon2';
import { sql, tables } from '@qahwa/db';
import { refreshCatalogueCounts } from '@qahwa/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
  // A member of staff who may see products but not orders (SPEC 6).
  await gw.db.insert(tables.users).values({
    email: 'catalogue@qahwa.local',
    name: 'Catalogue Staff',
    passwordHash: await hash('catalogue-pass'),
    role: 'STAFF',
    permissions: [
      { module: 'products', canView: true },
      { module: 'orders', canView: false },
    ],
  });
});
afterAll(async () => gw?.close());

async function signIn(email: string, password: string) {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const cookie = res.cookies.find((c) => c.name === 'qahwa_staff_session');
  return { res, cookie: cookie ? `qahwa_staff_session=${cookie.value}` : '', raw: cookie };
}

describe('staff sign-in', () => {
  it('refuses a wrong password with the same words as an unknown e-mail, in both languages', async () => {
    const wrong = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@qahwa.local', password: 'nope' },
    });
    const unknown = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@qahwa.local', password: 'nope' },
      headers: { 'accept-language': 'ar' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      error: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
      requestId: wrong.headers['x-request-id'],
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      success: false,
      error: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
      code: 'INVALID_CREDENTIALS',
      requestId: unknown.headers['x-request-id'],
    });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('signs the admin in with an httpOnly session cookie and reports the session (SPEC 7 shape)', async () => {
    const { res, cookie, raw } = await signIn('Admin@Qahwa.local', 'qahwa-admin-dev');
    expect(res.statusCode).toBe(200);
    // Scoped to the back office: the storefront's pages and /api proxy never carry it.
    expect(raw).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/backend' });
    const session = await gw.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    const { user } = session.json();
    expect(user).toMatchObject({ email: 'admin@qahwa.local', role: 'ADMIN', name: 'Store Admin' });
    expect(user.permissions).toContainEqual({ module: 'orders', canView: true });
  });

  it('answers a null user without a cookie or with a forged one', async () => {
    const none = await gw.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(none.json()).toEqual({ user: null });
    const forged = await gw.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'qahwa_staff_session=made-up-token.signature' },
    });
    expect(forged.json()).toEqual({ user: null });
  });

  it('signs out for real: the session no longer works afterwards', async () => {
    const { cookie } = await signIn('admin@qahwa.local', 'qahwa-admin-dev');
    const out = await gw.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.json()).toEqual({ success: true });
    const after = await gw.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
    const orders = await gw.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } });
    expect(orders.statusCode).toBe(401);
  });
});

describe('back-office reads', () => {
  it('keeps the orders away from signed-out visitors', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/admin/orders' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      error: 'Please sign in.',
      code: 'UNAUTHENTICATED',
      requestId: res.headers['x-request-id'],
    });
  });

  it('refuses staff without the orders permission (SPEC 6)', async () => {
    const { cookie } = await signIn('catalogue@qahwa.local', 'catalogue-pass');
    const res = await gw.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'You do not have access to this page.',
      code: 'FORBIDDEN',
      requestId: res.headers['x-request-id'],
    });
  });

  it('lists orders and the dashboard for the admin', async () => {
    const { cookie } = await signIn('admin@qahwa.local', 'qahwa-admin-dev');
    const orders = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/orders?limit=10',
      headers: { cookie },
    });
    expect(orders.statusCode).toBe(200);
    expect(orders.json()).toEqual({ orders: [], total: 0 });
    // The dashboard counts from projections; the workers refresh the catalogue's at start.
    await refreshCatalogueCounts(gw.db);
    const dash = await gw.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(dash.statusCode).toBe(200);
    // The seed's promotions in force today (one of each type, ANNIVERSARY_2025 included: docs/promotions.md).
    const inForce = await gw.db.execute<{ n: number }>(
      sql`select count(*)::int as n from promotions where is_active and start_date <= now() and end_date >= now()`,
    );
    expect(inForce.rows[0]!.n).toBeGreaterThan(0);
    expect(dash.json()).toMatchObject({
      totalProducts: 14,
      activePromotions: inForce.rows[0]!.n,
      today: { orders: 0, revenue: 0 },
    });
  });
});

describe('the per-account sign-in limit (failures per e-mail, then a growing delay)', () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('locks the e-mail after five failures, from any number of addresses, even for the right password', async () => {
    await gw.db.insert(tables.users).values({
      email: 'target@qahwa.local',
      name: 'Target',
      passwordHash: await hash('the-right-one'),
      role: 'STAFF',
      permissions: [],
    });
    // Each guess from a new address: the per-address limit never sees more than one.
    for (let i = 1; i <= 5; i++) {
      const res = await login('target@qahwa.local', `guess-${i}`, `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login('Target@qahwa.local', 'the-right-one', '198.51.100.50');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      success: false,
      error: 'Too many failed sign-in attempts. Please try again in 1 minutes.',
      code: 'ACCOUNT_LOCKED',
      requestId: locked.headers['x-request-id'],
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(locked.cookies).toHaveLength(0);
  });

  it('doubles the delay with each failure after the lock, and forgets the failures on success', async () => {
    await gw.db.insert(tables.users).values({
      email: 'typo@qahwa.local',
      name: 'Typo',
      passwordHash: await hash('correct horse'),
      role: 'STAFF',
      permissions: [],
    });
    const { tables: t } = await import('@qahwa/db');
    const { eq } = await import('drizzle-orm');
    for (let i = 1; i <= 5; i++) await login('typo@qahwa.local', 'wrong', `198.51.101.${i}`);
    // The first lock is 30 s; let it pass, then fail once more: 60 s.
    await gw.db
      .update(t.signInAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(t.signInAttempts.email, 'typo@qahwa.local'));
    expect((await login('typo@qahwa.local', 'wrong', '198.51.101.20')).statusCode).toBe(401);
    const second = await login('typo@qahwa.local', 'correct horse', '198.51.101.21');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);

    await gw.db
      .update(t.signInAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(t.signInAttempts.email, 'typo@qahwa.local'));
    expect((await login('typo@qahwa.local', 'correct horse', '198.51.101.22')).statusCode).toBe(200);
    const rows = await gw.db
      .select()
      .from(t.signInAttempts)
      .where(eq(t.signInAttempts.email, 'typo@qahwa.local'));
    expect(rows).toEqual([]);
  });
});

describe('the client address behind the proxies', () => {
  const attempt = (i: number, headers: Record<string, string>, remoteAddress?: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      // A new unknown e-mail each time: only the per-address limit (10 a minute) is in play.
      payload: { email: `nobody-${i}-${Math.random()}@qahwa.local`, password: 'x' },
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('does not let a made-up X-Forwarded-For entry reset the per-address limit', async () => {
    // What a proxy that appends would send: the browser's invented address, then the real one.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await attempt(i, { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.77` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not one of our proxies', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await attempt(i, { 'x-forwarded-for': `10.7.6.${i}` }, '192.0.2.44');
      statuses.push(res.statusCode);
    }
    expect(statuses[10]).toBe(429);
    const limited = await attempt(99, { 'x-forwarded-for': '10.7.6.200' }, '192.0.2.44');
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
