import type Stripe from 'stripe';

/**
 * A subscription's saved card (docs/subscriptions.md "Stripe"): charged off-session, with nobody
 * present, by a PaymentIntent created and confirmed in one call
 * (docs.stripe.com/payments/save-during-payment#charge-saved-payment-method).
 */

export interface SavedCardCharge {
  amountFils: number;
  /** The Customer the card is saved to, and the card (`cus_…`, `pm_…`). */
  customer: string;
  paymentMethod: string;
  /** One key per attempt (`cycleChargeKey`): a retry of the attempt replays Stripe's first answer. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** What Stripe answered: paid, or declined with its code (the intent kept for an on-session retry). */
export type SavedCardOutcome =
  | { paid: true; paymentIntentId: string; amountFils: number }
  | {
      paid: false;
      /** card_declined, insufficient_funds (Stripe's decline code), authentication_required, or the intent's status. */
      code: string;
      paymentIntentId: string | null;
      message: string;
    };

/**
 * Charges a saved card off-session. A decline (Stripe's 402 `card_error`) is an outcome, not an
 * error: the caller decides when to try again, under a new key. A network error or a Stripe
 * outage is thrown as it is (retry it, same key: one charge).
 */
export async function chargeSavedCard(stripe: Stripe, charge: SavedCardCharge): Promise<SavedCardOutcome> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.amountFils,
        currency: 'aed',
        customer: charge.customer,
        payment_method: charge.paymentMethod,
        off_session: true,
        confirm: true,
        metadata: charge.metadata,
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    if (intent.status === 'succeeded') {
      return { paid: true, paymentIntentId: intent.id, amountFils: intent.amount_received || intent.amount };
    }
    return {
      paid: false,
      code: intent.status,
      paymentIntentId: intent.id,
      message: `The off-session payment is ${intent.status}`,
    };
  } catch (err) {
    const e = err as {
      type?: string;
      code?: string;
      decline_code?: string;
      message?: string;
      payment_intent?: { id: string };
    };
    if (e.type !== 'StripeCardError') throw err;
    return {
      paid: false,
      code: e.decline_code === 'insufficient_funds' ? 'insufficient_funds' : (e.code ?? 'card_declined'),
      paymentIntentId: e.payment_intent?.id ?? null,
      message: e.message ?? 'Your card was declined.',
    };
  }
}

/**
 * A succeeded PaymentIntent of this Customer whose metadata has every given value, or null: the
 * charge of an attempt whose answer was lost (every retry of it failed to hear Stripe), found
 * before a new attempt charges under a new key. Looks at the Customer's newest 100 intents.
 */
export async function findSavedCardPayment(
  stripe: Stripe,
  customer: string,
  metadata: Record<string, string>,
): Promise<{ paymentIntentId: string; amountFils: number } | null> {
  const { data } = await stripe.paymentIntents.list({ customer, limit: 100 });
  const found = data.find(
    (pi) => pi.status === 'succeeded' && Object.entries(metadata).every(([k, v]) => pi.metadata[k] === v),
  );
  return found ? { paymentIntentId: found.id, amountFils: found.amount_received || found.amount } : null;
}
