import type { CartItem, Locale } from '@qahwa/schema';

/**
 * "250g · Arabica · Cardamom" (or "250 غ · أرابيكا · بالهيل" in Arabic): the options of a cart
 * line, skipping empty parts. Lines stored before Arabic names were kept fall back to English.
 */
export function variationText(item: Pick<CartItem, 'variation' | 'variationAr'>, locale: Locale): string {
  const names = locale === 'ar' && item.variationAr ? item.variationAr : item.variation;
  return [names.weight, names.beans, names.additions].filter(Boolean).join(' · ');
}
