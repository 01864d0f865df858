import type { CartItem } from '@qahwa/schema/cart';
import { cartLineOf } from '@qahwa/schema/cart';
import type { Product } from '@qahwa/schema/catalogue';
import { unitsAvailable } from '@qahwa/schema/catalogue';
import { MAX_LINE_QUANTITY } from '@qahwa/schema/reference';

export interface RestoreLine {
  productId: string;
  variationId?: string | undefined;
  quantity: number;
}

export interface RestoredCart {
  items: CartItem[];
  /** Lines no longer sold (product or variation gone, inactive, or out of stock). */
  missing: number;
  /** Lines cut down to what is left in stock. */
  reduced: number;
}

/**
 * The recovery link's cart (docs/leads.md), rebuilt from today's catalogue: today's prices (the
 * line the options modal would add, `cartLineOf`), today's stock (a line is cut to what is
 * left, or left out), today's names and pictures. Nothing of the old cart's prices survives.
 */
export function restoreCart(
  lines: readonly RestoreLine[],
  products: ReadonlyMap<string, Product | null>,
): RestoredCart {
  const items: CartItem[] = [];
  let missing = 0;
  let reduced = 0;
  for (const line of lines) {
    const product = products.get(line.productId) ?? null;
    const v = product?.variations.find((x) => x.id === line.variationId && x.isActive);
    if (!product || !v?.inStock) {
      missing++;
      continue;
    }
    // Only a low stock's count is published; above it the line's own limit applies.
    const quantity = Math.min(line.quantity, unitsAvailable(v), MAX_LINE_QUANTITY);
    if (quantity < line.quantity) reduced++;
    items.push(cartLineOf(product, v, quantity));
  }
  return { items, missing, reduced };
}
