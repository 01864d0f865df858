import type { LocalizedText } from '../messages/localized-text';
import { type Fils, percentOf } from '../money/money';
import { isWithinWindow } from '../reference/gulf-time';

export interface SaleConfig {
  isActive: boolean;
  /** Percent, 0..100. */
  discountPercentage: number;
  /** YYYY-MM-DD, whole days in Dubai time, both included. */
  startDate: string;
  endDate: string;
  label: LocalizedText;
}

/**
 * SPEC 3 / 9: the anniversary sale, 40 % from 2025-09-01 to 2025-12-31, currently off — the
 * default of a fresh database only. What runs is the store's settings ('sale', staff set it in
 * the back office; docs/settings.md): pricing reads those and takes them as a parameter. Frozen,
 * so nothing can switch the sale on by changing this object.
 */
export const SALE_CONFIG: Readonly<SaleConfig> = Object.freeze({
  isActive: false,
  discountPercentage: 40,
  startDate: '2025-09-01',
  endDate: '2025-12-31',
  label: Object.freeze({ en: 'Anniversary Sale — 40% off', ar: 'تخفيضات الذكرى السنوية — خصم 40%' }),
});

/** SPEC 4: active only with the flag on and the date inside the window. */
export function isSaleActive(config: SaleConfig, now: Date): boolean {
  return config.isActive && isWithinWindow(config.startDate, config.endDate, now);
}

/** The sale's saving on a price, rounded to the fils (2 decimals), half away from zero. */
export function saleDiscountFils(priceFils: Fils, config: SaleConfig, now: Date): Fils {
  if (!isSaleActive(config, now) || priceFils <= 0) return 0;
  const bp = Math.min(10_000, Math.max(0, Math.round(config.discountPercentage * 100)));
  return Math.min(priceFils, percentOf(priceFils, bp));
}

/** The price during the sale (the price itself when it is not running). */
export function salePriceFils(priceFils: Fils, config: SaleConfig, now: Date): Fils {
  return priceFils - saleDiscountFils(priceFils, config, now);
}

/**
 * The unit price a shopper pays when a sale may run beside a variation's own discount: the
 * lower of the two, never both (a 40 % sale on top of a 20 % variation discount would be 52 %,
 * which nobody priced). `discountedFils` is the variation's price after its own discount.
 */
export function bestUnitPriceFils(listFils: Fils, discountedFils: Fils, config: SaleConfig, now: Date): Fils {
  return Math.min(discountedFils, salePriceFils(listFils, config, now));
}
