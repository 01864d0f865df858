/**
 * What a shopper is told about stock (docs/storefront-api.md "Stock"). At or below this many
 * units a variation's count is public ('Only 3 left'); above it, only that it is in stock: the
 * exact count of a well-stocked variation is the store's business, not a competitor's.
 * Never below MAX_LINE_QUANTITY, so a cart line's limit (at most that many, at most what is
 * left) is exact whenever the count is hidden (a test holds it).
 */
export const LOW_STOCK_THRESHOLD = 10;

/** A variation's stock as the storefront's catalogue carries it. */
export interface ShopperStock {
  inStock: boolean;
  /** Units left, only when at or below LOW_STOCK_THRESHOLD. */
  stockQuantity?: number;
}

/** The shopper's view of a stock count (a negative count is none left). */
export function shopperStock(stockQuantity: number): ShopperStock {
  const left = Math.max(0, Math.trunc(stockQuantity));
  return left <= LOW_STOCK_THRESHOLD ? { inStock: left > 0, stockQuantity: left } : { inStock: true };
}

/**
 * The most units a shopper's copy says can be had: the count when it is public, else unbounded
 * (above the threshold; the cart's own MAX_LINE_QUANTITY is the limit then). The order still
 * takes only what is left, with its OUT_OF_STOCK message.
 */
export function unitsAvailable(v: ShopperStock): number {
  if (!v.inStock) return 0;
  return v.stockQuantity ?? Number.POSITIVE_INFINITY;
}
