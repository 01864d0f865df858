import { can, type MenuModule, type SessionUser, type StaffAction } from '@qahwa/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * The staff session cookie. Its own name (nothing on the storefront reads or writes it) and the
 * back office's path: browsers send it to /backend/* only, never to the storefront's pages or
 * its /api proxy, even where both share a host (cookies ignore ports). admin/auth/redirects.ts
 * names the same cookie.
 */
export const SESSION_COOKIE = 'qahwa_staff_session';
export const SESSION_COOKIE_PATH = '/backend';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser(): Promise<SessionUser | null>;
  }
}

/** The session token the browser sent (its signature checked), or null. */
export function sessionToken(req: FastifyRequest): string | null {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * Reads the signed session cookie into the staff user, once per request. A session unused for
 * `sessionIdleMs` is over (docs/security.md "The staff session").
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const staff = app.repos.staff;
  const idleMs = app.deps.config.sessionIdleMs;
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    const req = this as FastifyRequest & { _session?: Promise<SessionUser | null> };
    req._session ??= (async () => {
      const token = sessionToken(req);
      return token ? staff.userForSession(token, { idleMs }) : null;
    })();
    return req._session;
  });
});

/**
 * preHandler: 401 without a session, 403 without the module's permission for the action (SPEC 6
 * plus editing, the shared rule `can`). Reads take 'view', writes 'edit'.
 */
export function requireStaff(module: MenuModule, action: StaffAction = 'view') {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const locale = localeOf(req.headers);
    const user = await req.sessionUser();
    if (!user) throw new HttpError(401, 'UNAUTHENTICATED', t('signInRequired', locale));
    if (!can(user, module, action)) throw new HttpError(403, 'FORBIDDEN', t('forbidden', locale));
  };
}
