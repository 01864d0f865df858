import 'server-only';
import {
  AdminCustomerDetail,
  AdminCustomerList,
  type AdminCustomerQuery,
  CUSTOMER_SORTS,
  type CustomerSort,
} from '@qahwa/schema/contracts';
import { gatewayGet } from '@/lib/gateway';

export const CUSTOMERS_PAGE_SIZE = 20;

/** The screen's query from the URL; anything unknown is ignored, not an error page. */
export function customerQueryFrom(params: Record<string, string | string[] | undefined>) {
  const one = (k: string) => {
    const v = params[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  };
  const sort = one('sort');
  const page = Math.max(1, Math.min(50_000, Number.parseInt(one('page') ?? '1', 10) || 1));
  return {
    q: one('q')?.slice(0, 120),
    sort: (CUSTOMER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CustomerSort) : 'lastOrder',
    page,
  };
}

export function searchCustomers(query: Pick<AdminCustomerQuery, 'q' | 'sort'> & { page: number }) {
  const params = new URLSearchParams({
    sort: query.sort,
    limit: String(CUSTOMERS_PAGE_SIZE),
    offset: String((query.page - 1) * CUSTOMERS_PAGE_SIZE),
    ...(query.q ? { q: query.q } : {}),
  });
  return gatewayGet(`/api/admin/customers?${params}`, AdminCustomerList);
}

export function getCustomer(id: string) {
  return gatewayGet(`/api/admin/customers/${encodeURIComponent(id)}`, AdminCustomerDetail);
}
