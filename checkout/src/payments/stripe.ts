import { randomUUID } from 'node:crypto';
import { createCheckoutsRepository, createOutboxRepository, type DbOrTx } from '@qahwa/db';
import { eventEnvelope, type PaymentSucceeded, type StripeSettings } from '@qahwa/schema';
import Stripe from 'stripe';
import { CHECKOUT_FAILURE, type CheckoutFailureDetails, CheckoutRefusal } from '../errors';
import { eventIdFor } from './event-ids';
import { type CardPaymentsDeps, createUnfilledRefund, type UnfilledOutcome } from './refunds';
import { paymentRefundedEvent } from './stripe-events';

/**
 * The Stripe client of a process, from its config: Stripe itself, or the double / stripe-mock
 * at `apiBase`. Network retries are Stripe's own (idempotency keys on POSTs).
 */
export function createStripeClient(settings: Pick<StripeSettings, 'apiBase' | 'secretKey'>): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'qahwa' },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** What Stripe says of a payment intent, as the checkout needs it. */
export interface VerifiedPayment {
  paymentIntentId: string;
  status: string;
  /** The amount in the currency's smallest unit (fils for AED). */
  amountFils: number;
  currency: string;
  /** Our checkout id, from the intent's metadata. */
  checkoutId: string | null;
  method: 'card' | 'wallet' | 'pay_later';
  /** Stripe's wallet type (`apple_pay`, `google_pay`) when `method` is wallet; the order keeps it. */
  wallet?: string | null;
  /** Who took it: Stripe unless said (pay later: TABBY, `paymentIntentId` is Tabby's payment id). */
  provider?: 'STRIPE' | 'TABBY';
}

/**
 * Whether money already left a charge: a refund (whole or part) or a dispute. Either way the
 * payment can no longer be an order's — Stripe's intent still says `succeeded` after a refund.
 */
export function reversalOf(
  charge: Pick<Stripe.Charge, 'amount_refunded' | 'refunded' | 'disputed'> | null,
): 'refunded' | 'disputed' | null {
  if (!charge) return null;
  if (charge.disputed) return 'disputed';
  if (charge.refunded || charge.amount_refunded > 0) return 'refunded';
  return null;
}

/** Why a succeeded payment cannot become an order as it is: null when it can. */
export function paymentMismatch(payment: VerifiedPayment, totalFils: number): string | null {
  if (payment.currency !== 'aed') return `currency ${payment.currency}, expected aed`;
  if (payment.amountFils !== totalFils) return `amount ${payment.amountFils} fils, expected ${totalFils}`;
  return null;
}

/**
 * The card path's payment operations bound to the database and the Stripe client: reading an
 * intent as Stripe has it (`retrievePayment`) and flagging a payment no order could be made of
 * (`recordPaymentAttention`). The workflows run them as activities; the gateway's staff actions
 * call `retrievePayment` directly. The order itself is the shared `placeOrder`.
 */
export function createCardPayments({ db, logger, stripe }: CardPaymentsDeps) {
  const checkouts = createCheckoutsRepository(db);
  const outbox = createOutboxRepository(db);
  const refundUnfilled = createUnfilledRefund({ db, logger, stripe });

  /**
   * A charge Stripe reports refunded or disputed is never made an order: its open checkout is
   * closed (`refunded` once wholly refunded, `failed` for a dispute) so nothing starts it again,
   * the read model hears of a refund (the dispute's own webhook carries what staff need), and the
   * run fails for good.
   */
  async function refuseReversed(
    payment: VerifiedPayment,
    charge: Stripe.Charge,
    reversal: 'refunded' | 'disputed',
  ): Promise<never> {
    const row = await checkouts.byPaymentId(payment.paymentIntentId);
    await db.transaction(async (tx) => {
      if (!row) return;
      // Wholly refunded or disputed: closed for good. Partly refunded: left for staff, who give
      // back the rest (a run keeps being refused while any refund shows).
      if (reversal === 'disputed') await checkouts.close(row.id, 'failed', tx);
      else if (charge.refunded || charge.amount_refunded >= charge.amount) {
        await checkouts.close(row.id, 'refunded', tx);
      }
      if (reversal === 'refunded') {
        await outbox.append(
          paymentRefundedEvent({
            key: `${charge.id}:${charge.amount_refunded}`,
            checkoutId: row.id,
            paymentId: payment.paymentIntentId,
            amountFils: charge.amount,
            refundedFils: charge.amount_refunded,
            currency: charge.currency,
            method: payment.method,
            orderId: row.orderId ?? undefined,
            requestId: row.requestId ?? undefined,
          }),
          tx,
        );
      }
    });
    logger.warn(
      {
        checkoutId: row?.id,
        paymentIntentId: payment.paymentIntentId,
        amountFils: charge.amount,
        refundedFils: charge.amount_refunded,
        reversal,
      },
      'payment refunded or disputed: no order will be made of it',
    );
    throw reversal === 'disputed'
      ? new CheckoutRefusal(
          `Payment ${payment.paymentIntentId} is disputed`,
          CHECKOUT_FAILURE.paymentDisputed,
        )
      : new CheckoutRefusal(
          `Payment ${payment.paymentIntentId} was refunded (${charge.amount_refunded} of ${charge.amount} fils)`,
          CHECKOUT_FAILURE.paymentRefunded,
        );
  }

  /**
   * Asks Stripe for the intent (never trusts the browser or the webhook's copy of it). A missing
   * intent is a business failure; a network or Stripe outage is retried by Temporal. A charge
   * refunded (even in part) or disputed is refused (`refuseReversed`).
   */
  async function retrievePayment(paymentIntentId: string): Promise<VerifiedPayment> {
    if (!stripe) throw new Error('this worker has no Stripe client (STRIPE_* settings)');
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
        throw new CheckoutRefusal('No such payment intent', CHECKOUT_FAILURE.paymentNotFound);
      }
      throw err;
    }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const payment: VerifiedPayment = {
      paymentIntentId: intent.id,
      status: intent.status,
      amountFils: intent.amount_received || intent.amount,
      currency: intent.currency,
      checkoutId: intent.metadata?.checkoutId ?? null,
      method: charge?.payment_method_details?.card?.wallet ? 'wallet' : 'card',
      wallet: charge?.payment_method_details?.card?.wallet?.type ?? null,
    };
    const reversal = reversalOf(charge);
    if (charge && reversal) return refuseReversed(payment, charge, reversal);
    return payment;
  }

  /**
   * Money was taken but no order can be made from it (amount or currency not the server's total,
   * stock gone, a coupon used up meanwhile, a second payment for a checkout already paid): the
   * checkout is marked, staff see the payment in the payments read model (PaymentSucceeded with
   * needsAttention and the reason), the error log says why — and a card payment is then given back
   * in full at once (`refundUnfilled`; the read model shows it refunded, the reason kept). Pay later
   * stays flagged for staff (its refund is Tabby's, docs/pay-later.md). Idempotent: the event id
   * and the refund are named by the payment. Stripe unreachable for the refund: thrown, with the
   * payment already flagged (Temporal retries the activity; the gateway falls back to staff).
   */
  async function recordPaymentAttention(input: {
    checkoutId: string;
    requestId: string;
    payment: VerifiedPayment;
    reason: string;
  }): Promise<UnfilledOutcome | 'flagged'> {
    const { checkoutId, requestId, payment, reason } = input;
    logger.error(
      {
        requestId,
        checkoutId,
        paymentIntentId: payment.paymentIntentId,
        amountFils: payment.amountFils,
        reason,
      },
      'payment needs attention: paid, but no order was made',
    );
    const flagged = await db.transaction(async (tx) => {
      // Refunded, failed or resolved meanwhile (a staff action won the race): nothing left to flag.
      if ((await checkouts.flagForStaff(checkoutId, tx)) === 'closed') {
        logger.info(
          { checkoutId, paymentIntentId: payment.paymentIntentId },
          'checkout already closed; not flagged',
        );
        return false;
      }
      const event: PaymentSucceeded = eventEnvelope(
        'PaymentSucceeded',
        {
          checkoutId,
          provider: payment.provider ?? 'STRIPE',
          paymentId: payment.paymentIntentId,
          amountFils: payment.amountFils,
          currency: payment.currency.toUpperCase(),
          method: payment.method,
          needsAttention: true,
          attentionReason: reason,
        },
        {
          id: eventIdFor(`PaymentSucceeded:attention:${payment.paymentIntentId}`),
          occurredAt: new Date().toISOString(),
          requestId,
        },
      );
      await outbox.append(event, tx);
      return true;
    });
    if (!flagged) return 'closed';
    if ((payment.provider ?? 'STRIPE') !== 'STRIPE') return 'flagged';
    return refundUnfilled({ requestId, paymentIntentId: payment.paymentIntentId, reason });
  }

  return { retrievePayment, recordPaymentAttention };
}

/**
 * In the order's transaction: the payment made this order (the read model's PaymentSucceeded).
 * A checkout closed meanwhile (refunded, disputed, resolved by staff) refuses it: CHECKOUT_CLOSED,
 * and the transaction — order, stock, everything — rolls back. Its row lock is what orders this
 * against a staff action on the same payment.
 */
export async function recordPaidOrder(
  tx: DbOrTx,
  input: { checkoutId: string; orderId: string; requestId: string; payment: VerifiedPayment },
): Promise<void> {
  const { checkoutId, orderId, requestId, payment } = input;
  const marked = await createCheckoutsRepository(tx).markOrdered(checkoutId, orderId, tx);
  if (marked.duplicateOf) {
    // The same cart was already ordered through another payment (two tabs, or back and pay
    // again): no second order. Final, so no one retries it; the payment goes back.
    throw new CheckoutRefusal(
      `Checkout ${checkoutId}'s cart is already order ${marked.duplicateOf.orderId}; no second order is made`,
      CHECKOUT_FAILURE.duplicatePayment,
      {
        existingOrderId: marked.duplicateOf.orderId,
        existingCheckoutId: marked.duplicateOf.checkoutId,
      } satisfies CheckoutFailureDetails,
    );
  }
  if (!marked.ordered && marked.status !== null) {
    throw new CheckoutRefusal(
      `Checkout ${checkoutId} is ${marked.status}; no order is made of it`,
      CHECKOUT_FAILURE.checkoutClosed,
      { checkoutStatus: marked.status } satisfies CheckoutFailureDetails,
    );
  }
  const event: PaymentSucceeded = eventEnvelope(
    'PaymentSucceeded',
    {
      checkoutId,
      provider: 'STRIPE',
      paymentId: payment.paymentIntentId,
      amountFils: payment.amountFils,
      currency: payment.currency.toUpperCase(),
      method: payment.method,
      orderId,
    },
    {
      id: eventIdFor(`PaymentSucceeded:${payment.paymentIntentId}`),
      occurredAt: new Date().toISOString(),
      requestId,
    },
  );
  await createOutboxRepository(tx).append(event, tx);
}

export const newCheckoutId = () => `card-${randomUUID()}`;
