import { z } from 'zod';
import type { Locale } from '../money/money';
import { TEXT_LIMITS, validationText } from './fields';

/** SPEC 2.7: the input is forced to upper case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * SPEC 5: an empty code gives 'Please enter a coupon code'. The format is not checked here:
 * a code that cannot exist is simply not found, and the shopper reads 'Invalid coupon code'.
 */
export function couponCodeSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return z
    .string({ error: t('validation.couponEmpty') })
    .trim()
    .min(1, { error: t('validation.couponEmpty') })
    .max(TEXT_LIMITS.code, { error: t('validation.tooLong', { max: TEXT_LIMITS.code }) })
    .transform(normalizeCouponCode);
}
