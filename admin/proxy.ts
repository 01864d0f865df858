import { forwardedHeaders } from '@qahwa/schema/proxy';
import { type NextRequest, NextResponse } from 'next/server';
import { API_PREFIX, LOGIN_PATH, loginPathFor, PATH_HEADER, SESSION_COOKIE } from './auth/redirects';
import { adminConfig } from './lib/config';
import { STOREFRONT_IMAGES_PATH } from './lib/image-src';

/**
 * The browser reaches the gateway's /api/* as /backend/api/* on this origin: under /backend, the
 * path the staff session cookie is scoped to, so the cookie travels with these calls and with the
 * back-office pages, and never to the storefront. GATEWAY_URL comes from the config at run time
 * (next.config rewrites would freeze it at build time). The gateway is told the client's address
 * as our trusted hops saw it, never what the browser claims.
 *
 * Pages: the cheap first gate: no session cookie, no back-office page. Whether the cookie is still
 * valid is the gateway's call, made by the (console) layout on every request.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
    const target = `/api${pathname.slice(API_PREFIX.length)}${search}`;
    return NextResponse.rewrite(new URL(target, adminConfig.gatewayUrl), {
      request: { headers: forwardedHeaders(request.headers, adminConfig.trustedProxyHops) },
    });
  }
  // The storefront's own pictures (the seed's packshots), on our origin: lib/image-src.ts.
  if (pathname.startsWith(`${STOREFRONT_IMAGES_PATH}/`)) {
    const target = `/images${pathname.slice(STOREFRONT_IMAGES_PATH.length)}`;
    return NextResponse.rewrite(new URL(target, adminConfig.storefrontUrl));
  }
  const isLogin = pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`);
  if (!isLogin && !request.cookies.has(SESSION_COOKIE)) {
    return NextResponse.redirect(new URL(loginPathFor(`${pathname}${search}`), request.url));
  }
  const forwarded = new Headers(request.headers);
  forwarded.set(PATH_HEADER, `${pathname}${search}`);
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  matcher: ['/backend', '/backend/:path*'],
};
