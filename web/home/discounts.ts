import type { Product, ShopperVariation as Variation } from '@qahwa/schema/catalogue';
import { stockLeft } from '@/catalogue/display';

export interface DiscountedVariation {
  product: Product;
  variation: Variation;
}

/**
 * The home page's "discounted variations": every sellable variation in stock with a discount,
 * the deepest discount first (by the fraction off, so a 20% accessory outranks 10% beans).
 */
export function discountedVariations(products: readonly Product[], limit = 4): DiscountedVariation[] {
  const off = (v: Variation) =>
    v.discountType === 'PERCENTAGE' ? v.discount : v.price > 0 ? v.discount / v.price : 0;
  return products
    .filter((p) => stockLeft(p) > 0)
    .flatMap((product) =>
      product.variations
        .filter((v) => v.isActive && v.size.isActive && v.inStock && v.discount > 0)
        .map((variation) => ({ product, variation })),
    )
    .sort((a, b) => off(b.variation) - off(a.variation) || a.variation.price - b.variation.price)
    .slice(0, limit);
}
