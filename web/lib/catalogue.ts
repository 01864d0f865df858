import 'server-only';
import {
  CategoryList,
  OfferSettings,
  Product,
  ProductList,
  ProductReviews,
  type ProductSort,
  PromotionList,
  SiteTexts,
  SliderList,
} from '@qahwa/schema';
import type { z } from 'zod';
import { gatewayTimeoutMs, gatewayUrl, webConfig } from './config';

/**
 * The storefront's typed read adapter for the catalogue. Server components call it; the
 * browser never does (it goes through the /api rewrite). Responses are parsed with the
 * shared zod contracts, so a drift between gateway and storefront fails loudly here.
 */
export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
  constructor(
    readonly code: 'GATEWAY_UNREACHABLE' | 'GATEWAY_ERROR' | 'BAD_RESPONSE',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The tag of every cached catalogue fetch; app/revalidate/catalogue drops them all at once. */
export const CATALOGUE_TAG = 'catalogue';

/**
 * Catalogue reads are cached by Next (tagged) until the gateway says the catalogue changed
 * (POST /revalidate/catalogue, sent after each CatalogueChanged), or at most
 * CATALOGUE_CACHE_SECONDS if that call never came. A random pick is never cached: it would stop
 * being random.
 */
async function get(path: string, cached = true): Promise<Response> {
  try {
    return await fetch(`${gatewayUrl}${path}`, {
      ...(cached
        ? { next: { tags: [CATALOGUE_TAG], revalidate: webConfig.catalogueCacheSeconds } }
        : { cache: 'no-store' as const }),
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
  } catch (cause) {
    throw new CatalogueError('GATEWAY_UNREACHABLE', `GET ${path}: gateway unreachable`, { cause });
  }
}

export interface ProductQuery {
  limit?: number;
  featured?: boolean;
  random?: boolean;
  category?: string;
  search?: string;
  sort?: ProductSort;
  offset?: number;
}

export async function listProducts(query: ProductQuery = {}): Promise<ProductList> {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.featured) params.set('featured', 'true');
  if (query.random) params.set('random', 'true');
  if (query.category) params.set('category', query.category);
  if (query.search) params.set('search', query.search);
  if (query.sort) params.set('sort', query.sort);
  if (query.offset) params.set('offset', String(query.offset));
  const qs = params.size ? `?${params}` : '';
  const res = await get(`/api/products${qs}`, !query.random);
  if (!res.ok) throw new CatalogueError('GATEWAY_ERROR', `GET /api/products${qs}: HTTP ${res.status}`);
  const parsed = ProductList.safeParse(await res.json());
  if (!parsed.success) {
    throw new CatalogueError('BAD_RESPONSE', `GET /api/products${qs}: ${parsed.error.message}`);
  }
  return parsed.data;
}

/** A product by id or slug; null when the gateway answers 404. */
export async function getProduct(idOrSlug: string): Promise<Product | null> {
  const path = `/api/products/${encodeURIComponent(idOrSlug)}`;
  const res = await get(path);
  if (res.status === 404) return null;
  if (!res.ok) throw new CatalogueError('GATEWAY_ERROR', `GET ${path}: HTTP ${res.status}`);
  const parsed = Product.safeParse(await res.json());
  if (!parsed.success) throw new CatalogueError('BAD_RESPONSE', `GET ${path}: ${parsed.error.message}`);
  return parsed.data;
}

/** The gateway's list limit (ProductListQuery): a longer list is read in pages of this size. */
const PAGE_LIMIT = 100;

/**
 * Every product matching the query, in the gateway's order. The shop filters and pages what
 * this returns (docs/web-catalogue.md); the whole catalogue is a few dozen products, so this is
 * normally one cached read of bytes the gateway keeps in memory.
 */
export async function listAllProducts(query: Omit<ProductQuery, 'limit' | 'offset' | 'random'>) {
  const all: Product[] = [];
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    const page = await listProducts({ ...query, limit: PAGE_LIMIT, offset });
    all.push(...page);
    if (page.length < PAGE_LIMIT) return all;
  }
}

/** A JSON read parsed with its contract; `cache` says how long it may be reused. */
async function read<T extends z.ZodType>(
  path: string,
  schema: T,
  cache: { tags: string[]; revalidate: number } | 'no-store',
): Promise<z.infer<T>> {
  let res: Response;
  try {
    res = await fetch(`${gatewayUrl}${path}`, {
      ...(cache === 'no-store' ? { cache: 'no-store' as const } : { next: cache }),
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
  } catch (cause) {
    throw new CatalogueError('GATEWAY_UNREACHABLE', `GET ${path}: gateway unreachable`, { cause });
  }
  if (!res.ok) throw new CatalogueError('GATEWAY_ERROR', `GET ${path}: HTTP ${res.status}`);
  const parsed = schema.safeParse(await res.json());
  if (!parsed.success) throw new CatalogueError('BAD_RESPONSE', `GET ${path}: ${parsed.error.message}`);
  return parsed.data;
}

/** The tag of the content staff edit (offer banner, slider); their screens may expire it. */
export const CONTENT_TAG = 'content';
/** Content changes by hand and rarely: CONTENT_CACHE_SECONDS (a minute) old is fresh enough. */
const CONTENT_CACHE = { tags: [CONTENT_TAG], revalidate: webConfig.contentCacheSeconds };

export async function listCategories(): Promise<CategoryList> {
  return read('/api/categories', CategoryList, {
    tags: [CATALOGUE_TAG],
    revalidate: webConfig.catalogueCacheSeconds,
  });
}

/** The offer countdown banner's settings (SPEC 2.8, 4). */
export async function getOffer(): Promise<OfferSettings> {
  return read('/api/content/fomo-offers', OfferSettings, CONTENT_CACHE);
}

export async function listSliders(): Promise<SliderList> {
  return read('/api/content/sliders', SliderList, CONTENT_CACHE);
}

/**
 * The texts staff edit under Content (about, storeHours, supportLine; docs/settings.md): their one
 * home. A gateway that does not answer leaves none, and each page shows its own fallback: the
 * footer and the contact page must not fail for a sentence.
 */
export async function getSiteTexts(): Promise<SiteTexts> {
  try {
    return await read('/api/content/texts', SiteTexts, CONTENT_CACHE);
  } catch (error) {
    console.warn('site texts unavailable, the pages show their fallbacks', error);
    return {};
  }
}

/**
 * A product's approved reviews, never cached: a review staff have just approved must show on
 * the next visit (and the product page is rendered per request anyway, for its language).
 */
export async function getReviews(productId: string): Promise<ProductReviews> {
  return read(`/api/products/${encodeURIComponent(productId)}/reviews?limit=20`, ProductReviews, 'no-store');
}

/** Promotions in force for shoppers (SPEC 7 GET /api/promotions?active=true; limited codes stay private). */
export async function listActivePromotions(): Promise<PromotionList> {
  return read('/api/promotions?active=true', PromotionList, CONTENT_CACHE);
}
