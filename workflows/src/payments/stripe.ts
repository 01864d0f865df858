import { randomUUID } from 'node:crypto';
import { createCheckoutsRepository, createOutboxRepository, type Db, type DbOrTx } from '@qahwa/db';
import type { PaymentFailed, PaymentSucceeded, StripeSettings } from '@qahwa/schema';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { CHECKOUT_FAILURE } from '../checkout/errors';
import { eventIdFor } from './event-ids';

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
  /** Who took it: Stripe unless said (pay later: TABBY, `paymentIntentId` is Tabby's payment id). */
  provider?: 'STRIPE' | 'TABBY';
}

/** Why a succeeded payment cannot become an order as it is: null when it can. */
export function paymentMismatch(payment: VerifiedPayment, totalFils: number): string | null {
  if (payment.currency !== 'aed') return `currency ${payment.currency}, expected aed`;
  if (payment.amountFils !== totalFils) return `amount ${payment.amountFils} fils, expected ${totalFils}`;
  return null;
}

export interface CardActivityDeps {
  db: Db;
  logger: Logger;
  stripe?: Stripe | undefined;
}

/** The card path's activities (the order itself is the shared `placePaidOrder`). */
export function createCardActivities({ db, logger, stripe }: CardActivityDeps) {
  const checkouts = createCheckoutsRepository(db);
  const outbox = createOutboxRepository(db);

  /**
   * Asks Stripe for the intent (never trusts the browser or the webhook's copy of it). A missing
   * intent is a business failure; a network or Stripe outage is retried by Temporal.
   */
  async function retrievePayment(paymentIntentId: string): Promise<VerifiedPayment> {
    if (!stripe) throw new Error('this worker has no Stripe client (STRIPE_* settings)');
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
        throw ApplicationFailure.nonRetryable('No such payment intent', CHECKOUT_FAILURE.paymentNotFound);
      }
      throw err;
    }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return {
      paymentIntentId: intent.id,
      status: intent.status,
      amountFils: intent.amount_received || intent.amount,
      currency: intent.currency,
      checkoutId: intent.metadata?.checkoutId ?? null,
      method: charge?.payment_method_details?.card?.wallet ? 'wallet' : 'card',
    };
  }

  /**
   * Money was taken but no order can be made from it (amount or currency not the server's total,
   * stock gone, a coupon used up meanwhile): the checkout is marked, staff see the payment in the
   * payments read model (PaymentSucceeded with needsAttention), and the error log says why.
   * Idempotent: the event id is named by the payment.
   */
  async function recordPaymentAttention(input: {
    checkoutId: string;
    requestId: string;
    payment: VerifiedPayment;
    reason: string;
  }): Promise<void> {
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
    await db.transaction(async (tx) => {
      await checkouts.mark(checkoutId, { status: 'needs_attention' }, tx);
      const event: PaymentSucceeded = {
        id: eventIdFor(`PaymentSucceeded:attention:${payment.paymentIntentId}`),
        type: 'PaymentSucceeded',
        version: 1,
        occurredAt: new Date().toISOString(),
        requestId,
        data: {
          checkoutId,
          provider: payment.provider ?? 'STRIPE',
          paymentId: payment.paymentIntentId,
          amountFils: payment.amountFils,
          currency: payment.currency.toUpperCase(),
          method: payment.method,
          needsAttention: true,
          attentionReason: reason,
        },
      };
      await outbox.append(event, tx);
    });
  }

  return { retrievePayment, recordPaymentAttention };
}

/** In the order's transaction: the payment made this order (the read model's PaymentSucceeded). */
export async function recordPaidOrder(
  tx: DbOrTx,
  input: { checkoutId: string; orderId: string; requestId: string; payment: VerifiedPayment },
): Promise<void> {
  const { checkoutId, orderId, requestId, payment } = input;
  await createCheckoutsRepository(tx).mark(checkoutId, { status: 'ordered', orderId }, tx);
  const event: PaymentSucceeded = {
    id: eventIdFor(`PaymentSucceeded:${payment.paymentIntentId}`),
    type: 'PaymentSucceeded',
    version: 1,
    occurredAt: new Date().toISOString(),
    requestId,
    data: {
      checkoutId,
      provider: 'STRIPE',
      paymentId: payment.paymentIntentId,
      amountFils: payment.amountFils,
      currency: payment.currency.toUpperCase(),
      method: payment.method,
      orderId,
    },
  };
  await createOutboxRepository(tx).append(event, tx);
}

/** A declined or failed card payment, as the webhook reports it (one event per Stripe event id). */
export function paymentFailedEvent(input: {
  stripeEventId: string;
  checkoutId: string;
  paymentIntentId: string;
  amountFils: number;
  currency: string;
  reason: string;
  message?: string | undefined;
  requestId?: string | undefined;
}): PaymentFailed {
  return {
    id: eventIdFor(`PaymentFailed:${input.stripeEventId}`),
    type: 'PaymentFailed',
    version: 1,
    occurredAt: new Date().toISOString(),
    ...(input.requestId ? { requestId: input.requestId } : {}),
    data: {
      checkoutId: input.checkoutId,
      provider: 'STRIPE',
      paymentId: input.paymentIntentId,
      reason: input.reason,
      ...(input.message ? { message: input.message } : {}),
      amountFils: input.amountFils,
      currency: input.currency.toUpperCase(),
      method: 'card',
    },
  };
}

export const newCheckoutId = () => `card-${randomUUID()}`;
