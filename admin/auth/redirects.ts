/**
 * The gateway's httpOnly staff session cookie (gateway/src/auth/session.ts), scoped to /backend;
 * the admin only checks that it is there.
 */
export const SESSION_COOKIE = 'qahwa_staff_session';
/** Where the browser reaches the gateway's /api/*: inside the cookie's path (proxy.ts forwards it). */
export const API_PREFIX = '/backend/api';
export const LOGIN_PATH = '/backend/login';
export const HOME_PATH = '/backend';
/** Request header the proxy sets so server layouts know the page being asked for. */
export const PATH_HEADER = 'x-qahwa-path';

/**
 * Where to go after signing in. Only a back-office path on this origin is accepted, so a
 * crafted `?next=https://evil.example` or `//evil.example` cannot turn sign-in into an
 * open redirect; the login page itself is never a destination.
 */
export function safeNextPath(candidate: string | null | undefined): string {
  if (!candidate?.startsWith('/backend')) return HOME_PATH;
  if (candidate.startsWith('//') || candidate.includes('\\')) return HOME_PATH;
  const pathname = candidate.split(/[?#]/)[0] ?? '';
  if (pathname !== '/backend' && !pathname.startsWith('/backend/')) return HOME_PATH;
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return HOME_PATH;
  return candidate;
}

export function loginPathFor(next: string | null | undefined): string {
  const target = safeNextPath(next);
  return target === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ next: target })}`;
}
