import 'server-only';
import type { TrackedOrder } from '@qahwa/schema/contracts';
import { forwardedHeaders } from '@qahwa/schema/proxy';
import { headers } from 'next/headers';
import { gatewayTimeoutMs, gatewayUrl, webConfig } from '@/lib/config';

export type TrackedOrderAnswer =
  | { kind: 'found'; order: TrackedOrder }
  /** Forged, altered, expired, or its order gone: the gateway's sentence, in the shopper's language. */
  | { kind: 'expired'; message: string | null }
  | { kind: 'unavailable' };

/**
 * The order behind a tracking token, read by the page's server render (never cached: it is one
 * shopper's order and changes with every move). The gateway is told the shopper's address, as the
 * /api proxy tells it, so its per-address limit counts shoppers, not this server.
 */
export async function trackedOrder(token: string): Promise<TrackedOrderAnswer> {
  const incoming = await headers();
  const forwarded = forwardedHeaders(new Headers(incoming), webConfig.trustedProxyHops, {
    onlyLocaleCookie: true,
  });
  const sent = new Headers({ accept: 'application/json' });
  for (const name of ['x-forwarded-for', 'cookie', 'accept-language']) {
    const value = forwarded.get(name);
    if (value) sent.set(name, value);
  }
  try {
    const res = await fetch(`${gatewayUrl}/api/orders/track/${encodeURIComponent(token)}`, {
      cache: 'no-store',
      headers: sent,
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
    if (res.ok) return { kind: 'found', order: (await res.json()) as TrackedOrder };
    if (res.status === 404) {
      const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
      return { kind: 'expired', message: typeof body?.error === 'string' ? body.error : null };
    }
    return { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
}
