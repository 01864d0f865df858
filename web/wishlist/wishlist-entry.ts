import type { Product } from '@qahwa/schema/catalogue';
import { cardPrice } from '@/catalogue/display';
import type { WishlistItem } from './wishlist-store';

/** What a heart saves of a product (server components call this; the button only receives the result). */
export function wishlistEntryOf(product: Product): Omit<WishlistItem, 'addedAt'> {
  return {
    productId: product.id,
    slug: product.slug,
    name: product.name,
    nameAr: product.nameAr,
    image: product.imageUrl ?? product.images[0]?.url ?? null,
    priceFils: cardPrice(product).fils,
  };
}
