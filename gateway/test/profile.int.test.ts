import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, tables } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Gateway, startGateway } from './harness';

/*
 * The profile (docs/users.md): any signed-in member of staff changes their own name,
 * language and password. The password change needs the current password (a wrong one counts
 * like a failed sign-in), ends every other session and keeps this one.
 */
let gw: Gateway;
beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  gw = await startGateway({
    config: { rateLimits: { ...base.rateLimits, signIn: { max: 10_000, timeWindow: 60_000 } } },
  });
}, 120_000);
afterAll(async () => gw?.close());

async function signIn(email: string, password: string) {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const c = res.cookies.find((x) => x.name === 'qahwa_staff_session');
  return { cookie: c ? `qahwa_staff_session=${c.value}` : '', res };
}

/** A member of staff with no module at all: the profile needs none. */
async function account() {
  const email = `profile-${randomUUID()}@qahwa.local`;
  const password = `old-password-${randomUUID().slice(0, 8)}`;
  const [u] = await gw.db
    .insert(tables.users)
    .values({
      email,
      name: 'Profile Person',
      passwordHash: await hash(password),
      role: 'STAFF',
      permissions: [],
    })
    .returning({ id: tables.users.id });
  return { id: u!.id, email, password };
}

const session = async (cookie: string) =>
  (
    (await gw.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json() as {
      user: unknown;
    }
  ).user;

function changePassword(cookie: string, currentPassword: string, newPassword: string, locale = 'en') {
  return gw.app.inject({
    method: 'POST',
    url: '/api/profile/password',
    headers: { cookie, 'x-locale': locale },
    payload: { currentPassword, newPassword },
  });
}

describe('the password change', () => {
  it('ends every other session of the account and keeps this one', async () => {
    const me = await account();
    const here = (await signIn(me.email, me.password)).cookie;
    const laptop = (await signIn(me.email, me.password)).cookie;
    const phone = (await signIn(me.email, me.password)).cookie;
    const other = await account();
    const someoneElse = (await signIn(other.email, other.password)).cookie;

    const res = await changePassword(here, me.password, 'a brand new passphrase');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await session(here)).toMatchObject({ id: me.id });
    expect(await session(laptop)).toBeNull();
    expect(await session(phone)).toBeNull();
    // Nobody else is signed out.
    expect(await session(someoneElse)).toMatchObject({ id: other.id });

    expect((await signIn(me.email, me.password)).cookie).toBe('');
    expect((await signIn(me.email, 'a brand new passphrase')).cookie).not.toBe('');
    const [audit] = await gw.db.select().from(tables.auditLog).where(eq(tables.auditLog.entityId, me.id));
    expect(audit).toMatchObject({ action: 'change-password', userId: me.id, before: null, after: null });
  });

  it('refuses a wrong current password in the caller’s language, counting it like a failed sign-in', async () => {
    const me = await account();
    const { cookie } = await signIn(me.email, me.password);
    const wrong = await changePassword(cookie, 'not my password', 'a brand new passphrase', 'ar');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'WRONG_PASSWORD',
      error: 'كلمة مرورك الحالية غير صحيحة.',
      issues: [{ path: '/body/currentPassword', message: 'كلمة مرورك الحالية غير صحيحة.' }],
      requestId: wrong.headers['x-request-id'],
    });
    // The session is untouched (a 401 would have sent the back office to sign-in).
    expect(await session(cookie)).toMatchObject({ id: me.id });
    // Four more (five free failures by default), then the account is locked like sign-in.
    for (let i = 0; i < 4; i++) await changePassword(cookie, `wrong ${i}`, 'a brand new passphrase');
    const locked = await changePassword(cookie, me.password, 'a brand new passphrase');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const signInLocked = await signIn(me.email, me.password);
    expect(signInLocked.res.statusCode).toBe(429);
  });

  it('holds the new password to the shared rule and refuses the same password', async () => {
    const me = await account();
    const { cookie } = await signIn(me.email, me.password);
    const short = await changePassword(cookie, me.password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'WEAK_PASSWORD', error: 'Use at least 10 characters.' });
    const same = await changePassword(cookie, me.password, me.password);
    expect(same.json().code).toBe('SAME_PASSWORD');
    expect((await signIn(me.email, me.password)).cookie).not.toBe('');
  });

  it('answers 401 signed out, before reading the body', async () => {
    const res = await gw.app.inject({ method: 'POST', url: '/api/profile/password', payload: '{not json' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect((await gw.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('name and language', () => {
  it('saves the language, sets the cookie now, and brings it back on the next sign-in', async () => {
    const me = await account();
    const { cookie } = await signIn(me.email, me.password);
    const before = await gw.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(before.json()).toEqual({
      id: me.id,
      email: me.email,
      name: 'Profile Person',
      role: 'STAFF',
      locale: null,
    });

    const saved = await gw.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { name: '  ليلى الحمادي ', locale: 'ar' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'ليلى الحمادي', locale: 'ar' });
    expect(saved.cookies.find((c) => c.name === 'NEXT_LOCALE')).toMatchObject({ value: 'ar', path: '/' });
    const [row] = await gw.db.select().from(tables.users).where(eq(tables.users.id, me.id));
    expect(row?.locale).toBe('ar');

    // A browser that says English still gets the saved Arabic after signing in.
    const again = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en', cookie: 'NEXT_LOCALE=en' },
      payload: { email: me.email, password: me.password },
    });
    expect(again.cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('ar');
    expect((await session(cookie)) as { name: string }).toMatchObject({ name: 'ليلى الحمادي' });
  });

  it('refuses a blank name', async () => {
    const me = await account();
    const { cookie } = await signIn(me.email, me.password);
    const res = await gw.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { name: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
