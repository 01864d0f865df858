import { type Fils, filsToDecimalString, type Locale } from '../money/money';
import { CURRENCY, PAY_LATER_MAX_FILS, PAY_LATER_MIN_FILS } from '../reference/constants';

/*
 * Kept free of zod on purpose: the storefront's cart panel (on every page) and product page start
 * the promotional widget with these, and must not load the validation library for it
 * (web/test/bundle-boundaries.test.ts). pay-later.ts re-exports them.
 */

/** SPEC 7: the merchant code of the promotional widget when the environment sets none. */
export const PAY_LATER_DEFAULT_MERCHANT_CODE = 'GR';

/** SPEC 4 / 9: pay later only for a total from 1 to 5000 AED, both ends included. */
export function isPayLaterEligible(totalFils: Fils): boolean {
  return Number.isFinite(totalFils) && totalFils >= PAY_LATER_MIN_FILS && totalFils <= PAY_LATER_MAX_FILS;
}

/** SPEC 2.7: the instalment provider's promotional widget shows for a price from 1 to 5000 inclusive. */
export const showsPayLaterWidget = isPayLaterEligible;

export interface PayLaterWidgetOptions {
  /** Two decimals, as SPEC 7 says. */
  price: string;
  currency: 'AED';
  lang: Locale;
  source: string;
  publicKey: string;
  merchantCode: string;
}

/** SPEC 7: how the promotional widget is started; null when it must not show (SPEC 2.7). */
export function payLaterWidgetOptions(input: {
  priceFils: Fils;
  locale: Locale;
  publicKey: string;
  source?: string;
  merchantCode?: string | null;
}): PayLaterWidgetOptions | null {
  if (!showsPayLaterWidget(input.priceFils)) return null;
  return {
    price: filsToDecimalString(input.priceFils),
    currency: CURRENCY,
    lang: input.locale,
    source: input.source ?? 'product',
    publicKey: input.publicKey,
    merchantCode: input.merchantCode || PAY_LATER_DEFAULT_MERCHANT_CODE,
  };
}
