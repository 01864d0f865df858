import { LOW_STOCK_THRESHOLD, type Locale } from '@qahwa/schema';
import type { CheckoutFailureDetails } from '@qahwa/workflows/checkout/errors';
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
