import { z } from 'zod';
import { localize } from '../messages/localized-text';
import { type Fils, filsToDecimalString, type Locale } from '../money/money';
import { CURRENCY, PAY_LATER_MAX_FILS, PAY_LATER_MIN_FILS } from '../reference/constants';
import { PAYMENT_MESSAGES, type PaymentMessageCode } from './messages';
import { PAY_LATER_DEFAULT_MERCHANT_CODE } from './payment-method';

/** SPEC 4 / 9: pay later only for a total from 1 to 5000 AED, both ends included. */
export function isPayLaterEligible(totalFils: Fils): boolean {
  return Number.isFinite(totalFils) && totalFils >= PAY_LATER_MIN_FILS && totalFils <= PAY_LATER_MAX_FILS;
}

/** SPEC 2.7: the instalment provider's promotional widget shows for a price from 1 to 5000 inclusive. */
export const showsPayLaterWidget = isPayLaterEligible;

/** SPEC 4 "Pay-later outcomes". Every one of them tells the shopper to use the card. */
export const PayLaterOutcome = z
  .enum(['not_available', 'cancelled', 'failed', 'rejected', 'amount_too_high', 'amount_too_low'])
  .meta({ id: 'PayLaterOutcome' });
export type PayLaterOutcome = z.infer<typeof PayLaterOutcome>;

const OUTCOME_MESSAGE: Record<PayLaterOutcome, PaymentMessageCode> = {
  not_available: 'payLater.notAvailable',
  cancelled: 'payLater.cancelled',
  // SPEC 8 gives failure and a general rejection one sentence.
  failed: 'payLater.rejected',
  rejected: 'payLater.rejected',
  amount_too_high: 'payLater.amountTooHigh',
  amount_too_low: 'payLater.amountTooLow',
};

export function payLaterOutcomeCode(outcome: PayLaterOutcome): PaymentMessageCode {
  return OUTCOME_MESSAGE[outcome];
}

/** The SPEC 8 sentence for an outcome, in the shopper's language. */
export function payLaterOutcomeMessage(outcome: PayLaterOutcome, locale: Locale): string {
  return localize(PAYMENT_MESSAGES[OUTCOME_MESSAGE[outcome]], locale);
}

/**
 * What the provider told us, as one of our outcomes. Sources: the pre-scoring rejection reason
 * (`not_available`, `order_amount_too_high`, `order_amount_too_low`), the payment status of the
 * webhook (`rejected`, `expired`) and the redirect back from the hosted page (`cancel`, `failure`).
 * Anything not recognised is a general rejection: the message is the same and it is safe.
 */
export function payLaterOutcomeFrom(signal: {
  reason?: string | null;
  status?: string | null;
}): PayLaterOutcome {
  const reason = signal.reason?.toLowerCase() ?? '';
  if (reason === 'not_available') return 'not_available';
  if (reason === 'order_amount_too_high' || reason === 'amount_too_high') return 'amount_too_high';
  if (reason === 'order_amount_too_low' || reason === 'amount_too_low') return 'amount_too_low';
  const status = signal.status?.toLowerCase() ?? '';
  if (status === 'cancel' || status === 'cancelled' || status === 'canceled') return 'cancelled';
  if (status === 'failure' || status === 'failed' || status === 'expired' || status === 'error')
    return 'failed';
  return 'rejected';
}

/** Our own range check, before asking the provider: out of range maps to its amount outcomes. */
export function payLaterAmountOutcome(totalFils: Fils): PayLaterOutcome | null {
  if (!(totalFils >= PAY_LATER_MIN_FILS)) return 'amount_too_low';
  if (totalFils > PAY_LATER_MAX_FILS) return 'amount_too_high';
  return null;
}

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
