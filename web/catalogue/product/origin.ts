import 'server-only';
import { headers } from 'next/headers';

/**
 * This request's public origin, for the absolute URLs structured data and link previews need.
 * Behind a TLS terminator the scheme comes from X-Forwarded-Proto (the proxy's, overwritten by
 * the one we trust, see docs/security.md); the host is the one the browser asked for.
 */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}
