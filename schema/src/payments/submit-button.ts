import { localize } from '../messages/localized-text';
import { type Fils, filsToDecimalString, type Locale } from '../money/money';
import { PAYMENT_MESSAGES } from './messages';
import { isPayLaterEligible, type PayLaterRange } from './pay-later';
import { PAY_LATER_PROVIDER_NAME, type PaymentMethod } from './payment-method';

export interface SubmitState {
  processing: boolean;
  method: PaymentMethod;
  totalFils: Fils;
}

/**
 * SPEC 2.7: 'Processing...' while busy; 'Continue with' the provider for pay later;
 * 'Place COD Order' for cash on delivery; otherwise 'Pay {total} AED' with the total to 2 decimals
 * (no thousands separator, as the provider's own pages write amounts).
 */
export function submitButtonLabel(state: SubmitState, locale: Locale): string {
  const text = PAYMENT_MESSAGES;
  if (state.processing) return localize(text['payment.submit.processing'], locale);
  switch (state.method) {
    case 'tabby':
      return localize(text['payment.submit.payLater'], locale, { provider: PAY_LATER_PROVIDER_NAME[locale] });
    case 'cod':
      return localize(text['payment.submit.cod'], locale);
    case 'card':
      return localize(text['payment.submit.pay'], locale, { total: filsToDecimalString(state.totalFils) });
  }
}

export interface SubmitReadiness extends SubmitState {
  /** The card provider's browser client has loaded. */
  hasPaymentClient: boolean;
  /** The payment intent's client secret has arrived. */
  hasClientSecret: boolean;
  /** The store's pay-later range (settings 'payLater'). */
  payLaterRange: PayLaterRange;
}

/**
 * SPEC 5: disabled while processing; for card while the payment client or client secret is
 * missing; for pay later while the total is outside the store's range (1..5000 AED by default). Cash on delivery is always ready.
 */
export function isSubmitDisabled(state: SubmitReadiness): boolean {
  if (state.processing) return true;
  switch (state.method) {
    case 'card':
      return !state.hasPaymentClient || !state.hasClientSecret;
    case 'tabby':
      return !isPayLaterEligible(state.totalFils, state.payLaterRange);
    case 'cod':
      return false;
  }
}

/** SPEC 4: the processing flag disables Back too. */
export function isBackDisabled(state: Pick<SubmitState, 'processing'>): boolean {
  return state.processing;
}

/** SPEC 4: pay later is offered only inside its range; card and cash on delivery always are. */
export function availablePaymentMethods(totalFils: Fils, range: PayLaterRange): PaymentMethod[] {
  return isPayLaterEligible(totalFils, range) ? ['card', 'tabby', 'cod'] : ['card', 'cod'];
}
