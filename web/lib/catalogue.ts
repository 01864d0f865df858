import 'server-only';
import { Product, ProductList } from '@qahwa/schema';
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

export function isCatalogueError(error: unknown): error is CatalogueError {
  return error instanceof CatalogueError;
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
}

export async function listProducts(query: ProductQuery = {}): Promise<ProductList> {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.featured) params.set('featured', 'true');
  if (query.random) params.set('random', 'true');
  if (query.category) params.set('category', query.category);
  if (query.search) params.set('search', query.search);
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
