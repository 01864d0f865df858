import 'server-only';
import { AdminPaymentDetail, AdminPaymentFilter, AdminPaymentList } from '@qahwa/schema/contracts';
import { gatewayGet } from '@/lib/gateway';
import { filterFromQuery, type QueryParams, queryOf } from '@/lib/url-filter';

export const PAYMENTS_PAGE_SIZE = 25;

/** The payments screen's filter, read from the page's query (values the gateway would refuse are dropped). */
export function paymentFilterFromQuery(params: QueryParams): AdminPaymentFilter {
  return filterFromQuery(params, AdminPaymentFilter.shape) as AdminPaymentFilter;
}

export function listPayments(filter: AdminPaymentFilter, page: { limit: number; offset: number }) {
  return gatewayGet(`/api/admin/payments?${queryOf({ ...filter, ...page })}`, AdminPaymentList);
}

export function getPayment(id: string) {
  return gatewayGet(`/api/admin/payments/${encodeURIComponent(id)}`, AdminPaymentDetail);
}
