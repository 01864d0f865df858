import { type Fils, filsToDecimalString, type Locale } from '../money/money';
import { CURRENCY, PAY_LATER_MAX_FILS, PAY_LATER_MIN_FILS } from '../reference/constants';

/*
 * Kept free of zod on purpose: the storefront's cart panel (on every page) and product page start
 * the promotional widget with these, and must not load the validation library for it
 * (web/test/bundle-boundaries.test.ts). pay-later.ts re-exports them.
 */

/** SPEC 7: the merchant code of the promotional widget when the environment sets none. */
export const PAY_LATER_DEFAULT_MERCHANT_CODE = 'GR';

/** The totals pay later is offered for, both ends included (settings 'payLater', docs/settings.md). */
export interface PayLaterRange {
  minFils: Fils;
  maxFils: Fils;
}

/** SPEC 9's 1 to 5000 AED: a fresh database's range, until staff change it. */
export const DEFAULT_PAY_LATER_RANGE: Readonly<PayLaterRange> = Object.freeze({
  minFils: PAY_LATER_MIN_FILS,
  maxFils: PAY_LATER_MAX_FILS,
});

/** SPEC 4 / 9: pay later only for a total inside the store's range, both ends included. */
export function isPayLaterEligible(totalFils: Fils, range: PayLaterRange): boolean {
  return Number.isFinite(totalFils) && totalFils >= range.minFils && totalFils <= range.maxFils;
}

/** SPEC 2.7: the instalment provider's promotional widget shows for a price inside the same range. */
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
  range: PayLaterRange;
}): PayLaterWidgetOptions | null {
  if (!showsPayLaterWidget(input.priceFils, input.range)) return null;
  return {
    price: filsToDecimalString(input.priceFils),
    currency: CURRENCY,
    lang: input.locale,
    source: input.source ?? 'product',
    publicKey: input.publicKey,
    merchantCode: input.merchantCode || PAY_LATER_DEFAULT_MERCHANT_CODE,
  };
}
