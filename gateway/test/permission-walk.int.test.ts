import { randomUUID } from 'node:crypto';
import { eq, inArray, tables } from '@qahwa/db';
import { mailCatcher } from '@qahwa/mail/testing';
import { can, MENU_MODULES, type MenuModule, type Permission } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/auth/access';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * The permission walk (docs/users.md "Who may change whom", docs/admin.md "Access"): every staff
 * route of the gateway's own route table, called by a STAFF member holding exactly one module
 * permission (view, then edit) and by one holding only `users: edit`. No route answers what the
 * permission does not cover, and no path — invitation, promotion, grid, reset, deactivation, the
 * profile, a link — leads to ADMIN. Every request carries the back office's origin, as its pages
 * do, so what refuses is the permission and nothing else.
 */

interface Caller {
  label: string;
  cookie: string;
  userId: string;
  email: string;
  role: string;
  permissions: Permission[];
}

let gw: Gateway;
const inbox = mailCatcher();
const callers: Caller[] = [];
let usersEditOnly: Caller;
const USERS_EDIT_ONLY: Permission[] = [{ module: 'users', canView: false, canEdit: true }];

const adminOrigin = () =>
  (gw.app.deps.config as { backOfficeOrigin?: string }).backOfficeOrigin ?? 'http://localhost:3001';

beforeAll(async () => {
  gw = await startGateway();
  const add = async (label: string, permissions: Permission[]) => {
    const s = await staffCookie(gw, { role: 'STAFF', permissions, name: label });
    const caller = { label, ...s, role: 'STAFF', permissions };
    callers.push(caller);
    return caller;
  };
  for (const module of MENU_MODULES) {
    await add(`${module}: view`, [{ module, canView: true }]);
    await add(`${module}: edit`, [{ module, canView: true, canEdit: true }]);
  }
  usersEditOnly = await add('users: edit only', USERS_EDIT_ONLY);
}, 120_000);
afterAll(async () => gw?.close());

/** A concrete URL for a route pattern: every `:param` a well-formed id nobody has. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'x');

type StaffAccess = Exclude<RouteAccess, 'public'>;

async function send(
  method: string,
  url: string,
  cookie: string | null,
  payload?: unknown,
  locale: 'en' | 'ar' = 'en',
) {
  const res = await gw.app.inject({
    method: method as 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), 'x-locale': locale, origin: adminOrigin() },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  // A CSV export or a file answers in its own format; only refusals need the error body.
  const json = (res.headers['content-type'] ?? '').toString().includes('json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Record<string, unknown> };
}

describe('every staff route, walked by each single permission', () => {
  it('answers 403 exactly where the permission does not cover the route, and never a server error', async () => {
    const routes = gw.app.accessTable.entries.filter(
      (e): e is typeof e & { access: StaffAccess } => e.access !== 'public',
    );
    // Every module has routes, and every route is walked by every caller.
    expect(new Set(routes.map((r) => r.access.module)).size).toBeGreaterThan(10);
    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const url = concrete(route.url);
      for (const caller of callers) {
        const res = await send(route.method, url, caller.cookie);
        calls++;
        const allowed = can(caller, route.access.module as MenuModule, route.access.action);
        if (!allowed && res.status !== 403)
          wrong.push(`${route.method} ${route.url} as ${caller.label}: ${res.status}`);
        if (allowed && (res.status === 401 || res.status === 403))
          wrong.push(
            `${route.method} ${route.url} as ${caller.label}: ${res.status} (should be let through)`,
          );
        if (res.status >= 500) wrong.push(`${route.method} ${route.url} as ${caller.label}: ${res.status}`);
        if (res.status === 403 && !allowed) {
          expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBe(routes.length * callers.length);
  }, 600_000);

  it('left every caller with exactly the role and grid it started with', async () => {
    const rows = await gw.db
      .select({ id: tables.users.id, role: tables.users.role, permissions: tables.users.permissions })
      .from(tables.users)
      .where(
        inArray(
          tables.users.id,
          callers.map((c) => c.userId),
        ),
      );
    for (const c of callers) {
      const row = rows.find((r) => r.id === c.userId);
      expect(row?.role, c.label).toBe('STAFF');
      expect(row?.permissions, c.label).toEqual(c.permissions);
    }
  });
});

describe('users: edit only, trying every path to ADMIN', () => {
  const admins = async () =>
    (await gw.db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.role, 'ADMIN')))
      .map((r) => r.id)
      .sort();

  it('finds none', async () => {
    const me = usersEditOnly;
    const admin = await staffCookie(gw, { role: 'ADMIN', name: 'The admin' });
    const colleague = await staffCookie(gw, { role: 'STAFF', permissions: [], name: 'A colleague' });
    const before = await admins();
    const version = async (id: string) =>
      (await send('GET', `/api/admin/users/${id}`, me.cookie)).body.version as string;
    const refused = async (what: string, res: { status: number; body: Record<string, unknown> }) => {
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      expect(res.body.success, what).toBe(false);
    };

    const ownEmail = `me-again-${randomUUID()}@example.ae`;
    await refused(
      'invite an ADMIN',
      await send('POST', '/api/admin/users', me.cookie, {
        name: 'Me again',
        email: ownEmail,
        role: 'ADMIN',
        permissions: [],
        locale: 'en',
      }),
    );
    await refused(
      'invite STAFF with modules not held',
      await send('POST', '/api/admin/users', me.cookie, {
        name: 'Me again',
        email: ownEmail,
        role: 'STAFF',
        permissions: MENU_MODULES.map((module) => ({ module, canView: true, canEdit: true })),
        locale: 'en',
      }),
    );
    await refused(
      'promote myself',
      await send('PATCH', `/api/admin/users/${me.userId}`, me.cookie, {
        version: await version(me.userId),
        role: 'ADMIN',
      }),
    );
    await refused(
      'grant myself every module',
      await send('PATCH', `/api/admin/users/${me.userId}`, me.cookie, {
        version: await version(me.userId),
        permissions: MENU_MODULES.map((module) => ({ module, canView: true, canEdit: true })),
      }),
    );
    await refused(
      'promote a colleague',
      await send('PATCH', `/api/admin/users/${colleague.userId}`, me.cookie, {
        version: await version(colleague.userId),
        role: 'ADMIN',
      }),
    );
    await refused(
      'grant a colleague a module I do not hold',
      await send('PATCH', `/api/admin/users/${colleague.userId}`, me.cookie, {
        version: await version(colleague.userId),
        permissions: [{ module: 'payments', canView: true, canEdit: true }],
      }),
    );
    const adminVersion = await version(admin.userId);
    await refused(
      'demote the admin',
      await send('PATCH', `/api/admin/users/${admin.userId}`, me.cookie, {
        version: adminVersion,
        role: 'STAFF',
      }),
    );
    await refused(
      'deactivate the admin',
      await send('POST', `/api/admin/users/${admin.userId}/deactivate`, me.cookie, { version: adminVersion }),
    );
    await refused(
      'reset the admin',
      await send('POST', `/api/admin/users/${admin.userId}/reset-password`, me.cookie),
    );
    await refused(
      'resend an invitation to the admin',
      await send('POST', `/api/admin/users/${admin.userId}/resend-invite`, me.cookie),
    );
    // The profile edits only one's own name and language: a role in the body changes nothing.
    const profile = await send('PATCH', '/api/profile', me.cookie, {
      name: 'Still staff',
      role: 'ADMIN',
      permissions: [{ module: 'settings', canView: true, canEdit: true }],
    });
    expect(profile.status).toBeLessThan(500);

    // The one invitation allowed (what I hold) opens into what I hold, nothing more.
    const allowed = await send('POST', '/api/admin/users', me.cookie, {
      name: 'Me again',
      email: ownEmail,
      role: 'STAFF',
      permissions: USERS_EDIT_ONLY,
      locale: 'en',
    });
    expect(allowed.status).toBe(201);
    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === ownEmail));
    const token = /set-password#token=([A-Za-z0-9_-]{43})/.exec(mail.html)?.[1];
    const opened = await send('POST', '/api/auth/set-password', null, {
      token,
      password: 'a long enough password',
    });
    expect(opened.status).toBe(200);
    expect((opened.body.user as { role: string }).role).toBe('STAFF');

    // Nobody became an administrator, nobody stopped being one, and my grid is what it was.
    expect(await admins()).toEqual(before);
    const [mine] = await gw.db.select().from(tables.users).where(eq(tables.users.id, me.userId));
    expect(mine).toMatchObject({ role: 'STAFF', isActive: true });
    expect(mine?.permissions).toEqual(USERS_EDIT_ONLY);
    expect(can(mine!, 'settings', 'view')).toBe(false);
    expect(can(mine!, 'payments', 'view')).toBe(false);
    const [adminRow] = await gw.db.select().from(tables.users).where(eq(tables.users.id, admin.userId));
    expect(adminRow).toMatchObject({ role: 'ADMIN', isActive: true });
  }, 120_000);
});
