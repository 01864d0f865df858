import type { Fils } from '../money/money';
import type { PromotionDiscount } from './discounts';

export interface AppliedPromotions {
  /** The one discount on the goods, or null. */
  goods: PromotionDiscount | null;
  /** The free-shipping promotion in force, or null. */
  shipping: PromotionDiscount | null;
  discountFils: Fils;
  freeShipping: boolean;
  /** False when the shopper's coupon lost to a better automatic promotion (say so: 'coupon.outranked'). */
  couponApplied: boolean;
}

/**
 * Stacking. Promotions that take money off the goods do not stack: the order gets the single
 * largest saving among the automatic promotions and the coupon, so nobody can pile 40 % on 40 %.
 * Free shipping is not a saving on the goods and stacks with that one discount. On a tie the
 * coupon wins (the shopper chose it), then the lower promotion id, so the result is stable.
 */
export function applyPromotions(input: {
  automatic: readonly PromotionDiscount[];
  coupon?: PromotionDiscount | null;
}): AppliedPromotions {
  const coupon = input.coupon ?? null;
  const candidates = coupon ? [coupon, ...input.automatic] : [...input.automatic];
  let goods: PromotionDiscount | null = null;
  for (const c of candidates) {
    if (c.freeShipping) continue;
    if (
      !goods ||
      c.discountFils > goods.discountFils ||
      (c.discountFils === goods.discountFils &&
        goods !== coupon &&
        c !== coupon &&
        c.promotionId < goods.promotionId)
    ) {
      goods = c;
    }
  }
  const shipping = candidates.find((c) => c.freeShipping) ?? null;
  return {
    goods,
    shipping,
    discountFils: goods?.discountFils ?? 0,
    freeShipping: shipping !== null,
    couponApplied: coupon !== null && (goods === coupon || shipping === coupon),
  };
}
