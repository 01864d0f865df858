import { pageHref } from '@/lib/url-filter';

export const ORDERS_PAGE_SIZE = 50;

/** A page of the orders list; `query` is the filter (without `?`), kept from page to page. */
export function ordersPageHref(page: number, query = ''): string {
  return pageHref('/backend/orders', query, page);
}

export interface PageWindow {
  page: number;
  pages: number;
  limit: number;
  offset: number;
  from: number;
  to: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** `?page=` as typed by a person: anything that is not a positive integer is page 1. */
export function parsePage(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export function pageWindow(page: number, total: number, limit = ORDERS_PAGE_SIZE): PageWindow {
  const pages = Math.max(1, Math.ceil(total / limit));
  const offset = (page - 1) * limit;
  return {
    page,
    pages,
    limit,
    offset,
    from: total === 0 ? 0 : Math.min(offset + 1, total),
    to: Math.min(offset + limit, total),
    hasPrevious: page > 1,
    hasNext: page < pages,
  };
}
