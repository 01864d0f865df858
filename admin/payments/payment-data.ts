import 'server-only';
import {
  AdminPaymentDetail,
  AdminPaymentFilter,
  AdminPaymentList,
} from '@qahwa/schema/contracts/admin-payments';
import { gatewayGet } from '../lib/gateway';

export const PAYMENTS_PAGE_SIZE = 25;

/**
 * The payments screen's filter, read from the page's query: each value kept only if the gateway's
 * own contract accepts it, so a typed URL never turns into an error page.
 */
export function paymentFilterFromQuery(
  params: Record<string, string | string[] | undefined>,
): AdminPaymentFilter {
  const filter: Record<string, string> = {};
  for (const key of Object.keys(AdminPaymentFilter.shape) as (keyof AdminPaymentFilter)[]) {
    const raw = params[key];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!value) continue;
    const parsed = AdminPaymentFilter.shape[key].safeParse(value);
    if (parsed.success && typeof parsed.data === 'string' && parsed.data) filter[key] = parsed.data;
  }
  return filter as AdminPaymentFilter;
}

/** A query string (no `?`) of the filter and extras; empty values dropped. */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

export function listPayments(filter: AdminPaymentFilter, page: { limit: number; offset: number }) {
  return gatewayGet(`/api/admin/payments?${queryOf({ ...filter, ...page })}`, AdminPaymentList);
}

export function getPayment(id: string) {
  return gatewayGet(`/api/admin/payments/${encodeURIComponent(id)}`, AdminPaymentDetail);
}
