import { discountedUnitFils } from '../catalogue/pricing';
import type { Product, ShopperVariation } from '../catalogue/product';
import { toAed, toFils } from '../money/money';
import type { PricingLineInput } from '../promotions/price-cart';
import { cartItemId } from './cart';
import type { CartItem } from './cart-item';

/*
 * Where a cart line's prices come from and how pricing reads them back, zod-free like cart.ts:
 * the options modal and the recovery link build lines here, and the checkout's summary prices
 * them with the server's `priceCart`, so the summary's total is the order's when nothing changed.
 */

/**
 * The cart line of a sellable variation as the catalogue serves it now: its price after its own
 * discount (what the cart shows) and its list price (what the sale works on), the names in both
 * languages, the variation's picture, else the product's.
 */
export function cartLineOf(
  product: Pick<Product, 'id' | 'name' | 'nameAr' | 'imageUrl' | 'images'>,
  v: ShopperVariation,
  quantity: number,
): CartItem {
  return {
    id: cartItemId(product.id, v.id),
    productId: product.id,
    variationId: v.id,
    name: product.name,
    nameAr: product.nameAr,
    price: toAed(discountedUnitFils(v.price, v.discount, v.discountType)),
    listPrice: toAed(toFils(v.price)),
    quantity,
    image: v.imageUrl ?? product.imageUrl ?? product.images[0]?.url ?? null,
    variation: {
      weight: v.size.displayName,
      beans: v.beans?.name ?? null,
      additions: v.type?.name ?? null,
    },
    variationAr: {
      weight: v.size.displayNameAr,
      beans: v.beans?.nameAr ?? null,
      additions: v.type?.nameAr ?? null,
    },
  };
}

/**
 * The cart as `priceCart` reads it: each line's list price and its own discounted price, in fils.
 * A line stored before lines carried `listPrice` reads its price as the list price too (the
 * summary then may miss a sale on a discounted variation; the order's PRICE_CHANGED says so).
 */
export function pricingLinesOf(items: readonly CartItem[]): PricingLineInput[] {
  return items.map((i) => {
    const discountedFils = toFils(i.price);
    return {
      productId: i.productId,
      variationId: i.variationId ?? i.id,
      listFils: i.listPrice === undefined ? discountedFils : Math.max(toFils(i.listPrice), discountedFils),
      discountedFils,
      quantity: i.quantity,
    };
  });
}
