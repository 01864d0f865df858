import { randomUUID } from 'node:crypto';
import { can, MENU_MODULES, type MenuModule, type Permission } from '@qahwa/schema';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTable, type RouteAccess } from '../src/auth/access';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * docs/admin.md "Access": every admin route × every module permission, with and without view and edit, built
 * from the gateway's own route table (AccessTable fills it from the same onRoute events as the
 * router), so a route added tomorrow is in the matrix without anyone editing this file.
 */

interface Caller {
  label: string;
  cookie: string | null;
  role: string;
  permissions: Permission[];
}

let gw: Gateway;
const callers: Caller[] = [];

beforeAll(async () => {
  gw = await startGateway();
  const add = async (label: string, role: string, permissions: Permission[]) => {
    const { cookie } = await staffCookie(gw, { role, permissions });
    callers.push({ label, cookie, role, permissions });
  };
  callers.push({ label: 'signed out', cookie: null, role: '', permissions: [] });
  await add('ADMIN', 'ADMIN', []);
  // 'admin' is not ADMIN: a typo in a role grants nothing.
  await add('role admin (lower case), no permissions', 'admin', []);
  await add('STAFF, no permissions', 'STAFF', []);
  // Every module switched off explicitly: the same as no entry.
  await add(
    'STAFF, every module with view and edit false',
    'STAFF',
    MENU_MODULES.map((module) => ({ module, canView: false, canEdit: false })),
  );
  for (const module of MENU_MODULES) {
    await add(`STAFF, ${module} view`, 'STAFF', [{ module, canView: true }]);
    await add(`STAFF, ${module} view+edit`, 'STAFF', [{ module, canView: true, canEdit: true }]);
    // canEdit alone implies view (schema/src/menu/menu.ts).
    await add(`STAFF, ${module} edit only`, 'STAFF', [{ module, canView: false, canEdit: true }]);
  }
}, 120_000);
afterAll(async () => gw?.close());

/** A concrete URL for a route pattern: every `:param` a well-formed id nobody has. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'x');
}

type StaffAccess = Exclude<RouteAccess, 'public'>;

describe('the access declaration', () => {
  it('covers every /api/ route; nothing under /api/admin/ is public', () => {
    const entries = gw.app.accessTable.entries;
    expect(entries.length).toBeGreaterThan(10);
    const adminPublic = entries.filter((e) => e.url.startsWith('/api/admin/') && e.access === 'public');
    expect(adminPublic).toEqual([]);
    // The routes staff had before the access table are in it with their decisions.
    const find = (method: string, url: string) =>
      entries.find((e) => e.method === method && e.url === url)?.access;
    expect(find('GET', '/api/admin/orders')).toEqual({ module: 'orders', action: 'view' });
    expect(find('POST', '/api/admin/dead-letters/:id/redrive')).toEqual({ module: 'logs', action: 'edit' });
    expect(find('POST', '/api/admin/reviews/:id/approve')).toEqual({ module: 'reviews', action: 'edit' });
    expect(find('POST', '/api/admin/reviews/:id/reply')).toEqual({ module: 'reviews', action: 'edit' });
    expect(find('GET', '/api/admin/customers/:id')).toEqual({ module: 'customers', action: 'view' });
    expect(find('GET', '/api/products')).toBe('public');
  });

  it('makes every staff write need edit: viewing a module never changes it', () => {
    const writes = gw.app.accessTable.entries.filter((e) => e.access !== 'public' && e.method !== 'GET');
    expect(writes.filter((e) => e.access !== 'public' && e.access.action !== 'edit')).toEqual([]);
  });

  it('refuses to start a server with an /api/ route that declares nothing', async () => {
    const app = Fastify();
    const table = new AccessTable('http://127.0.0.1:3001');
    app.addHook('onRoute', (r) => table.add(r));
    app.get('/health/x', async () => 'fine'); // outside /api/: not the table's concern
    app.get('/api/declared', { config: { access: 'public' } }, async () => 'fine');
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    await app.close();
  });
});

describe('every staff route × every caller', () => {
  it('answers 401 signed out, 403 without the permission, and lets through exactly those `can` allows', async () => {
    const routes = gw.app.accessTable.entries.filter(
      (e): e is typeof e & { access: StaffAccess } => e.access !== 'public',
    );
    expect(routes.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const url = concrete(route.url);
      for (const caller of callers) {
        const res = await gw.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...(caller.cookie ? { cookie: caller.cookie } : {}), 'x-locale': 'en' },
        });
        checked++;
        const allowed =
          caller.cookie !== null && can(caller, route.access.module as MenuModule, route.access.action);
        const expected = caller.cookie === null ? 401 : allowed ? 'through' : 403;
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'through';
        if (got !== expected)
          wrong.push(`${route.method} ${route.url} as ${caller.label}: ${res.statusCode}`);
        if (got !== 'through') {
          // The one error body (docs/security.md), with the reason in words.
          const body = res.json();
          expect(body).toMatchObject({ success: false, code: got === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
          expect(body.requestId).toBeTruthy();
        } else {
          // Let through means the route itself answered: never a server error.
          expect(res.statusCode, `${route.method} ${route.url} as ${caller.label}`).toBeLessThan(500);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(routes.length * callers.length);
  }, 300_000);

  it('refuses before reading the body: a signed-out write with a malformed body is 401, not 400', async () => {
    const writes = gw.app.accessTable.entries.filter((e) => e.access !== 'public' && e.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const res = await gw.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { 'content-type': 'application/json' },
        payload: '{"not json',
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('keeps the storefront’s public promotions list public and the full list staff-only', async () => {
    const shopper = await gw.app.inject({ method: 'GET', url: '/api/promotions?active=true' });
    expect(shopper.statusCode).toBe(200);
    const full = await gw.app.inject({ method: 'GET', url: '/api/promotions' });
    expect(full.statusCode).toBe(401);
    const sneaky = await gw.app.inject({ method: 'GET', url: '/api/promotions?active=false' });
    expect(sneaky.statusCode).toBe(401);
  });
});
