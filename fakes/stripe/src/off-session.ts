import { AUTHENTICATION, DECLINES, SUCCEEDING } from './cards';
import { invalid } from './errors';
import { type FormValue, str } from './form';
import type { PaymentIntent, PaymentMethod } from './objects';

/**
 * Saved cards and off-session payments, as Stripe runs them
 * (docs.stripe.com/payments/save-during-payment, docs.stripe.com/payments/finalize-payments-on-the-server):
 * - a PaymentIntent with `customer` and `setup_future_usage` that succeeds saves (attaches) its
 *   card to that Customer; confirmed by the shopper (not `off_session`), the card is then set up
 *   for later off-session payments;
 * - a later PaymentIntent with `customer`, `payment_method`, `off_session=true` and `confirm=true`
 *   charges the saved card with nobody present: it succeeds, or fails with 402 and the intent back
 *   in `requires_payment_method` — `authentication_required` when the bank wants 3-D Secure
 *   (the shopper must come back and confirm that intent on-session), `card_declined` /
 *   `insufficient_funds` as any decline.
 * The double does not model 3-D Secure's challenge on-session (`requires_action`): a shopper who
 * confirms with an authentication card is taken to have passed it.
 */

export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

const AUTHENTICATION_REQUIRED: Decline = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

const GENERIC_DECLINE: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

const LIVE_CARD: Decline = {
  code: 'card_declined',
  decline_code: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

/** `off_session`: `true`, or Stripe's older `one_off` / `recurring`. */
export const isOffSession = (v: FormValue | undefined) => {
  const s = str(v);
  return s === 'true' || s === 'one_off' || s === 'recurring';
};

/** `setup_future_usage`: `off_session`, `on_session`, or '' (unset, on update). */
export function setupFutureUsageOf(v: FormValue | undefined): PaymentIntent['setup_future_usage'] {
  const s = str(v);
  if (s === 'off_session' || s === 'on_session') return s;
  if (s === '' || s === undefined) return null;
  throw invalid(`Invalid setup_future_usage: must be one of on_session or off_session`, 'setup_future_usage');
}

/** What the bank answers to this card charged now, on-session or off. */
export function declineFor(pm: PaymentMethod, offSession: boolean): Decline | undefined {
  const auth = AUTHENTICATION[pm.number];
  if (auth === 'charges_fail') return GENERIC_DECLINE;
  if (offSession && (auth === 'always' || (auth === 'unless_set_up' && !pm.setUpForOffSession))) {
    return AUTHENTICATION_REQUIRED;
  }
  return DECLINES[pm.number] ?? (SUCCEEDING[pm.number] ? undefined : LIVE_CARD);
}

/**
 * Before the charge: a card saved to one Customer cannot pay for another's intent, nor for an
 * intent without a Customer; an off-session payment needs the Customer the card is saved to.
 */
export function checkOwner(intent: PaymentIntent, pm: PaymentMethod, offSession: boolean): void {
  if (pm.customer && pm.customer !== intent.customer) {
    throw invalid(
      `The provided PaymentMethod (${pm.id}) is attached to a Customer; pass that Customer (${pm.customer}) with the PaymentIntent to use it.`,
      'payment_method',
    );
  }
  if (offSession && !intent.customer) {
    throw invalid(
      'A PaymentIntent confirmed off-session must name the Customer its saved PaymentMethod is attached to.',
      'customer',
    );
  }
}

/** After a successful charge: `setup_future_usage` saves the card to the intent's Customer. */
export function saveForFutureUse(intent: PaymentIntent, pm: PaymentMethod, offSession: boolean): void {
  if (!intent.setup_future_usage || !intent.customer) return;
  pm.customer = intent.customer;
  // The shopper was there (and passed any authentication): the card is set up for off-session use.
  if (!offSession) pm.setUpForOffSession = true;
}
