import { localize } from '../messages/localized-text';
import type { Locale } from '../money/money';
import type { SaleConfig } from '../sale/sale-config';
import type { PromotionCart } from './discounts';
import { PROMOTION_MESSAGES } from './messages';
import { isAutomatic, type Promotion } from './promotion';
import { type PromotionRefusal, validatePromotionCode } from './validate-code';

/**
 * What a shopper may see of the promotions (docs/promotions.md "What shoppers see"): the ones
 * that price every cart (automatic) and the codes staff marked public. A code is someone's (a
 * voucher, a partner's batch) until staff say it is for everyone.
 */
export function isListedToShoppers(p: Pick<Promotion, 'code' | 'isPublic'>): boolean {
  return isAutomatic(p) || p.isPublic;
}

/** Who is asking about a code: anyone (the storefront, a script) or signed-in staff. */
export type CouponAudience = 'shopper' | 'staff';

/**
 * Why a code gives no discount, as this caller may hear it. Staff get the reason (switched off,
 * not started, expired, used up, the minimum, the products…); anyone else gets one answer for
 * every refusal, so a guesser cannot tell an unknown code from one that exists but ended, ran out
 * or needs a bigger cart. Used by the validate route and by the order's COUPON_REFUSED (card,
 * cash on delivery, pay later): the same code reveals the same through each door.
 */
export function couponRefusalFor(refusal: PromotionRefusal, audience: CouponAudience): PromotionRefusal {
  return audience === 'staff' ? refusal : { code: 'coupon.notUsable' };
}

/** `couponRefusalFor`'s answer in the caller's language. */
export function couponRefusalText(
  refusal: PromotionRefusal,
  locale: Locale,
  audience: CouponAudience,
): string {
  const told = couponRefusalFor(refusal, audience);
  return localize(PROMOTION_MESSAGES[told.code], locale, told.params);
}

/**
 * The storefront's own explanation of a refused code it already knows publicly: when the typed
 * code is one of the public promotions the store lists, its conditions are public too, so the
 * checkout can say which one the cart misses (the minimum, the products, the quantities, used up,
 * the anniversary code while the store's sale — public too — is not running).
 * Null when the code is not a listed one, or when the listed promotion would apply (the server
 * knows better: its answer stands).
 */
export function publicCouponRefusal(
  listed: readonly Promotion[],
  code: string,
  cart: PromotionCart,
  now: Date,
  sale: SaleConfig,
): PromotionRefusal | null {
  const known = listed.filter((p) => !isAutomatic(p) && p.isPublic);
  const result = validatePromotionCode(known, code, cart, now, sale);
  if (result.valid || result.code === 'coupon.invalid') return null;
  return { code: result.code, ...(result.params ? { params: result.params } : {}) };
}
