import type { AuditActor } from '@qahwa/db';
import { ErrorBody, type MenuModule, type StaffAction } from '@qahwa/schema';
import type { FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { needsSameOrigin, requireSameOrigin, STATE_CHANGING } from './same-origin';
import { requireStaff } from './session';

/**
 * Who may call a route (docs/admin.md "Access"). Every route under /api/ declares it in
 * its options as `config.access`:
 * - `'public'`: shoppers, sign-in, health, webhooks (those authenticate themselves by signature);
 * - `{ module, action }`: staff with that module's permission for the action (reads 'view',
 *   writes 'edit'; ADMIN always), by the shared rule `can` (schema/src/menu/menu.ts).
 * `publicWhen` makes one request shape public on a staff route (the storefront's
 * `GET /api/promotions?active=true`); it sees the raw query, before validation.
 */
export type RouteAccess =
  | 'public'
  | { module: MenuModule; action: StaffAction; publicWhen?: (req: FastifyRequest) => boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** One staff route's declaration, written once: `r.get(url, { ...staffOnly('products'), schema }, …)`. */
export function staffOnly(
  module: MenuModule,
  action: StaffAction = 'view',
  config: Record<string, unknown> = {},
) {
  return { config: { ...config, access: { module, action } satisfies RouteAccess } };
}

/** A public route's declaration; `config` keeps its other settings (a rate limit). */
export function publicRoute(config: Record<string, unknown> = {}) {
  return { config: { ...config, access: 'public' as const } };
}

export interface AccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

/**
 * The route table's access column, built from the same onRoute events as the router, so a test
 * can walk every declared route (gateway/test/access-matrix.int.test.ts).
 */
export class AccessTable {
  readonly entries: AccessEntry[] = [];

  /** `backOfficeOrigin`: where the back office's pages are served (config.backOfficeOrigin). */
  constructor(private readonly backOfficeOrigin: string) {}

  /**
   * onRoute: refuse a route under /api/ without a declaration (the server does not start, so a
   * new route cannot ship without a decision), and make the declaration the check: a staff route
   * gets `requireStaff` as its first onRequest hook. It runs before the body is parsed or
   * validated, so a caller without the permission learns nothing of the route's contract (401 or
   * 403, never a 400 describing the body). A route may still add `requireStaff` itself: the
   * session is read once per request.
   *
   * Before that, a state-changing staff route, and a state-changing back-office route that is
   * public (sign-in, the profile: auth/same-origin.ts), refuses a request that did not come from
   * a page of the back office (403 CROSS_SITE_REQUEST), documented on the route.
   */
  add(route: RouteOptions): void {
    if (!route.url.startsWith('/api/')) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    if (!access) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access: add config.access ('public' or staffOnly(module, action))`,
      );
    }
    for (const method of methods) {
      if (method !== 'HEAD') this.entries.push({ method, url: route.url, access });
    }
    const writes = methods.some((m) => STATE_CHANGING.has(m));
    const sameOrigin =
      writes && needsSameOrigin(route.url, access !== 'public')
        ? requireSameOrigin(this.backOfficeOrigin)
        : null;
    if (sameOrigin) documentForbidden(route);
    if (access === 'public' && !sameOrigin) return;
    const check = access === 'public' ? null : requireStaff(access.module, access.action);
    const guard: onRequestHookHandler = async (req, reply) => {
      if (access !== 'public' && access.publicWhen?.(req)) return;
      await sameOrigin?.(req);
      await check?.(req, reply);
    };
    const own = route.onRequest ? [route.onRequest].flat() : [];
    // Fastify builds the HEAD twin of a GET from the same options: guard it once, not twice.
    if (own.some((h) => (h as { staffGuard?: boolean }).staffGuard)) return;
    Object.assign(guard, { staffGuard: true });
    route.onRequest = [guard, ...own] as RouteOptions['onRequest'];
  }
}

/** The cross-site refusal is an answer of the route: in its OpenAPI responses like any other. */
function documentForbidden(route: RouteOptions): void {
  const schema = route.schema as { response?: Record<string | number, unknown>; hide?: boolean } | undefined;
  if (!schema || schema.hide) return;
  const response = { ...(schema.response ?? {}) };
  if (!(403 in response) && !('403' in response)) response[403] = ErrorBody;
  schema.response = response;
}

/**
 * The member of staff behind a request, for the audit log (db/src/repositories/audit/audit.ts). The
 * route's access check has read the session already (once per request); a staff route always has one.
 */
export async function auditActor(req: FastifyRequest): Promise<AuditActor> {
  const user = await req.sessionUser();
  return { id: user?.id ?? null, email: user?.email ?? 'unknown' };
}
