import { LOCALE_COOKIE } from '../reference/constants';

/**
 * What the Next proxies (storefront and back office) tell the gateway about the browser. Pure, so
 * both apps and their tests share one rule.
 *
 * X-Forwarded-For as a proxy receives it is `<whatever the browser claimed>, <one entry per proxy
 * in front of us>`. Only the entries our own trusted proxies appended are facts; the rest is the
 * browser's claim. So the client is the `trustedHops`-th entry from the right, and the gateway is
 * told that one address alone: the browser's claim is overwritten, never appended to.
 */
export function clientAddress(forwardedFor: string | null | undefined, trustedHops: number): string | null {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || trustedHops < 1) return null;
  // Fewer entries than hops: a proxy in front did not append; the left-most is the nearest we have.
  const entry = entries[Math.max(0, entries.length - trustedHops)] ?? null;
  return entry && /^[0-9A-Fa-f:.]{2,45}$/.test(entry) ? entry : null;
}

/** The only cookie a storefront request needs at the gateway: the shopper's language. */
const FORWARDED_COOKIES: string[] = [LOCALE_COOKIE];

/**
 * The headers a proxy sends on to the gateway: the request's own, with X-Forwarded-For replaced
 * by the one address we believe (or removed, when none), and the client-only X-Real-IP and
 * Forwarded dropped so nothing else can carry a claimed address. With `onlyLocaleCookie`, every
 * cookie but the language one is dropped (the storefront: no staff session can ride along).
 */
export function forwardedHeaders(
  incoming: Headers,
  trustedHops: number,
  options: { onlyLocaleCookie?: boolean } = {},
): Headers {
  const headers = new Headers(incoming);
  const client = clientAddress(incoming.get('x-forwarded-for'), trustedHops);
  headers.delete('forwarded');
  headers.delete('x-real-ip');
  if (client) headers.set('x-forwarded-for', client);
  else headers.delete('x-forwarded-for');
  if (options.onlyLocaleCookie) {
    const kept = (incoming.get('cookie') ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter((part) => FORWARDED_COOKIES.includes(part.split('=')[0] ?? ''));
    if (kept.length > 0) headers.set('cookie', kept.join('; '));
    else headers.delete('cookie');
  }
  return headers;
}
