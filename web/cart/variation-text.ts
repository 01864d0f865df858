import type { Locale } from '@qahwa/schema';

/** A line's options by name, as a cart line and an order's line keep them. */
interface OptionNames {
  weight: string | null;
  beans?: string | null;
  additions?: string | null;
}

/**
 * "250g · Arabica · Cardamom" (or "250 غ · أرابيكا · بالهيل" in Arabic): the options of a cart
 * line or of an order's line (the tracking page), skipping empty parts. Without Arabic names (a
 * line stored before they were kept, an order's variation since removed) it falls back to English.
 */
export function variationText(
  item: { variation: OptionNames; variationAr?: OptionNames | null | undefined },
  locale: Locale,
): string {
  const names = locale === 'ar' && item.variationAr ? item.variationAr : item.variation;
  return [names.weight, names.beans, names.additions].filter(Boolean).join(' · ');
}
