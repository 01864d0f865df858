import type { CartItem } from '@qahwa/schema';

/** "250g · Arabica · Cardamom": the variation of a cart line, skipping empty parts. */
export function variationText(variation: CartItem['variation']): string {
  return [variation.weight, variation.beans, variation.additions].filter(Boolean).join(' · ');
}
