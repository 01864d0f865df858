import type { FastifyRequest } from 'fastify';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/** The methods that change something: a page on another site could send them with the staff's cookies. */
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The back office's own routes that need no session, or check it themselves: sign-in, sign-out,
 * the one-time set-password link and the profile. The admin app reaches them (its proxy forwards
 * /backend/api/*); the storefront's proxy does not. A cross-site sign-in would sign a member of
 * staff's browser into someone else's account (login CSRF), so these are checked like staff routes.
 */
const BACK_OFFICE_PUBLIC = /^\/api\/(?:auth|profile)(?:\/|$)/;

/** Whether a route's state-changing requests must come from the back office's own pages. */
export function needsSameOrigin(url: string, staffRoute: boolean): boolean {
  return staffRoute || BACK_OFFICE_PUBLIC.test(url);
}

/**
 * Whether a request comes from a page of the back office (docs/security.md "Cross-site requests"):
 * - `Sec-Fetch-Site`, when the browser sends it (every current browser does), is the browser's own
 *   word and a page cannot forge it: only `same-origin` passes. It is relative to the address the
 *   browser asked for, so it holds whatever host the back office is served under.
 * - Otherwise `Origin` must be the back office's configured origin (BACKOFFICE_URL): older browsers
 *   send it on every POST, PUT, PATCH and DELETE.
 * - Neither: refused. No browser that runs the back office sends neither, and the old ones that sent
 *   neither on a cross-site form post are exactly the ones to refuse; a script calling the staff API
 *   sends `Origin` itself.
 */
export function isSameOrigin(req: FastifyRequest, backOfficeOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  return req.headers.origin === backOfficeOrigin;
}

/** onRequest: 403 CROSS_SITE_REQUEST, in the caller's language, before the session is even read. */
export function requireSameOrigin(backOfficeOrigin: string) {
  return async (req: FastifyRequest) => {
    if (!STATE_CHANGING.has(req.method) || isSameOrigin(req, backOfficeOrigin)) return;
    req.log.warn(
      { origin: req.headers.origin ?? null, site: req.headers['sec-fetch-site'] ?? null },
      'cross-site request refused',
    );
    throw new HttpError(403, 'CROSS_SITE_REQUEST', t('crossSiteRequest', localeOf(req.headers)));
  };
}
