import { type NextRequest, NextResponse } from 'next/server';
import { LOGIN_PATH, loginPathFor, PATH_HEADER, SESSION_COOKIE } from './auth/redirects';

/**
 * The cheap first gate: no session cookie, no back-office page. Whether the cookie is still
 * valid is the gateway's call, made by the (console) layout on every request.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The browser calls /api/* on its own origin (the gateway sets the session cookie there). Forwarded
  // here, not by next.config rewrites, so GATEWAY_URL is read at run time instead of frozen by the build.
  if (pathname.startsWith('/api/')) {
    return NextResponse.rewrite(
      new URL(`${pathname}${search}`, process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000'),
    );
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
  matcher: ['/backend', '/backend/:path*', '/api/:path*'],
};
