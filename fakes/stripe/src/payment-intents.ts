import type { ChargeLedger } from './charges';
import type { Customers } from './customers';
import { invalid, type StripeErrorBody, StripeHttpError } from './errors';
import { type FormObject, list, metadataOf, obj, str } from './form';
import { now, randomId } from './ids';
import type { ApiRequest, Charge, PaymentIntent, StripeEvent } from './objects';
import { checkOwner, declineFor, isOffSession, saveForFutureUse, setupFutureUsageOf } from './off-session';
import type { PaymentMethods } from './payment-methods';

/**
 * PaymentIntents as Stripe runs them: create (with `confirm=true`, created and confirmed in one
 * call), update, confirm (which makes the charge, succeeded or declined by the test card) and
 * `expand[]=latest_charge`; a `customer` with `setup_future_usage` saves the card, `off_session`
 * charges a saved one (off-session.ts).
 */

/** Stripe's smallest AED charge is 2.00 AED (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
const MIN_AMOUNT = { aed: 200 } as Record<string, number>;
const MAX_AMOUNT = 99_999_999;

/** What the intents need of the double: its objects, its ledger and its way to emit an event. */
export interface IntentHost {
  intents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  ledger: Pick<ChargeLedger, 'afterSuccess'>;
  emitEvent(type: string, object: StripeEvent['data']['object'], request: ApiRequest | null): StripeEvent;
}

function amountOf(params: FormObject, currency: string): number {
  const raw = str(params.amount);
  if (raw === undefined || !/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw ?? ''}`, 'amount');
  const amount = Number(raw);
  const min = MIN_AMOUNT[currency] ?? 50;
  if (amount < min) {
    throw invalid(
      `Amount must be at least ${(min / 100).toFixed(2)} ${currency}`,
      'amount',
      'amount_too_small',
    );
  }
  if (amount > MAX_AMOUNT)
    throw invalid('Amount must be no more than 999,999.99', 'amount', 'amount_too_large');
  return amount;
}

export class PaymentIntents {
  constructor(
    private readonly host: IntentHost,
    private readonly methods: PaymentMethods,
    private readonly customers: Pick<Customers, 'optional'>,
  ) {}

  /**
   * `POST /v1/payment_intents`: the intent, and with `confirm=true` its confirmation in the same
   * call (a decline is then this call's 402, the intent kept in `requires_payment_method`).
   */
  createAndConfirm(params: FormObject, request: ApiRequest): { status: number; body: unknown } {
    const intent = this.create(params);
    if (str(params.confirm) === 'true') return this.confirm(intent, params, request);
    return { status: 200, body: this.expand(intent, params) };
  }

  create(params: FormObject): PaymentIntent {
    const currency = str(params.currency)?.toLowerCase();
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const amount = amountOf(params, currency);
    const id = `pi_${randomId()}`;
    const apm = obj(params.automatic_payment_methods);
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: str(apm.enabled) ? { enabled: str(apm.enabled) === 'true' } : null,
      canceled_at: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomId(25)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: this.customers.optional(params),
      description: str(params.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(params),
      next_action: null,
      payment_method: str(params.payment_method) ?? null,
      payment_method_types: list(params.payment_method_types).length
        ? list(params.payment_method_types)
        : ['card'],
      receipt_email: str(params.receipt_email) ?? null,
      setup_future_usage: setupFutureUsageOf(params.setup_future_usage),
      shipping: null,
      status: 'requires_payment_method',
    };
    this.host.intents.set(id, intent);
    return intent;
  }

  update(intent: PaymentIntent, params: FormObject): PaymentIntent {
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot update this PaymentIntent because it has a status of ${intent.status}. Updates are only allowed when the PaymentIntent has a status of \`requires_payment_method\`, \`requires_confirmation\`, or \`requires_action\`.`,
        payment_intent: intent,
      });
    }
    if (params.currency !== undefined) intent.currency = str(params.currency)!.toLowerCase();
    if (params.amount !== undefined) intent.amount = amountOf(params, intent.currency);
    if (params.description !== undefined) intent.description = str(params.description) || null;
    if (params.receipt_email !== undefined) intent.receipt_email = str(params.receipt_email) || null;
    if (params.metadata !== undefined) intent.metadata = metadataOf(params, intent.metadata);
    if (params.customer !== undefined) intent.customer = this.customers.optional(params);
    if (params.setup_future_usage !== undefined) {
      intent.setup_future_usage = setupFutureUsageOf(params.setup_future_usage);
    }
    return intent;
  }

  confirm(intent: PaymentIntent, params: FormObject, request: ApiRequest): { status: number; body: unknown } {
    if (intent.status === 'succeeded') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        payment_intent: intent,
      });
    }
    if (intent.status === 'canceled') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has a status of canceled.',
        payment_intent: intent,
      });
    }
    if (params.setup_future_usage !== undefined) {
      intent.setup_future_usage = setupFutureUsageOf(params.setup_future_usage);
    }
    const offSession = isOffSession(params.off_session);
    const pm = this.methods.forConfirm(params, intent.payment_method);
    checkOwner(intent, pm, offSession);
    intent.payment_method = pm.id;
    const decline = declineFor(pm, offSession);
    const charge: Charge = {
      id: `ch_${randomId()}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: decline ? 0 : intent.amount,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: intent.currency,
      paid: !decline,
      status: decline ? 'failed' : 'succeeded',
      payment_intent: intent.id,
      payment_method: pm.id,
      billing_details: pm.billing_details,
      outcome: decline
        ? {
            type: 'issuer_declined',
            network_status: 'declined_by_network',
            seller_message: 'The bank did not return any further details with this decline.',
          }
        : { type: 'authorized', network_status: 'approved_by_network', seller_message: 'Payment complete.' },
      payment_method_details: { type: 'card', card: pm.card },
      created: now(),
      livemode: false,
    };
    this.host.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    if (decline) {
      const error: StripeErrorBody = {
        type: 'card_error',
        code: decline.code,
        ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
        message: decline.message,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
        payment_method: { id: pm.id, type: 'card' },
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      intent.payment_method = null;
      this.host.emitEvent('payment_intent.payment_failed', intent, request);
      throw new StripeHttpError(402, { ...error, payment_intent: structuredClone(intent) });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    saveForFutureUse(intent, pm, offSession);
    this.host.emitEvent('payment_intent.succeeded', intent, request);
    this.host.ledger.afterSuccess(charge, pm.number, request);
    return { status: 200, body: this.expand(intent, params) };
  }

  /**
   * `GET /v1/payment_intents?customer=…&limit=…`: newest first, at most `limit` (10, up to 100),
   * as Stripe lists them; a subscription's charge looks here for a cycle's intent whose answer
   * it lost (docs/subscriptions.md "Ids and idempotency").
   */
  list(params: FormObject) {
    const customer = str(params.customer);
    const limit = Math.min(100, Math.max(1, Number(str(params.limit) ?? 10) || 10));
    const all = [...this.host.intents.values()].filter((i) => !customer || i.customer === customer).reverse();
    return {
      object: 'list',
      data: all.slice(0, limit),
      has_more: all.length > limit,
      url: '/v1/payment_intents',
    };
  }

  /** `expand[]=latest_charge` (the wallet used lives on the charge's payment_method_details). */
  expand(intent: PaymentIntent, params: FormObject): unknown {
    const expand = list(params.expand);
    if (!expand.includes('latest_charge') || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: this.host.charges.get(intent.latest_charge) ?? intent.latest_charge };
  }
}
