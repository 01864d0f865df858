import { localize } from '../messages/localized-text';
import { type Fils, filsToDecimalString, formatAed, type Locale } from '../money/money';
import { CHECKOUT_MESSAGES } from './messages';

/** SPEC 2.7: the shipping line reads 'Free' at 0, otherwise the amount. */
export function shippingLineText(shippingFils: Fils, locale: Locale): string {
  return shippingFils <= 0
    ? localize(CHECKOUT_MESSAGES['checkout.free'], locale)
    : formatAed(shippingFils, locale);
}

/** SPEC 2.7 'Add ... for free shipping', or null when there is nothing left to add. */
export function freeShippingNudge(amountToFreeShippingFils: Fils, locale: Locale): string | null {
  if (amountToFreeShippingFils <= 0) return null;
  return localize(CHECKOUT_MESSAGES['checkout.freeShippingNudge'], locale, {
    amount: filsToDecimalString(amountToFreeShippingFils),
  });
}
