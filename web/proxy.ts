import { type NextRequest, NextResponse } from 'next/server';

/**
 * The browser calls /api/* on its own origin; we forward to the gateway. Done here rather than
 * in next.config rewrites because those are frozen at build time, while GATEWAY_URL is read on
 * every request: one build serves development, the end-to-end tests and Docker alike.
 */
export function proxy(request: NextRequest) {
  const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';
  return NextResponse.rewrite(new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, gateway));
}

export const config = { matcher: ['/api/:path*'] };
