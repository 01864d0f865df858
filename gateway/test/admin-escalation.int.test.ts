import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, tables } from '@qahwa/db';
import { mailCatcher } from '@qahwa/mail/testing';
import type { Permission } from '@qahwa/schema';
import type { StaffUser } from '@qahwa/schema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * `users: edit` is not a path to ADMIN (docs/users.md "Who may change whom"): only an ADMIN
 * invites, promotes, demotes, edits, deactivates or resets an ADMIN; nobody gives a module or an
 * action they do not hold; a link into an ADMIN account works only if an ADMIN issued it; every
 * change to who administers the store is audited and mailed to the other administrators.
 */
let gw: Gateway;
const inbox = mailCatcher();

beforeAll(async () => {
  gw = await startGateway();
}, 120_000);
afterAll(async () => gw?.close());

/** The back office's own origin: state-changing staff calls come from its pages. */
const adminOrigin = () =>
  (gw.app.deps.config as { backOfficeOrigin?: string }).backOfficeOrigin ?? 'http://localhost:3001';

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
    headers: { ...(cookie ? { cookie } : {}), 'x-locale': locale, origin: adminOrigin() },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.json() as Json & StaffUser };
}

const USERS_EDIT: Permission[] = [{ module: 'users', canView: true, canEdit: true }];

async function who(role: string, permissions: Permission[] = [], extra: { locale?: string } = {}) {
  const s = await staffCookie(gw, { role, permissions, name: `${role} ${randomUUID().slice(0, 6)}` });
  if (extra.locale)
    await gw.db.update(tables.users).set({ locale: extra.locale }).where(eq(tables.users.id, s.userId));
  return s;
}

const account = async (id: string) =>
  (await gw.db.select().from(tables.users).where(eq(tables.users.id, id)))[0];
const versionOf = async (id: string, cookie: string) =>
  (await call('GET', `/api/admin/users/${id}`, cookie)).body.version;

describe('a member of staff with users: edit', () => {
  it('cannot invite an administrator, and is told so in Arabic with the one error body', async () => {
    const manager = await who('STAFF', USERS_EDIT);
    const email = `would-be-admin-${randomUUID()}@example.ae`;
    const res = await call(
      'POST',
      '/api/admin/users',
      manager.cookie,
      { name: 'Accomplice', email, role: 'ADMIN', permissions: [], locale: 'en' },
      'ar',
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      code: 'ADMIN_ONLY',
      error: 'لا يدعو مسؤولًا أو يرقّيه أو يعدّله أو يعطّله أو يعيد تعيين كلمة مروره إلا مسؤول.',
    });
    expect(res.body.requestId).toBeTruthy();
    const rows = await gw.db.select().from(tables.users).where(eq(tables.users.email, email));
    expect(rows).toEqual([]);
  });

  it('invites only with access they hold themselves', async () => {
    const manager = await who('STAFF', [...USERS_EDIT, { module: 'orders', canView: true }]);
    const invite = (permissions: Permission[]) =>
      call('POST', '/api/admin/users', manager.cookie, {
        name: 'New colleague',
        email: `colleague-${randomUUID()}@example.ae`,
        role: 'STAFF',
        permissions,
        locale: 'en',
      });
    const payments = await invite([{ module: 'payments', canView: true }]);
    expect(payments.status).toBe(403);
    expect(payments.body.code).toBe('GRANT_NOT_HELD');
    // Orders view is held, orders edit is not.
    const ordersEdit = await invite([{ module: 'orders', canView: true, canEdit: true }]);
    expect(ordersEdit.body.code).toBe('GRANT_NOT_HELD');
    const within = await invite([
      { module: 'orders', canView: true },
      { module: 'users', canView: true, canEdit: true },
    ]);
    expect(within.status).toBe(201);
    expect((within.body.user as StaffUser).role).toBe('STAFF');
  });

  it('cannot promote an accomplice, nor give them a module or an action they lack', async () => {
    const manager = await who('STAFF', [...USERS_EDIT, { module: 'orders', canView: true }]);
    const accomplice = await who('STAFF', [{ module: 'orders', canView: true }]);
    const version = await versionOf(accomplice.userId, manager.cookie);
    const promote = await call('PATCH', `/api/admin/users/${accomplice.userId}`, manager.cookie, {
      version,
      role: 'ADMIN',
    });
    expect(promote.status).toBe(403);
    expect(promote.body.code).toBe('ADMIN_ONLY');
    for (const permissions of [
      [{ module: 'settings', canView: true }],
      [{ module: 'orders', canView: true, canEdit: true }],
    ]) {
      const grant = await call('PATCH', `/api/admin/users/${accomplice.userId}`, manager.cookie, {
        version,
        permissions,
      });
      expect(grant.status).toBe(403);
      expect(grant.body.code).toBe('GRANT_NOT_HELD');
    }
    expect(await account(accomplice.userId)).toMatchObject({
      role: 'STAFF',
      permissions: [{ module: 'orders', canView: true }],
    });
    // What they hold they may give, and take away.
    const allowed = await call('PATCH', `/api/admin/users/${accomplice.userId}`, manager.cookie, {
      version,
      permissions: [{ module: 'users', canView: true }],
    });
    expect(allowed.status).toBe(200);
  });

  it('cannot demote, edit, deactivate, reset or re-invite an administrator', async () => {
    const manager = await who('STAFF', USERS_EDIT);
    const admin = await who('ADMIN');
    const version = await versionOf(admin.userId, manager.cookie);
    const attempts = [
      call('PATCH', `/api/admin/users/${admin.userId}`, manager.cookie, { version, role: 'STAFF' }),
      call('PATCH', `/api/admin/users/${admin.userId}`, manager.cookie, { version, name: 'Renamed' }),
      call('POST', `/api/admin/users/${admin.userId}/deactivate`, manager.cookie, { version }),
      call('POST', `/api/admin/users/${admin.userId}/reset-password`, manager.cookie),
      call('POST', `/api/admin/users/${admin.userId}/resend-invite`, manager.cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ADMIN_ONLY');
    }
    expect(await account(admin.userId)).toMatchObject({ role: 'ADMIN', isActive: true });
    // The administrator is still signed in: no reset ended their sessions.
    expect((await call('GET', '/api/admin/users?limit=1', admin.cookie)).status).toBe(200);
    // A stale version does not turn the refusal into a 409 that would confirm the account's state.
    const stale = await call('POST', `/api/admin/users/${admin.userId}/deactivate`, manager.cookie, {
      version: '2000-01-01T00:00:00.000000Z',
    });
    expect(stale.status).toBe(403);
  });

  it('cannot touch an account with access they lack', async () => {
    const manager = await who('STAFF', USERS_EDIT);
    const finance = await who('STAFF', [{ module: 'payments', canView: true, canEdit: true }]);
    const version = await versionOf(finance.userId, manager.cookie);
    for (const res of [
      await call('POST', `/api/admin/users/${finance.userId}/deactivate`, manager.cookie, { version }),
      await call('POST', `/api/admin/users/${finance.userId}/reset-password`, manager.cookie),
      await call('PATCH', `/api/admin/users/${finance.userId}`, manager.cookie, {
        version,
        permissions: [],
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ACCOUNT_ABOVE');
    }
    expect(await account(finance.userId)).toMatchObject({ isActive: true });
  });

  it('opening an invitation they sent themselves gives them nothing more than they had', async () => {
    const manager = await who('STAFF', USERS_EDIT);
    const second = `my-other-address-${randomUUID()}@example.ae`;
    // The escalation: an ADMIN invitation to a mailbox of their own, then open it.
    const asAdmin = await call('POST', '/api/admin/users', manager.cookie, {
      name: 'Me again',
      email: second,
      role: 'ADMIN',
      permissions: [],
      locale: 'en',
    });
    expect(asAdmin.status).toBe(403);
    expect(await gw.db.select().from(tables.users).where(eq(tables.users.email, second))).toEqual([]);
    const sent = await call('POST', '/api/admin/users', manager.cookie, {
      name: 'Me again',
      email: second,
      role: 'STAFF',
      permissions: USERS_EDIT,
      locale: 'en',
    });
    expect(sent.status).toBe(201);
    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === second));
    const token = /set-password#token=([A-Za-z0-9_-]{43})/.exec(mail.html)?.[1];
    const set = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: { origin: adminOrigin() },
      payload: { token, password: 'a long enough password' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ role: 'STAFF' });
    expect(await account((sent.body.user as StaffUser).id)).toMatchObject({
      role: 'STAFF',
      permissions: [{ module: 'users', canView: true, canEdit: true }],
    });
  });
});

describe('a link into an administrator account', () => {
  it('works only when an administrator issued it', async () => {
    const manager = await who('STAFF', USERS_EDIT);
    // An ADMIN invitation a member of staff issued before only administrators could (or into an
    // account an administrator promoted after a colleague invited it).
    const [target] = await gw.db
      .insert(tables.users)
      .values({
        email: `invited-admin-${randomUUID()}@example.ae`,
        name: 'Invited admin',
        role: 'ADMIN',
        permissions: [],
        passwordHash: '!invite-pending',
      })
      .returning();
    const token = randomBytes(32).toString('base64url');
    await gw.db.insert(tables.staffInvites).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: target!.id,
      purpose: 'invite',
      expiresAt: new Date(Date.now() + 3_600_000),
      createdBy: manager.userId,
    });
    const check = await call('POST', '/api/auth/set-password/check', null, { token });
    expect(check.status).toBe(404);
    expect(check.body.code).toBe('LINK_INVALID');
    const set = await call('POST', '/api/auth/set-password', null, {
      token,
      password: 'a long enough password',
    });
    expect(set.status).toBe(404);
    expect((await account(target!.id))?.passwordHash).toBe('!invite-pending');

    // The administrator's own resend works.
    const admin = await who('ADMIN');
    const resent = await call('POST', `/api/admin/users/${target!.id}/resend-invite`, admin.cookie);
    expect(resent.status).toBe(200);
    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === target!.email));
    const fresh = /set-password#token=([A-Za-z0-9_-]{43})/.exec(mail.html)?.[1];
    expect((await call('POST', '/api/auth/set-password/check', null, { token: fresh })).status).toBe(200);
  });
});

describe('a change to the administrators', () => {
  it('is audited and mailed to every other administrator, each in their language', async () => {
    const actor = await who('ADMIN', [], { locale: 'en' });
    const arabic = await who('ADMIN', [], { locale: 'ar' });
    const english = await who('ADMIN', [], { locale: 'en' });
    const staff = await who('STAFF', [{ module: 'orders', canView: true }]);

    const promoted = await call('PATCH', `/api/admin/users/${staff.userId}`, actor.cookie, {
      version: await versionOf(staff.userId, actor.cookie),
      role: 'ADMIN',
    });
    expect(promoted.status).toBe(200);
    const [entry] = await gw.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.entityId, staff.userId), eq(tables.auditLog.module, 'users')))
      .orderBy(desc(tables.auditLog.createdAt));
    expect(entry).toMatchObject({ action: 'promote-admin', userId: actor.userId });
    expect(entry?.before).toMatchObject({ role: 'STAFF' });
    expect(entry?.after).toMatchObject({ role: 'ADMIN' });

    const ar = await inbox.waitForMessage(
      (m) => m.to.some((t) => t.address === arabic.email) && m.html.includes(staff.email),
    );
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.subject).toMatch(/^أصبح .* مسؤولًا في قهوة$/);
    expect(ar.html).toContain(actor.email);
    expect(ar.html).toContain(`/backend/users/${staff.userId}`);
    const en = await inbox.waitForMessage(
      (m) => m.to.some((t) => t.address === english.email) && m.html.includes(staff.email),
    );
    expect(en.subject).toMatch(/is now an administrator of qahwa$/);
    // Neither the actor nor the account itself is told by this mail.
    const all = await inbox.all();
    const aboutIt = all.filter((m) => m.subject === en.subject || m.subject === ar.subject);
    expect(aboutIt.some((m) => m.to.some((t) => t.address === actor.email))).toBe(false);
    expect(aboutIt.some((m) => m.to.some((t) => t.address === staff.email))).toBe(false);
    // Once per change and recipient.
    expect(aboutIt.filter((m) => m.to.some((t) => t.address === arabic.email))).toHaveLength(1);

    const demoted = await call('PATCH', `/api/admin/users/${staff.userId}`, actor.cookie, {
      version: await versionOf(staff.userId, actor.cookie),
      role: 'STAFF',
    });
    expect(demoted.status).toBe(200);
    const [demotion] = await gw.db
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.entityId, staff.userId))
      .orderBy(desc(tables.auditLog.createdAt));
    expect(demotion?.action).toBe('demote-admin');
    const mail = await inbox.waitForMessage(
      (m) => m.to.some((t) => t.address === english.email) && /is no longer an administrator/.test(m.subject),
    );
    expect(mail.html).toContain(staff.email);

    const invitedEmail = `new-admin-${randomUUID()}@example.ae`;
    const invited = await call('POST', '/api/admin/users', actor.cookie, {
      name: 'New Admin',
      email: invitedEmail,
      role: 'ADMIN',
      permissions: [],
      locale: 'en',
    });
    expect(invited.status).toBe(201);
    const told = await inbox.waitForMessage(
      (m) => m.to.some((t) => t.address === arabic.email) && m.html.includes(invitedEmail),
    );
    expect(told.subject).toMatch(/مسؤولًا في قهوة$/);
  }, 60_000);
});
