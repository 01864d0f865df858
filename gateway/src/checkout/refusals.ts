import type { CheckoutFailureDetails } from '@qahwa/checkout';
import {
  couponRefusalText,
  LOW_STOCK_THRESHOLD,
  type Locale,
  PROMOTION_MESSAGES,
  type PromotionRefusal,
} from '@qahwa/schema';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * A line names a variation of another product: 400 like any invalid request, the issue pointing
 * at the line's variationId, in the shopper's language. One wording for the cash-on-delivery
 * order, the card intent and the pay-later session (all priced by `priceCheckout`).
 */
export function variationMismatchError(details: CheckoutFailureDetails, locale: Locale): HttpError {
  const text = t('variationOfAnotherProduct', locale);
  return new HttpError(400, 'VALIDATION_FAILED', text, {
    issues: [{ path: `/items/${details.line ?? 0}/variationId`, message: text }],
  });
}

/**
 * Not enough stock for a line: 409 with what is left when that is at or below the low-stock
 * threshold (what the product page shows anyway), else without the count, which shoppers are
 * never told (merged lines may ask for up to MAX_ORDER_QUANTITY of one variation).
 */
export function outOfStockError(available: number, name: string, locale: Locale): HttpError {
  const text =
    available <= LOW_STOCK_THRESHOLD
      ? t('outOfStock', locale, { available, name })
      : t('outOfStockMany', locale, { name });
  return new HttpError(409, 'OUT_OF_STOCK', text);
}

/**
 * The shopper's coupon does not hold at the order's door (cash on delivery, a card intent, a
 * pay-later session): 409 in the words the validate route gives anyone without a staff session
 * (`couponRefusalText` with the shopper audience: one "not usable" answer), so no door tells a
 * guesser more than another. The storefront names a publicly listed code's missed condition
 * itself; the reason is in the logs and, for staff, in the back office.
 */
export function couponRefusedError(
  refusal: { code: string; params?: PromotionRefusal['params'] } | undefined,
  locale: Locale,
): HttpError {
  const known: PromotionRefusal =
    refusal && Object.hasOwn(PROMOTION_MESSAGES, refusal.code)
      ? (refusal as PromotionRefusal)
      : { code: 'coupon.invalid' };
  return new HttpError(409, 'COUPON_REFUSED', couponRefusalText(known, locale, 'shopper'));
}
