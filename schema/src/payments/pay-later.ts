import { z } from 'zod';
import { localize } from '../messages/localized-text';
import type { Fils, Locale } from '../money/money';
import { PAYMENT_MESSAGES, type PaymentMessageCode } from './messages';
import type { PayLaterRange } from './pay-later-widget';
import { PAY_LATER_PROVIDER_NAME } from './payment-method';

// The range and the widget's options are zod-free (every storefront page loads the widget's rule).
export {
  DEFAULT_PAY_LATER_RANGE,
  isPayLaterEligible,
  type PayLaterRange,
  type PayLaterWidgetOptions,
  payLaterWidgetOptions,
  showsPayLaterWidget,
} from './pay-later-widget';

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

/**
 * The SPEC 8 sentence for an outcome, in the shopper's language, naming the provider as its
 * button does (SPEC writes "the instalment provider" for a provider it does not name).
 */
export function payLaterOutcomeMessage(outcome: PayLaterOutcome, locale: Locale): string {
  return localize(PAYMENT_MESSAGES[OUTCOME_MESSAGE[outcome]], locale, {
    provider: PAY_LATER_PROVIDER_NAME[locale],
  });
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
export function payLaterAmountOutcome(totalFils: Fils, range: PayLaterRange): PayLaterOutcome | null {
  if (!(totalFils >= range.minFils)) return 'amount_too_low';
  if (totalFils > range.maxFils) return 'amount_too_high';
  return null;
}
