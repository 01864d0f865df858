import { hash } from '@node-rs/argon2';
import { tables } from '@qahwa/db';
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
  const cookie = res.cookies.find((c) => c.name === 'qahwa_session');
  return { res, cookie: cookie ? `qahwa_session=${cookie.value}` : '', raw: cookie };
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
    expect(wrong.json()).toEqual({ error: 'Invalid email or password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('signs the admin in with an httpOnly session cookie and reports the session (SPEC 7 shape)', async () => {
    const { res, cookie, raw } = await signIn('Admin@Qahwa.local', 'qahwa-admin-dev');
    expect(res.statusCode).toBe(200);
    expect(raw).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
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
      headers: { cookie: 'qahwa_session=made-up-token.signature' },
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
    expect(res.json()).toEqual({ error: 'Please sign in.', code: 'UNAUTHENTICATED' });
  });

  it('refuses staff without the orders permission (SPEC 6)', async () => {
    const { cookie } = await signIn('catalogue@qahwa.local', 'catalogue-pass');
    const res = await gw.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You do not have access to this page.', code: 'FORBIDDEN' });
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
    const dash = await gw.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(dash.statusCode).toBe(200);
    expect(dash.json()).toMatchObject({ totalProducts: 14, activePromotions: 0, todayOrders: 0 });
  });
});
