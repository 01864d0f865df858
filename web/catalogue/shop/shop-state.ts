import type { Product } from '@qahwa/schema/catalogue';
import type { ProductSort } from '@qahwa/schema/contracts';
import { cardPrice, stockLeft } from '@/catalogue/display';

/**
 * The shop's state lives in the URL (`/shop/coffee-beans?q=…&sort=…&sale=1&stock=1&page=2`):
 * a reload, a shared link and the back button all show the same list. Defaults are left out of
 * the URL, so the plain `/shop` is the canonical page. Pure, so the page and its tests share it.
 */
export interface ShopState {
  /** The search term, as typed (the gateway folds Arabic and Latin forms). */
  q: string;
  sort: ProductSort;
  /** Only products with a discounted option. */
  sale: boolean;
  /** Only products with units left. */
  inStock: boolean;
  /** 1-based. */
  page: number;
}

/** The gateway's sorts (PRODUCT_SORTS; a test keeps them equal) without loading its zod contract here. */
export const SHOP_SORTS = [
  'featured',
  'price-asc',
  'price-desc',
  'newest',
  'popular',
] as const satisfies readonly ProductSort[];

export const SHOP_PAGE_SIZE = 12;
/** Longer terms are cut, as the gateway refuses more than 100 characters. */
const MAX_TERM = 100;

export const DEFAULT_SHOP_STATE: ShopState = {
  q: '',
  sort: 'featured',
  sale: false,
  inStock: false,
  page: 1,
};

type Params = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** Whatever the URL holds, a valid state: a hand-edited or stale link never breaks the page. */
export function parseShopState(params: Params): ShopState {
  const sort = first(params.sort);
  const page = Number.parseInt(first(params.page), 10);
  return {
    q: first(params.q).trim().replace(/\s+/g, ' ').slice(0, MAX_TERM),
    sort: (SHOP_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : 'featured',
    sale: first(params.sale) === '1',
    inStock: first(params.stock) === '1',
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 1000) : 1,
  };
}

/** The URL of a state; a change of search, sort or filter starts again at page 1. */
export function shopHref(base: string, state: ShopState, change: Partial<ShopState> = {}): string {
  const resetsPage = Object.keys(change).some((k) => k !== 'page');
  const next = { ...state, ...change, ...(resetsPage && change.page === undefined ? { page: 1 } : {}) };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.sort !== DEFAULT_SHOP_STATE.sort) params.set('sort', next.sort);
  if (next.sale) params.set('sale', '1');
  if (next.inStock) params.set('stock', '1');
  if (next.page > 1) params.set('page', String(next.page));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** True when a sellable option is cheaper than its list price. */
export function isOnSale(product: Product): boolean {
  return (
    cardPrice(product).originalFils !== null || product.variations.some((v) => v.isActive && v.discount > 0)
  );
}

export function applyFilters(products: readonly Product[], state: ShopState): Product[] {
  return products.filter((p) => (!state.sale || isOnSale(p)) && (!state.inStock || stockLeft(p) > 0));
}

export interface Page<T> {
  items: T[];
  /** The page shown (clamped to the last page). */
  page: number;
  pageCount: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, size = SHOP_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const shown = Math.min(Math.max(1, page), pageCount);
  return {
    items: items.slice((shown - 1) * size, shown * size),
    page: shown,
    pageCount,
    total: items.length,
  };
}
