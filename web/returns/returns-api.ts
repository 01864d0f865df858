import type { ReturnView, ShopperReturns } from '@qahwa/schema/returns';
import { api } from '@/lib/browser-api';
import type { ReturnRequest } from './return-draft';

/**
 * The return screens' calls (docs/returns.md), under the order's tracking token: the order's returns
 * with what may still be returned, and a new request. The gateway's refusal comes back in the
 * shopper's language (the locale cookie); the form keeps its own words for a bare failure and the
 * network (SPEC 8).
 */
const base = (token: string) => `/api/orders/track/${encodeURIComponent(token)}/returns`;

export type Loaded = { ok: true; data: ShopperReturns } | { ok: false };

export async function loadShopperReturns(token: string, signal?: AbortSignal): Promise<Loaded> {
  const answer = await api(base(token), { cache: 'no-store', ...(signal ? { signal } : {}) });
  if (!answer.ok) return { ok: false };
  return { ok: true, data: answer.body as ShopperReturns };
}

export type Requested =
  | { ok: true; view: ReturnView }
  | { ok: false; network: true }
  | { ok: false; network: false; message: string | null; issues: { path: string; message: string }[] };

/**
 * A new return. A second one for the same lines (a double press, a retry after a lost answer) is
 * refused by the gateway's one open return per line, so it never makes two.
 */
export async function requestReturn(token: string, body: ReturnRequest): Promise<Requested> {
  const answer = await api(base(token), { method: 'POST', body });
  if (answer.ok) return { ok: true, view: answer.body as ReturnView };
  if (answer.reason === 'network') return { ok: false, network: true };
  return { ok: false, network: false, message: answer.message, issues: answer.issues };
}
