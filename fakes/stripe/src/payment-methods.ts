import { SUCCEEDING, TEST_PAYMENT_METHODS } from './cards';
import { invalid, StripeHttpError } from './errors';
import { type FormObject, obj, str } from './form';
import { randomId } from './ids';
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
    number,
  };
}

/**
 * Card PaymentMethods: made by `POST /v1/payment_methods`, named by Stripe's test ids
 * (`pm_card_visa`), or given inline as `payment_method_data` when an intent is confirmed.
 */
export class PaymentMethods {
  private readonly made = new Map<string, PaymentMethod>();

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

  /** As Stripe shows it: without the card number. */
  publicMethod(pm: PaymentMethod) {
    const { number: _n, ...shown } = pm;
    return shown;
  }

  /** The method a confirmation pays with: `payment_method` (made or a test id) or `payment_method_data`. */
  forConfirm(params: FormObject): PaymentMethod {
    const given = str(params.payment_method);
    if (given) {
      const known = this.made.get(given);
      if (known) return known;
      const number = TEST_PAYMENT_METHODS[given];
      if (!number) throw invalid(`No such PaymentMethod: '${given}'`, 'payment_method', 'resource_missing');
      const data = obj(params.payment_method_data);
      return cardMethod(given, number, str(obj(data.card).wallet), obj(data.billing_details));
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
