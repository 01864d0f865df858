import { CheckoutRefusal, createOrderPlacement, type SettlePayment } from '@qahwa/checkout';
import { createCardPayments, type VerifiedPayment } from '@qahwa/checkout/payments';
import type { Db } from '@qahwa/db';
import type { CheckoutToOrderInput, CheckoutToOrderResult } from '@qahwa/schema';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

/**
 * The checkout core's refusal as the workflows have always seen it: a non-retryable
 * ApplicationFailure with the same type, message and details, so workflow code and the recorded
 * histories read it unchanged. Anything else passes through (Temporal retries it).
 */
export function toActivityFailure(err: unknown): unknown {
  if (!(err instanceof CheckoutRefusal)) return err;
  return ApplicationFailure.create({
    message: err.message,
    type: err.type,
    nonRetryable: err.nonRetryable,
    details: err.details,
  });
}

/** Runs a core call as an activity body: its refusals become ApplicationFailures. */
async function asActivity<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toActivityFailure(err);
  }
}

function activityContext(): Context | null {
  try {
    return Context.current();
  } catch {
    return null;
  }
}

export type PlaceOrder = (
  raw: CheckoutToOrderInput,
  payment: VerifiedPayment | null,
  settle?: SettlePayment,
) => Promise<CheckoutToOrderResult>;

/** The checkout core bound as activities: the order's creation and the card path's Stripe calls. */
export function createCheckoutActivities({
  db,
  logger,
  stripe,
}: {
  db: Db;
  logger: Logger;
  stripe?: Stripe | undefined;
}) {
  const placement = createOrderPlacement({ db, logger });
  const card = createCardPayments({ db, logger, stripe });

  const placeOrder: PlaceOrder = async (raw, payment, settle) => {
    // A regular activity heartbeats while it waits on the database, so a worker that dies is
    // noticed within the heartbeat timeout. A local activity cannot heartbeat: its workflow task
    // times out instead, and the worker keeps that task alive while the activity runs.
    const ctx = activityContext();
    const beat = ctx && !ctx.info.isLocal ? setInterval(() => ctx.heartbeat(), 1000) : null;
    try {
      return await asActivity(() => placement.placeOrder(raw, payment, settle));
    } finally {
      if (beat) clearInterval(beat);
    }
  };

  return {
    placeOrder,
    retrievePayment: (paymentIntentId: string) => asActivity(() => card.retrievePayment(paymentIntentId)),
    recordPaymentAttention: (input: Parameters<typeof card.recordPaymentAttention>[0]) =>
      asActivity(() => card.recordPaymentAttention(input)),
  };
}
