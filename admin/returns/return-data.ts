import 'server-only';
import { AdminReturnDetail, AdminReturnList, AdminReturnListQuery } from '@qahwa/schema/returns';
import { gatewayGet } from '@/lib/gateway';
import { filterFromQuery, firstParam, type QueryParams, queryOf } from '@/lib/url-filter';

export const RETURNS_PAGE_SIZE = 25;

/** The Returns screen's filter: a status, and "asked for at least N days ago". */
export interface ReturnFilter {
  status?: string;
  olderThanDays?: string;
}

/** The filter from the page's query, each value kept only if the gateway's contract takes it. */
export function returnFilterFromQuery(params: QueryParams): ReturnFilter {
  const filter: ReturnFilter = filterFromQuery(params, AdminReturnListQuery.shape, ['status']);
  // A number of days (the contract coerces it, so the shared reader, which keeps strings, cannot).
  const days = firstParam(params, 'olderThanDays');
  if (days && /^\d{1,4}$/.test(days) && AdminReturnListQuery.shape.olderThanDays.safeParse(days).success) {
    filter.olderThanDays = String(Number(days));
  }
  return filter;
}

export function returnFilterQuery(filter: ReturnFilter): string {
  return queryOf({ ...filter });
}

export function listReturns(filter: ReturnFilter, page: { limit: number; offset: number }) {
  return gatewayGet(`/api/admin/returns?${queryOf({ ...filter, ...page })}`, AdminReturnList);
}

/** One order's returns, for its page (the newest first, as the list sorts them). */
export function returnsOfOrder(orderId: string) {
  return gatewayGet(`/api/admin/returns?${queryOf({ orderId, limit: 50, offset: 0 })}`, AdminReturnList);
}

export function getReturn(number: string) {
  return gatewayGet(`/api/admin/returns/${encodeURIComponent(number)}`, AdminReturnDetail);
}
