import { type Fils, fractionToBasisPoints, percentOf, toFils } from '../money/money';
import type { DiscountType } from './product';

/**
 * The unit price a shopper pays for a variation, in fils.
 * PERCENTAGE: `discount` is a fraction 0..1 (SPEC 3). FIXED_AMOUNT: `discount` is AED off the unit.
 * Never below zero.
 */
export function discountedUnitFils(price: number, discount: number, discountType: DiscountType): Fils {
  const base = toFils(price);
  if (!discount || discount <= 0) return base;
  const off =
    discountType === 'PERCENTAGE'
      ? percentOf(base, fractionToBasisPoints(Math.min(discount, 1)))
      : toFils(discount);
  return Math.max(0, base - off);
}
