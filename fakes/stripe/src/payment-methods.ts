import { SUCCEEDING, TEST_PAYMENT_METHODS } from './cards';
import { invalid, StripeHttpError } from './errors';
import { type FormObject, obj, str } from './form';
import { now, randomId } from './ids';
import type { PaymentMethod } from './objects';

/** A card PaymentMethod of a number; a wallet (`apple_pay`, `google_pay`) is a double-only field. */
function cardMethod(
  id: string,
  number: string,
  wallet: string | undefined,
  billingDetails: Record<string, unknown>,
): PaymentMethod {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    card: {
      brand: SUCCEEDING[number] ?? 'visa',
      last4: number.slice(-4),
      wallet: wallet ? { type: wallet } : null,
    },
    billing_details: billingDetails,
    customer: null,
    created: now(),
    livemode: false,
    number,
    setUpForOffSession: false,
  };
}

/**
 * Card PaymentMethods: made by `POST /v1/payment_methods`, named by Stripe's test ids
 * (`pm_card_visa`: as at Stripe, each use makes a new `pm_…`), or given inline as
 * `payment_method_data` when an intent is confirmed. Saving one to a Customer: customers.ts and
 * off-session.ts.
 */
export class PaymentMethods {
  private readonly made = new Map<string, PaymentMethod>();

  /** A method made here, or Stripe's 404 `resource_missing`. */
  get(id: string): PaymentMethod {
    const pm = this.made.get(id);
    if (!pm) throw invalid(`No such PaymentMethod: '${id}'`, 'payment_method', 'resource_missing', 404);
    return pm;
  }

  /** The cards saved to a Customer, newest first (Stripe's list order). */
  attachedTo(customerId: string): PaymentMethod[] {
    return [...this.made.values()].filter((pm) => pm.customer === customerId).reverse();
  }

  create(params: FormObject): PaymentMethod {
    const card = obj(params.card);
    const number = (str(card.number) ?? '').replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(number)) {
      throw new StripeHttpError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    }
    const pm = cardMethod(`pm_${randomId()}`, number, str(card.wallet), obj(params.billing_details));
    this.made.set(pm.id, pm);
    return pm;
  }

  /** As Stripe shows it: without the card number and the double's own bookkeeping. */
  publicMethod(pm: PaymentMethod) {
    const { number: _n, setUpForOffSession: _s, ...shown } = pm;
    return shown;
  }

  /**
   * The method a confirmation pays with: `payment_method` (made, or a test id, which makes a new
   * one), the intent's own (`payment_method` given at creation), or `payment_method_data`.
   */
  forConfirm(params: FormObject, intentMethod: string | null = null): PaymentMethod {
    const given = str(params.payment_method) ?? intentMethod ?? undefined;
    if (given) {
      const known = this.made.get(given);
      if (known) return known;
      const number = TEST_PAYMENT_METHODS[given];
      if (!number) throw invalid(`No such PaymentMethod: '${given}'`, 'payment_method', 'resource_missing');
      const data = obj(params.payment_method_data);
      const pm = cardMethod(
        `pm_${randomId()}`,
        number,
        str(obj(data.card).wallet),
        obj(data.billing_details),
      );
      this.made.set(pm.id, pm);
      return pm;
    }
    const data = obj(params.payment_method_data);
    if (str(data.type) && str(data.type) !== 'card') {
      throw invalid(`The payment method type "${str(data.type)}" is invalid.`, 'payment_method_data[type]');
    }
    if (Object.keys(obj(data.card)).length === 0) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    return this.create(data);
  }
}
