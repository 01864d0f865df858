import 'server-only';
import {
  AdminOrderDetail,
  AdminOrderFilter,
  AdminOrderSearchResult,
} from '@qahwa/schema/contracts/admin-orders';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '@qahwa/schema/reference/constants';
import { gatewayGet } from '../lib/gateway';

/** The orders screen's filter, read from the page's query (anything unknown is ignored, not an error). */
export function filterFromQuery(params: Record<string, string | string[] | undefined>): AdminOrderFilter {
  const one = (k: string) => {
    const v = params[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  };
  // The gateway's own rule for a day (one that exists), so a typed URL never becomes a 400 page.
  const day = (k: 'from' | 'to') => {
    const v = one(k);
    return v && AdminOrderFilter.shape[k].safeParse(v).success ? v : undefined;
  };
  const status = one('status');
  const provider = one('provider');
  return {
    ...(one('q') ? { q: one('q')!.slice(0, 120) } : {}),
    ...(status && (ORDER_STATUSES as readonly string[]).includes(status)
      ? { status: status as AdminOrderFilter['status'] }
      : {}),
    ...(provider && (PAYMENT_PROVIDERS as readonly string[]).includes(provider)
      ? { provider: provider as AdminOrderFilter['provider'] }
      : {}),
    ...(day('from') ? { from: day('from') } : {}),
    ...(day('to') ? { to: day('to') } : {}),
  };
}

/** The filter as a query string (no leading `?`), for links, pagination and the CSV export. */
export function filterQuery(filter: AdminOrderFilter, extra: Record<string, string | number> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filter, ...extra }))
    if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

export function searchOrders(filter: AdminOrderFilter, page: { limit: number; offset: number }) {
  return gatewayGet(`/api/admin/orders/search?${filterQuery(filter, page)}`, AdminOrderSearchResult);
}

export function getOrderDetail(id: string) {
  return gatewayGet(`/api/admin/orders/${encodeURIComponent(id)}`, AdminOrderDetail);
}
