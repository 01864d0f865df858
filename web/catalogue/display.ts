import type { Product, ShopperVariation as Variation } from '@qahwa/schema/catalogue';
import { discountedUnitFils, LOW_STOCK_THRESHOLD, unitsAvailable } from '@qahwa/schema/catalogue';
import type { Fils, Locale } from '@qahwa/schema/money';

/** Pure display rules for products, shared by server pages and client islands. */

export function productName(product: Pick<Product, 'name' | 'nameAr'>, locale: Locale): string {
  return locale === 'ar' && product.nameAr ? product.nameAr : product.name;
}

export function productDescription(
  product: Pick<Product, 'description' | 'descriptionAr'>,
  locale: Locale,
): string {
  return locale === 'ar' && product.descriptionAr ? product.descriptionAr : product.description;
}

export function categoryName(product: Product, locale: Locale): string {
  return locale === 'ar' && product.category.nameAr ? product.category.nameAr : product.category.name;
}

function sellable(product: Product): Variation[] {
  return product.variations.filter((v) => v.isActive && v.size.isActive);
}

export interface PriceDisplay {
  /** What the shopper pays for the cheapest option. */
  fils: Fils;
  /** The list price of that option, when it is higher (struck through beside it). */
  originalFils: Fils | null;
  /** Several options with different prices: show "From …". */
  isRange: boolean;
}

/**
 * What one unit of a variation costs now: the catalogue's `shownPriceFils` (checkout's pricing of
 * a one-unit cart: its own discount or the store's sale, less an automatic promotion a single unit
 * receives; docs/promotions.md "Prices before the cart"), else its own discounted price (a copy
 * made without it); and its list price.
 */
function unitPrices(v: Variation): { fils: Fils; base: Fils } {
  const base = discountedUnitFils(v.price, 0, v.discountType);
  return { fils: v.shownPriceFils ?? discountedUnitFils(v.price, v.discount, v.discountType), base };
}

/** A card's price: the cheapest sellable variation at what it costs now, else the product's own price. */
export function cardPrice(product: Product): PriceDisplay {
  const variations = sellable(product);
  if (variations.length === 0) {
    const fils = discountedUnitFils(product.price, product.discount, product.discountType);
    const base = discountedUnitFils(product.price, 0, product.discountType);
    return { fils, originalFils: base > fils ? base : null, isRange: false };
  }
  const priced = variations.map(unitPrices);
  const cheapest = priced.reduce((a, b) => (b.fils < a.fils ? b : a));
  return {
    fils: cheapest.fils,
    originalFils: cheapest.base > cheapest.fils ? cheapest.base : null,
    isRange: new Set(priced.map((p) => p.fils)).size > 1,
  };
}

export function variationPrice(v: Variation): PriceDisplay {
  const { fils, base } = unitPrices(v);
  return { fils, originalFils: base > fils ? base : null, isRange: false };
}

/**
 * Units left across the sellable variations, as far as the shopper's copy tells: Infinity when
 * one of them is above the low-stock threshold (its count is not published).
 */
export function stockLeft(product: Product): number {
  return sellable(product).reduce((sum, v) => sum + unitsAvailable(v), 0);
}

export interface OptionLabels {
  weight: Map<string, string>;
  beans: Map<string, string>;
  additions: Map<string, string>;
}

/**
 * Option values are the English names (what matchVariation compares and the cart stores);
 * this maps each to the label for the current language.
 */
export function optionLabels(variations: readonly Variation[], locale: Locale): OptionLabels {
  const labels: OptionLabels = { weight: new Map(), beans: new Map(), additions: new Map() };
  for (const v of variations) {
    labels.weight.set(
      v.size.displayName,
      locale === 'ar' ? v.size.displayNameAr || v.size.displayName : v.size.displayName,
    );
    if (v.beans)
      labels.beans.set(v.beans.name, locale === 'ar' ? v.beans.nameAr || v.beans.name : v.beans.name);
    if (v.type)
      labels.additions.set(v.type.name, locale === 'ar' ? v.type.nameAr || v.type.name : v.type.name);
  }
  return labels;
}

// In its own module: the pictures' placeholder (a client island on every page) needs only this.
export { productInitial } from './product-initial';

/** At or below this many units left, the product page says 'Only N left' (the gateway's threshold too). */
export const LOW_STOCK = LOW_STOCK_THRESHOLD;

export type StockNotice = { kind: 'out' } | { kind: 'low'; count: number } | { kind: 'in' };

/** What the product page says about stock: out, 'Only N left' when low, else simply in stock. */
export function stockNotice(product: Product): StockNotice {
  const count = stockLeft(product);
  if (count <= 0) return { kind: 'out' };
  return count <= LOW_STOCK ? { kind: 'low', count } : { kind: 'in' };
}

/** A variation's options in the shopper's language ("500 غ · بالهيل · أرابيكا"). */
export function variationLabel(v: Variation, locale: Locale): string {
  const ar = locale === 'ar';
  return [
    ar ? v.size.displayNameAr || v.size.displayName : v.size.displayName,
    v.type ? (ar ? v.type.nameAr || v.type.name : v.type.name) : null,
    v.beans ? (ar ? v.beans.nameAr || v.beans.name : v.beans.name) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
