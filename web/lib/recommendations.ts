import 'server-only';
import { ProductList } from '@qahwa/schema';
import { CatalogueError } from './catalogue';
import { gatewayTimeoutMs, gatewayUrl } from './config';

/**
 * Related products for a product page (SPEC 2.4), from GET /api/recommendations: the UPSELL,
 * CROSS_SELL and DOWNSELL targets of this product first, featured products at random to fill
 * `limit`, never the product itself. Random, so never cached. A page should treat a failure as
 * "no related products" rather than an error screen: `relatedProductsOrNone` does that.
 */
export async function relatedProducts(productId: string, limit = 4): Promise<ProductList> {
  const path = `/api/recommendations?${new URLSearchParams({ productIds: productId, limit: String(limit) })}`;
  let res: Response;
  try {
    res = await fetch(`${gatewayUrl}${path}`, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
  } catch (cause) {
    throw new CatalogueError('GATEWAY_UNREACHABLE', `GET ${path}: gateway unreachable`, { cause });
  }
  if (!res.ok) throw new CatalogueError('GATEWAY_ERROR', `GET ${path}: HTTP ${res.status}`);
  const parsed = ProductList.safeParse(await res.json());
  if (!parsed.success) throw new CatalogueError('BAD_RESPONSE', `GET ${path}: ${parsed.error.message}`);
  return parsed.data;
}

/** `relatedProducts`, or an empty list when the gateway cannot answer (logged). */
export async function relatedProductsOrNone(productId: string, limit = 4): Promise<ProductList> {
  try {
    return await relatedProducts(productId, limit);
  } catch (error) {
    console.warn('related products unavailable', error);
    return [];
  }
}
