import type { MessageParams } from '../messages/localized-text';
import { filsToDecimalString, toFils } from '../money/money';
import { windowEndMs, windowStartMs } from '../reference/gulf-time';
import type { SaleConfig } from '../sale/sale-config';
import { normalizeCouponCode } from '../validation/coupon-box';
import { isAnniversaryCode, isAnniversaryCodeUsable } from './anniversary';
import {
  bundleSets,
  buyXGetYMissingUnits,
  cartSubtotal,
  computeDiscount,
  eligibleLines,
  type PromotionCart,
  type PromotionDiscount,
} from './discounts';
import type { PromotionMessageCode } from './messages';
import { isAutomatic, isDiscountType, type Promotion } from './promotion';

export interface PromotionRefusal {
  code: PromotionMessageCode;
  params?: MessageParams;
}

/**
 * Why a promotion does not apply to this cart now, or null when it does. Checked in the order a
 * shopper can act on: switched off, not started, over, used up, order too small, wrong products,
 * then the type's own condition (enough units for buy-X-get-Y, a complete bundle).
 */
export function promotionRefusal(
  promotion: Promotion,
  cart: PromotionCart,
  now: Date,
): PromotionRefusal | null {
  if (!promotion.isActive) return { code: 'coupon.inactive' };
  const t = now.getTime();
  const from = windowStartMs(promotion.startDate);
  const to = windowEndMs(promotion.endDate);
  // An unreadable date closes the promotion rather than opening it to everyone.
  if (Number.isNaN(from) || Number.isNaN(to)) return { code: 'coupon.inactive' };
  if (t < from) return { code: 'coupon.notStarted' };
  if (t > to) return { code: 'coupon.expired' };
  if (promotion.maxUses !== null && promotion.usedCount >= promotion.maxUses)
    return { code: 'coupon.usageLimit' };
  if (promotion.minOrderAmount !== null && cartSubtotal(cart) < toFils(promotion.minOrderAmount)) {
    return {
      code: 'coupon.minOrder',
      params: { amount: filsToDecimalString(toFils(promotion.minOrderAmount)) },
    };
  }
  if (promotion.type === 'BUNDLE') {
    return bundleSets(promotion, cart) > 0 ? null : { code: 'coupon.bundleIncomplete' };
  }
  if (eligibleLines(promotion, cart).length === 0 && promotion.productIds.length > 0) {
    return { code: 'coupon.notApplicable' };
  }
  if (promotion.type === 'BUY_X_GET_Y') {
    const missing = buyXGetYMissingUnits(promotion, cart);
    if (missing > 0) return { code: 'coupon.buyMore', params: { missing } };
  }
  return null;
}

export type CouponValidation =
  | { valid: true; promotion: Promotion; discount: PromotionDiscount }
  | ({ valid: false } & PromotionRefusal);

/**
 * SPEC 7 POST /api/promotions/validate, as a pure rule. The code is compared upper-cased and
 * trimmed (the box forces upper case). Unknown codes, automatic promotions (they have no code to
 * type) and recommendation-only promotions all read 'Invalid coupon code'.
 *
 * `sale` is the store's sale (settings 'sale'): ANNIVERSARY_2025 is its code, refused unless the
 * sale runs (`coupon.saleNotRunning`) besides its promotion's own conditions, and then valid with
 * no discount of its own: the sale already took its percentage off every unit (anniversary.ts).
 */
export function validatePromotionCode(
  promotions: readonly Promotion[],
  code: string,
  cart: PromotionCart,
  now: Date,
  sale: SaleConfig,
): CouponValidation {
  const wanted = normalizeCouponCode(code);
  const promotion = promotions.find(
    (p) => !isAutomatic(p) && isDiscountType(p.type) && normalizeCouponCode(p.code ?? '') === wanted,
  );
  if (!promotion || wanted === '') return { valid: false, code: 'coupon.invalid' };
  const anniversary = isAnniversaryCode(wanted);
  if (anniversary && !isAnniversaryCodeUsable(sale, now))
    return { valid: false, code: 'coupon.saleNotRunning' };
  const refusal = promotionRefusal(promotion, cart, now);
  if (refusal) return { valid: false, ...refusal };
  if (anniversary) {
    return {
      valid: true,
      promotion,
      discount: { promotionId: promotion.id, type: promotion.type, discountFils: 0, freeShipping: false },
    };
  }
  const discount = computeDiscount(promotion, cart);
  if (!discount) return { valid: false, code: 'coupon.invalid' };
  return { valid: true, promotion, discount };
}

/** SPEC 3: automatic promotions (no code) that apply to this cart now, with what each takes off. */
export function automaticDiscounts(
  promotions: readonly Promotion[],
  cart: PromotionCart,
  now: Date,
): PromotionDiscount[] {
  const out: PromotionDiscount[] = [];
  for (const promotion of promotions) {
    if (!isAutomatic(promotion) || !isDiscountType(promotion.type)) continue;
    if (promotionRefusal(promotion, cart, now)) continue;
    const discount = computeDiscount(promotion, cart);
    if (discount) out.push(discount);
  }
  return out;
}
