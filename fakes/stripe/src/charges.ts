import { invalid } from './errors';
import { type FormObject, obj, str } from './form';
import { now, randomId } from './ids';
import {
  type Charge,
  DISPUTE_REASONS,
  type Dispute,
  type DisputeReason,
  type PaymentIntent,
  type StripeEvent,
} from './objects';

/**
 * What happens to a charge after it succeeded, as Stripe does it: refunds (`POST /v1/refunds`,
 * the charge's `amount_refunded` / `refunded`, the `charge.refunded` event) and disputes
 * (`charge.dispute.created`, the charge's `disputed`). Stripe's own test card 4000 0000 0000 0259
 * is disputed right after it pays (docs.stripe.com/testing#disputes); tests and development can
 * open a dispute on any charge with a control call. docs/payments.md lists both.
 */

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: RefundReason | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
type RefundReason = (typeof REFUND_REASONS)[number];

/** Stripe's card that is disputed as fraudulent once it has paid. */
export const DISPUTED_TEST_CARD = '4000000000000259';

type Request = { id: string; idempotencyKey: string | null };
/** What the ledger needs of the double: its objects and its way to emit (and deliver) an event. */
export interface LedgerHost {
  intents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  emitEvent(
    type: string,
    object: StripeEvent['data']['object'],
    request: Request | null,
    previous?: Record<string, unknown>,
  ): StripeEvent;
}

const aed = (fils: number, currency: string) => `${currency.toUpperCase()} ${(fils / 100).toFixed(2)}`;

export class ChargeLedger {
  readonly refunds = new Map<string, Refund>();
  readonly disputes = new Map<string, Dispute>();

  constructor(private readonly host: LedgerHost) {}

  /** Stripe's API for refunds and charges; null for any other path. */
  route(
    method: string,
    path: string,
    params: FormObject,
    secretOnly: () => void,
    request: Request,
  ): { status: number; body: unknown } | null {
    if (method === 'POST' && path === '/v1/refunds') {
      secretOnly();
      return { status: 200, body: this.refund(params, request) };
    }
    const refund = path.match(/^\/v1\/refunds\/([A-Za-z0-9_]+)$/);
    if (method === 'GET' && refund) {
      secretOnly();
      const found = this.refunds.get(refund[1]!);
      if (!found) throw invalid(`No such refund: '${refund[1]}'`, 'id', 'resource_missing', 404);
      return { status: 200, body: found };
    }
    const charge = path.match(/^\/v1\/charges\/([A-Za-z0-9_]+)$/);
    if (method === 'GET' && charge) {
      secretOnly();
      const found = this.host.charges.get(charge[1]!);
      if (!found) throw invalid(`No such charge: '${charge[1]}'`, 'id', 'resource_missing', 404);
      return { status: 200, body: found };
    }
    return null;
  }

  /**
   * Test controls (not Stripe's API): `POST /_double/charges/:ch/dispute` or
   * `POST /_double/payment_intents/:pi/dispute` with `{ reason?, amount? }` opens a dispute.
   */
  control(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } | null {
    const m = path.match(/^\/_double\/(charges|payment_intents)\/((?:ch|pi)_[A-Za-z0-9]+)\/dispute$/);
    if (method !== 'POST' || !m) return null;
    const chargeId = m[1] === 'charges' ? m[2]! : this.host.intents.get(m[2]!)?.latest_charge;
    const charge = chargeId ? this.host.charges.get(chargeId) : undefined;
    if (!charge) {
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: `No charge for ${m[2]}` } },
      };
    }
    const reason = DISPUTE_REASONS.find((r) => r === body.reason) ?? 'fraudulent';
    const amount = typeof body.amount === 'number' ? body.amount : undefined;
    return { status: 200, body: this.dispute(charge, reason, amount) };
  }

  /** After a successful confirmation: Stripe's dispute test card is disputed at once. */
  afterSuccess(charge: Charge, cardNumber: string, request: Request) {
    if (cardNumber === DISPUTED_TEST_CARD) this.dispute(charge, 'fraudulent', undefined, request);
  }

  /**
   * `POST /v1/refunds`: `payment_intent` or `charge`, `amount` (default: what is left), `reason`,
   * `metadata[…]`. Refused as Stripe refuses: no successful charge, a disputed charge
   * (`charge_disputed`), nothing left (`charge_already_refunded`), more than is left
   * (`amount_too_large`).
   */
  refund(params: FormObject, request: Request | null): Refund {
    const charge = this.chargeToRefund(params);
    if (charge.disputed) {
      throw invalid(
        `Charge ${charge.id} has been charged back; cannot issue a refund.`,
        undefined,
        'charge_disputed',
      );
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    }
    const raw = str(params.amount);
    if (raw !== undefined && !/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw}`, 'amount');
    const amount = raw === undefined ? left : Number(raw);
    if (amount < 1) throw invalid('Amount must be at least 1 fils', 'amount', 'amount_too_small');
    if (amount > left) {
      throw invalid(
        `Refund amount (${aed(amount, charge.currency)}) is greater than unrefunded amount on charge (${aed(left, charge.currency)})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = str(params.reason);
    if (reason !== undefined && !REFUND_REASONS.some((r) => r === reason)) {
      throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, 'reason');
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(obj(params.metadata)))
      if (typeof v === 'string' && v) metadata[k] = v;
    const refund: Refund = {
      id: `re_${randomId()}`,
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata,
      payment_intent: charge.payment_intent,
      reason: (reason as RefundReason | undefined) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    this.host.emitEvent('charge.refunded', charge, request, previous);
    return refund;
  }

  /** Opens a dispute on a charge: `charge.disputed`, then `charge.dispute.created` with the dispute. */
  dispute(charge: Charge, reason: DisputeReason, amount?: number, request: Request | null = null): Dispute {
    const dispute: Dispute = {
      id: `dp_${randomId()}`,
      object: 'dispute',
      amount: amount ?? charge.amount - charge.amount_refunded,
      balance_transactions: [],
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason,
      status: 'needs_response',
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    this.host.emitEvent('charge.dispute.created', dispute, request);
    return dispute;
  }

  private chargeToRefund(params: FormObject): Charge {
    const chargeId = str(params.charge);
    const intentId = str(params.payment_intent);
    if (!chargeId && !intentId) {
      throw invalid(
        'You must specify a charge or a payment_intent to refund.',
        'charge',
        'parameter_missing',
      );
    }
    if (chargeId) {
      const charge = this.host.charges.get(chargeId);
      if (!charge) throw invalid(`No such charge: '${chargeId}'`, 'charge', 'resource_missing', 404);
      return this.refundable(charge);
    }
    const intent = this.host.intents.get(intentId!);
    if (!intent)
      throw invalid(`No such payment_intent: '${intentId}'`, 'payment_intent', 'resource_missing', 404);
    const charge = intent.latest_charge ? this.host.charges.get(intent.latest_charge) : undefined;
    if (!charge || intent.status !== 'succeeded') {
      throw invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    return this.refundable(charge);
  }

  private refundable(charge: Charge): Charge {
    if (charge.status !== 'succeeded') {
      throw invalid(`Charge ${charge.id} has not succeeded; there is nothing to refund.`, 'charge');
    }
    return charge;
  }
}

/** The PaymentIntent an event is about, whatever object it carries. */
export function paymentIntentOf(object: StripeEvent['data']['object']): string {
  return object.object === 'payment_intent' ? object.id : object.payment_intent;
}
