import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, sql, tables } from '@qahwa/db';
import { mailCatcher } from '@qahwa/mail/testing';
import type { StaffUser } from '@qahwa/schema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * The users screen (docs/users.md): invitations by one-time link through real SMTP (MailDev),
 * deactivation, the last-administrator rule under concurrency, the permission grid and `can` on
 * the next request. Real PostgreSQL, real argon2, the real gateway through inject().
 */
let gw: Gateway;
const inbox = mailCatcher();

beforeAll(async () => {
  // These tests sign many accounts in from one address; the per-address limit has its own test.
  const base = loadConfig({ NODE_ENV: 'test' });
  gw = await startGateway({
    config: { rateLimits: { ...base.rateLimits, signIn: { max: 10_000, timeWindow: 60_000 } } },
  });
}, 120_000);
afterAll(async () => gw?.close());

type Json = Record<string, unknown>;
async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  cookie: string | null,
  payload?: unknown,
  locale = 'en',
) {
  const res = await gw.app.inject({
    method,
    url,
    // The back office's own origin: state-changing staff calls come from its pages.
    headers: {
      ...(cookie ? { cookie } : {}),
      'x-locale': locale,
      origin:
        (gw.app.deps.config as { backOfficeOrigin?: string }).backOfficeOrigin ?? 'http://localhost:3001',
    },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.json() as Json & StaffUser, res };
}

/** An account with a real password, signed in through the real sign-in route. */
async function member(
  role: 'ADMIN' | 'STAFF',
  permissions: { module: string; canView: boolean; canEdit?: boolean }[] = [],
) {
  const email = `users-${randomUUID()}@qahwa.local`;
  const password = `pw-${randomUUID()}`;
  const [u] = await gw.db
    .insert(tables.users)
    .values({ email, name: `Member ${role}`, passwordHash: await hash(password), role, permissions })
    .returning({ id: tables.users.id });
  return { id: u!.id, email, password, cookie: await signIn(email, password) };
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const c = res.cookies.find((x) => x.name === 'qahwa_staff_session');
  return c ? `qahwa_staff_session=${c.value}` : '';
}

async function sessionOf(cookie: string) {
  const res = await gw.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return (res.json() as { user: { id: string } | null }).user;
}

const tokenOf = (html: string) => {
  const m = /set-password#token=([A-Za-z0-9_-]{43})/.exec(html);
  if (!m?.[1]) throw new Error('no link in the e-mail');
  return m[1];
};

describe('an invitation by e-mail', () => {
  it('mails a one-time link in the invitee’s language that sets the password once, then signs them in', async () => {
    const admin = await member('ADMIN');
    const email = `invitee-${randomUUID()}@example.ae`;
    const invited = await call('POST', '/api/admin/users', admin.cookie, {
      name: 'سارة المنصوري',
      email,
      role: 'STAFF',
      permissions: [{ module: 'orders', canView: true }],
      locale: 'ar',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.mailSent).toBe(true);
    const user = invited.body.user as StaffUser;
    expect(user).toMatchObject({ email, status: 'invited', role: 'STAFF', locale: 'ar' });
    expect(user.pendingLink?.purpose).toBe('invite');
    // 72 hours by default (STAFF_LINK_TTL_HOURS).
    const ttl = new Date(user.pendingLink!.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(71.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(72 * 3600_000);

    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === email), 15_000);
    expect(mail.subject).toBe('دعوة إلى لوحة إدارة قهوة');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('http://127.0.0.1:3001/backend/login/set-password#token=');
    const token = tokenOf(mail.html);
    // Only the token's SHA-256 is stored.
    const stored = await gw.db
      .select()
      .from(tables.staffInvites)
      .where(eq(tables.staffInvites.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.tokenHash).not.toContain(token);
    const [sent] = await gw.db
      .select()
      .from(tables.emails)
      .where(and(eq(tables.emails.purpose, 'staff-invite'), eq(tables.emails.recipient, email)));
    expect(sent?.status).toBe('sent');

    // Before accepting, the account cannot sign in with anything.
    expect(await signIn(email, '')).toBe('');

    const check = await call('POST', '/api/auth/set-password/check', null, { token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ email, name: 'سارة المنصوري', purpose: 'invite' });

    const weak = await call('POST', '/api/auth/set-password', null, { token, password: 'short' }, 'ar');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD', error: 'استخدم 10 أحرف على الأقل.' });

    const set = await call('POST', '/api/auth/set-password', null, { token, password: 'a long enough pass' });
    expect(set.status).toBe(200);
    expect((set.body.user as { email: string }).email).toBe(email);
    const cookie = set.res.cookies.find((c) => c.name === 'qahwa_staff_session');
    expect(cookie?.httpOnly).toBe(true);
    // Their saved language comes with the session (docs/users.md).
    expect(set.res.cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('ar');
    expect(await sessionOf(`qahwa_staff_session=${cookie!.value}`)).toMatchObject({ email });

    const again = await call('POST', '/api/auth/set-password', null, {
      token,
      password: 'another long pass',
    });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ success: false, code: 'LINK_USED' });
    expect(await signIn(email, 'another long pass')).toBe('');
    expect(await signIn(email, 'a long enough pass')).not.toBe('');
    const after = await call('GET', `/api/admin/users/${user.id}`, admin.cookie);
    expect(after.body).toMatchObject({ status: 'active', pendingLink: null });
  }, 60_000);

  it('signing in through a link ends the session the same browser held before, as a sign-in does', async () => {
    const admin = await member('ADMIN');
    const email = `shared-browser-${randomUUID()}@example.ae`;
    const invited = await call('POST', '/api/admin/users', admin.cookie, {
      name: 'Shared Browser',
      email,
      role: 'STAFF',
      permissions: [{ module: 'orders', canView: true }],
      locale: 'en',
    });
    expect(invited.body).toMatchObject({ user: { email } });
    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === email), 15_000);
    // The invitee opens the link in the browser the admin is signed in on.
    const set = await call('POST', '/api/auth/set-password', admin.cookie, {
      token: tokenOf(mail.html),
      password: 'a long enough pass',
    });
    expect(set.status).toBe(200);
    const cookie = set.res.cookies.find((c) => c.name === 'qahwa_staff_session');
    expect(await sessionOf(`qahwa_staff_session=${cookie!.value}`)).toMatchObject({ email });
    // The admin's session in that browser is over; the cookie replaced it.
    expect(await sessionOf(admin.cookie)).toBeNull();
  }, 60_000);

  it('refuses an expired link, an unknown one, and a taken e-mail', async () => {
    const admin = await member('ADMIN');
    const email = `late-${randomUUID()}@example.ae`;
    const invited = await call('POST', '/api/admin/users', admin.cookie, {
      name: 'Late Comer',
      email,
      role: 'STAFF',
      locale: 'en',
    });
    expect(invited.status).toBe(201);
    const token = tokenOf((await inbox.waitForMessage((m) => m.to.some((t) => t.address === email))).html);
    await gw.db
      .update(tables.staffInvites)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tables.staffInvites.userId, (invited.body.user as StaffUser).id));
    const expired = await call('POST', '/api/auth/set-password', null, {
      token,
      password: 'a long enough pass',
    });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      code: 'LINK_EXPIRED',
      error: 'This link has expired. Ask an administrator for a new one.',
    });
    const unknown = await call('POST', '/api/auth/set-password/check', null, { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('LINK_INVALID');

    // Resend: a fresh link works, the old one stays dead.
    const resent = await call(
      'POST',
      `/api/admin/users/${(invited.body.user as StaffUser).id}/resend-invite`,
      admin.cookie,
    );
    expect(resent.status).toBe(200);
    const mails = await inbox.messagesTo(email);
    expect(mails).toHaveLength(2);
    const fresh = tokenOf(mails[1]!.html);
    expect(fresh).not.toBe(token);
    expect(
      (await call('POST', '/api/auth/set-password', null, { token: fresh, password: 'a long enough pass' }))
        .status,
    ).toBe(200);

    const taken = await call('POST', '/api/admin/users', admin.cookie, {
      name: 'Again',
      email: email.toUpperCase(),
      role: 'STAFF',
      locale: 'en',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
  }, 60_000);
});

describe('deactivation and resets', () => {
  it('ends the account’s sessions at once and refuses sign-in until reactivated', async () => {
    const admin = await member('ADMIN');
    const staff = await member('STAFF', [{ module: 'orders', canView: true }]);
    expect(await sessionOf(staff.cookie)).toMatchObject({ id: staff.id });
    const { body: before } = await call('GET', `/api/admin/users/${staff.id}`, admin.cookie);

    const off = await call('POST', `/api/admin/users/${staff.id}/deactivate`, admin.cookie, {
      version: before.version,
    });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('inactive');
    expect(await sessionOf(staff.cookie)).toBeNull();
    expect((await call('GET', '/api/admin/orders/search', staff.cookie)).status).toBe(401);
    expect(await signIn(staff.email, staff.password)).toBe('');

    // The page the admin had open is stale now.
    const stale = await call('POST', `/api/admin/users/${staff.id}/reactivate`, admin.cookie, {
      version: before.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_USER');
    const on = await call('POST', `/api/admin/users/${staff.id}/reactivate`, admin.cookie, {
      version: off.body.version,
    });
    expect(on.status).toBe(200);
    expect(await signIn(staff.email, staff.password)).not.toBe('');

    const audit = await gw.db
      .select({ action: tables.auditLog.action, userId: tables.auditLog.userId })
      .from(tables.auditLog)
      .where(eq(tables.auditLog.entityId, staff.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['deactivate', 'reactivate']);
    expect(audit.every((a) => a.userId === admin.id)).toBe(true);
  });

  it('refuses to deactivate, demote or reset yourself', async () => {
    const admin = await member('ADMIN');
    const { body: me } = await call('GET', `/api/admin/users/${admin.id}`, admin.cookie);
    const off = await call('POST', `/api/admin/users/${admin.id}/deactivate`, admin.cookie, {
      version: me.version,
    });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({
      code: 'SELF_CHANGE',
      error: 'You cannot change your own role, permissions or status. Ask another administrator.',
    });
    const demote = await call('PATCH', `/api/admin/users/${admin.id}`, admin.cookie, {
      version: me.version,
      role: 'STAFF',
    });
    expect(demote.body.code).toBe('SELF_CHANGE');
    const reset = await call('POST', `/api/admin/users/${admin.id}/reset-password`, admin.cookie);
    expect(reset.body.code).toBe('SELF_RESET');
    // Their own name is theirs to change.
    const rename = await call('PATCH', `/api/admin/users/${admin.id}`, admin.cookie, {
      version: me.version,
      name: 'Renamed',
    });
    expect(rename.status).toBe(200);
    expect(await sessionOf(admin.cookie)).toMatchObject({ id: admin.id });
  });

  it('a reset mails a link and signs the account out everywhere', async () => {
    const admin = await member('ADMIN');
    const staff = await member('STAFF');
    const reset = await call('POST', `/api/admin/users/${staff.id}/reset-password`, admin.cookie);
    expect(reset.status).toBe(200);
    expect(reset.body.mailSent).toBe(true);
    expect(await sessionOf(staff.cookie)).toBeNull();
    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === staff.email));
    expect(mail.subject).toBe('Set a new password for the qahwa back office');
    const set = await call('POST', '/api/auth/set-password', null, {
      token: tokenOf(mail.html),
      password: 'my new long password',
    });
    expect(set.status).toBe(200);
    expect(await signIn(staff.email, staff.password)).toBe('');
    expect(await signIn(staff.email, 'my new long password')).not.toBe('');
  }, 30_000);
});

describe('the last administrator', () => {
  /** Exactly these accounts are the store's active admins (others are demoted for the test). */
  async function onlyAdmins(ids: string[]) {
    await gw.db
      .update(tables.users)
      .set({ role: 'STAFF' })
      .where(and(eq(tables.users.role, 'ADMIN'), sql`${tables.users.id} not in ${ids}`));
  }
  const activeAdmins = async () =>
    (
      await gw.db
        .select({ id: tables.users.id })
        .from(tables.users)
        .where(and(eq(tables.users.role, 'ADMIN'), eq(tables.users.isActive, true)))
    ).length;

  it('two admins demoting each other at once: one wins, the other is told, one admin remains', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await member('ADMIN');
      const b = await member('ADMIN');
      await onlyAdmins([a.id, b.id]);
      const [va, vb] = await Promise.all([
        call('GET', `/api/admin/users/${a.id}`, b.cookie),
        call('GET', `/api/admin/users/${b.id}`, a.cookie),
      ]);
      const results = await Promise.all([
        call('PATCH', `/api/admin/users/${b.id}`, a.cookie, { version: vb.body.version, role: 'STAFF' }),
        call('PATCH', `/api/admin/users/${a.id}`, b.cookie, { version: va.body.version, role: 'STAFF' }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      // The second waits for the first's locks and then finds itself demoted: no longer an
      // administrator, it may not change one (docs/users.md "Who may change whom").
      expect(statuses).toEqual([200, 403]);
      const loser = results.find((r) => r.status === 403)!;
      expect(loser.body).toMatchObject({
        code: 'ADMIN_ONLY',
        error: 'Only an administrator can invite, promote, change, deactivate or reset an administrator.',
      });
      expect(await activeAdmins()).toBe(1);
    }
  }, 60_000);

  it('two admins deactivating each other at once leave one active admin', async () => {
    const a = await member('ADMIN');
    const b = await member('ADMIN');
    await onlyAdmins([a.id, b.id]);
    const [va, vb] = await Promise.all([
      call('GET', `/api/admin/users/${a.id}`, b.cookie),
      call('GET', `/api/admin/users/${b.id}`, a.cookie),
    ]);
    const results = await Promise.all([
      call('POST', `/api/admin/users/${b.id}/deactivate`, a.cookie, { version: vb.body.version }),
      call('POST', `/api/admin/users/${a.id}/deactivate`, b.cookie, { version: va.body.version }),
    ]);
    // The loser's session ended with the winner's write: 401, or 409 if it got in first.
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await activeAdmins()).toBe(1);
  });

  it('staff with users edit cannot demote or deactivate the only admin (arabic message)', async () => {
    const a = await member('ADMIN');
    await onlyAdmins([a.id]);
    const manager = await member('STAFF', [{ module: 'users', canView: true, canEdit: true }]);
    const { body } = await call('GET', `/api/admin/users/${a.id}`, manager.cookie);
    const demote = await call(
      'PATCH',
      `/api/admin/users/${a.id}`,
      manager.cookie,
      { version: body.version, role: 'STAFF' },
      'ar',
    );
    // Only an administrator changes an administrator (docs/users.md "Who may change whom"),
    // whether or not it is the last one.
    expect(demote.status).toBe(403);
    expect(demote.body.error).toBe(
      'لا يدعو مسؤولًا أو يرقّيه أو يعدّله أو يعطّله أو يعيد تعيين كلمة مروره إلا مسؤول.',
    );
    const off = await call('POST', `/api/admin/users/${a.id}/deactivate`, manager.cookie, {
      version: body.version,
    });
    expect(off.body.code).toBe('ADMIN_ONLY');
    expect(await activeAdmins()).toBe(1);
  });
});

describe('roles and the permission grid', () => {
  it('round-trips the grid (edit implies view) and `can` applies it on the next request', async () => {
    const admin = await member('ADMIN');
    const staff = await member('STAFF', [{ module: 'products', canView: true }]);
    expect((await call('GET', '/api/admin/orders/search', staff.cookie)).status).toBe(403);
    const { body: before } = await call('GET', `/api/admin/users/${staff.id}`, admin.cookie);
    const saved = await call('PATCH', `/api/admin/users/${staff.id}`, admin.cookie, {
      version: before.version,
      permissions: [
        { module: 'orders', canView: false, canEdit: true },
        { module: 'customers', canView: true, canEdit: false },
        { module: 'products', canView: false, canEdit: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.permissions).toEqual([
      { module: 'orders', canView: true, canEdit: true },
      { module: 'customers', canView: true, canEdit: false },
    ]);
    expect((await call('GET', `/api/admin/users/${staff.id}`, admin.cookie)).body.permissions).toEqual(
      saved.body.permissions,
    );
    // Same session, next request: the new grid is what the server checks.
    expect((await call('GET', '/api/admin/orders/search', staff.cookie)).status).toBe(200);
    expect((await call('GET', '/api/admin/products', staff.cookie)).status).toBe(403);
    expect((await call('GET', '/api/admin/users', staff.cookie)).status).toBe(403);

    const promoted = await call('PATCH', `/api/admin/users/${staff.id}`, admin.cookie, {
      version: saved.body.version,
      role: 'ADMIN',
    });
    expect(promoted.body.role).toBe('ADMIN');
    expect((await call('GET', '/api/admin/users', staff.cookie)).status).toBe(200);
  });

  it('403 for staff without the users permission; view is not edit', async () => {
    const outsider = await member('STAFF', [{ module: 'orders', canView: true, canEdit: true }]);
    const list = await call('GET', '/api/admin/users', outsider.cookie);
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const invite = await call('POST', '/api/admin/users', outsider.cookie, {
      name: 'X',
      email: `x-${randomUUID()}@example.ae`,
      role: 'ADMIN',
      locale: 'en',
    });
    expect(invite.status).toBe(403);
    const viewer = await member('STAFF', [{ module: 'users', canView: true }]);
    expect((await call('GET', '/api/admin/users', viewer.cookie)).status).toBe(200);
    const { cookie } = await staffCookie(gw, { permissions: [{ module: 'users', canView: true }] });
    expect((await call('POST', `/api/admin/users/${outsider.id}/reset-password`, cookie)).status).toBe(403);
  });

  it('searches by name or e-mail and filters by status', async () => {
    const admin = await member('ADMIN');
    const tag = randomUUID().slice(0, 8);
    const email = `find-${tag}@example.ae`;
    await call('POST', '/api/admin/users', admin.cookie, {
      name: `Findable ${tag}`,
      email,
      role: 'STAFF',
      locale: 'en',
    });
    const found = await call('GET', `/api/admin/users?q=${tag}`, admin.cookie);
    expect(
      (found.body as unknown as { users: StaffUser[]; total: number }).users.map((u) => u.email),
    ).toEqual([email]);
    const invited = await call('GET', `/api/admin/users?q=${tag}&status=active`, admin.cookie);
    expect((invited.body as unknown as { total: number }).total).toBe(0);
  });
});
