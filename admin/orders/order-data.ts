import 'server-only';
import { AdminOrderDetail, AdminOrderFilter, AdminOrderSearchResult } from '@qahwa/schema/contracts';
import { gatewayGet } from '@/lib/gateway';
import {
  filterFromQuery as filterFromQueryOf,
  firstParam,
  type QueryParams,
  queryOf,
} from '@/lib/url-filter';

/** The orders screen's filter, read from the page's query (anything unknown is ignored, not an error). */
export function filterFromQuery(params: QueryParams): AdminOrderFilter {
  // A search longer than the contract allows is cut, not dropped: the staff member still gets results.
  const q = firstParam(params, 'q')?.slice(0, 120);
  return filterFromQueryOf({ ...params, q }, AdminOrderFilter.shape) as AdminOrderFilter;
}

/** The filter as a query string (no leading `?`), for links, pagination and the CSV export. */
export function filterQuery(filter: AdminOrderFilter, extra: Record<string, string | number> = {}): string {
  return queryOf({ ...filter, ...extra });
}

export function searchOrders(filter: AdminOrderFilter, page: { limit: number; offset: number }) {
  return gatewayGet(`/api/admin/orders/search?${filterQuery(filter, page)}`, AdminOrderSearchResult);
}

export function getOrderDetail(id: string) {
  return gatewayGet(`/api/admin/orders/${encodeURIComponent(id)}`, AdminOrderDetail);
}
