import 'server-only';
import { LeadRestoreResponse } from '@qahwa/schema/contracts';
import { LOCALE_COOKIE } from '@qahwa/schema/reference';
import { getProduct } from '@/lib/catalogue';
import { gatewayUrl, webConfig } from '@/lib/config';
import { type RestoredCart, restoreCart } from './restore-lines';

export type RestoreOutcome = { ok: true; cart: RestoredCart } | { ok: false; message: string | null };

/**
 * The recovery link's cart (docs/leads.md): the gateway checks the token and names the lines
 * (ids and quantities only); the catalogue prices them as of today. `null` message: the gateway
 * could not be asked (the page says so in its own words).
 */
export async function restoredCartOf(token: string, locale: string): Promise<RestoreOutcome> {
  let res: Response;
  try {
    res = await fetch(`${gatewayUrl}/api/leads/restore?token=${encodeURIComponent(token)}`, {
      cache: 'no-store',
      headers: { accept: 'application/json', cookie: `${LOCALE_COOKIE}=${locale}` },
      signal: AbortSignal.timeout(webConfig.gatewayTimeoutMs),
    });
  } catch {
    return { ok: false, message: null };
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    return { ok: false, message: res.status === 404 && typeof error === 'string' ? error : null };
  }
  const parsed = LeadRestoreResponse.safeParse(body);
  if (!parsed.success) return { ok: false, message: null };
  const ids = [...new Set(parsed.data.lines.map((l) => l.productId))];
  const products = new Map(
    await Promise.all(ids.map(async (id) => [id, await getProduct(id).catch(() => null)] as const)),
  );
  return { ok: true, cart: restoreCart(parsed.data.lines, products) };
}
