import { CHECKOUT_FAILURE } from '@qahwa/checkout/errors';
import type { CheckoutToOrderInput, CheckoutToOrderResult } from '@qahwa/schema';
import {
  ActivityFailure,
  type ActivityOptions,
  ApplicationFailure,
  condition,
  defineQuery,
  defineSignal,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { confirmOrder } from '../order-confirmation/workflow';
import { SA } from '../search-attributes';

const retry: ActivityOptions['retry'] = {
  initialInterval: '500 milliseconds',
  backoffCoefficient: 2,
  maximumInterval: '10 seconds',
  maximumAttempts: 20,
  nonRetryableErrorTypes: Object.values(CHECKOUT_FAILURE),
};

/** Runs before the `checkout-local-activity` patch: kept so checkouts started then replay. */
const remote = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  // A worker that dies mid-activity stops heartbeating; the server retries elsewhere after this.
  heartbeatTimeout: '5 seconds',
  retry,
});

/**
 * The order's transaction as a local activity: it runs in the worker that holds the workflow
 * task, and its result completes the workflow in that same task. A regular activity costs two
 * more round trips through the server (schedule, poll, complete, a new workflow task): most of
 * an order's latency (docs/checkout.md has the numbers). A worker that dies mid-activity is
 * noticed by the workflow task timeout instead of a heartbeat; the activity is idempotent by
 * checkout id, so the retry on another worker returns the same order.
 */
const local = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry,
});

export type CheckoutStage = 'started' | 'verifying' | 'placing' | 'placed' | 'failed';
export const checkoutStageQuery = defineQuery<CheckoutStage>('checkoutStage');

/** Stripe said the payment succeeded: the webhook signals (or starts) the card checkout with it. */
export interface PaymentSignal {
  /** Stripe's event id, for the logs. */
  eventId: string;
}
export const paymentSucceededSignal = defineSignal<[PaymentSignal]>('paymentSucceeded');

/** How long a card checkout waits for Stripe to say that an intent not yet succeeded did. */
const PAYMENT_WAIT = '1 hour';
/** Signals that may each trigger a new look at the intent before the checkout gives up. */
const PAYMENT_RECHECKS = 5;

/** The business failure behind an activity's failure (a non-retryable ApplicationFailure), if any. */
function businessFailureOf(err: unknown): ApplicationFailure | null {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && cause.nonRetryable ? cause : null;
}

/**
 * The card path (docs/payments.md). The workflow id comes from the payment intent, so the
 * browser's POST /api/orders and every webhook delivery reach this one run. Stripe is asked for
 * the intent (the browser's word and the webhook's copy are not proof); an intent not yet
 * succeeded waits for the webhook's signal. The order is the cash-on-delivery order creation
 * with the verified payment, made only if it is the server's total in AED; when no order can be
 * made of a payment that succeeded, the payment is marked for staff before the failure returns.
 */
async function cardCheckout(
  input: CheckoutToOrderInput,
  paymentIntentId: string,
  setStage: (s: CheckoutStage) => void,
): Promise<CheckoutToOrderResult> {
  let signals = 0;
  setHandler(paymentSucceededSignal, () => {
    signals++;
  });
  setStage('verifying');
  let payment = await local.retrievePayment(paymentIntentId);
  for (let recheck = 0; payment.status !== 'succeeded'; recheck++) {
    const seen = signals;
    if (
      payment.status === 'canceled' ||
      recheck >= PAYMENT_RECHECKS ||
      !(await condition(() => signals > seen, PAYMENT_WAIT))
    ) {
      throw ApplicationFailure.nonRetryable(
        `Payment ${paymentIntentId} did not succeed (${payment.status})`,
        CHECKOUT_FAILURE.paymentNotCompleted,
      );
    }
    payment = await local.retrievePayment(paymentIntentId);
  }
  setStage('placing');
  try {
    const result = await local.placePaidOrder(input, payment);
    upsertSearchAttributes([{ key: SA.orderNumber, value: result.orderId }]);
    return result;
  } catch (err) {
    const failure = businessFailureOf(err);
    if (failure) {
      await local.recordPaymentAttention({
        checkoutId: input.checkoutId,
        requestId: input.requestId,
        payment,
        reason: `${failure.type ?? 'FAILED'}: ${failure.message}`,
      });
    }
    throw err;
  }
}

/**
 * checkoutToOrder (DESIGN.md "Workflows"): cash on delivery, and card or wallet through Stripe
 * (`cardCheckout`). The workflow id is derived from the checkout id (cash on delivery) or the
 * payment intent (card), so a double submit or a webhook joins the same run instead of making a
 * second order. Pay later has its own workflow (pay-later/workflow.ts), which calls the same order creation.
 */
export async function checkoutToOrder(input: CheckoutToOrderInput): Promise<CheckoutToOrderResult> {
  let stage: CheckoutStage = 'started';
  setHandler(checkoutStageQuery, () => stage);
  try {
    const paymentIntentId = input.order.paymentIntentId;
    if (paymentIntentId) {
      const result = await cardCheckout(input, paymentIntentId, (s) => {
        stage = s;
      });
      stage = 'placed';
      await confirmOrder(result.orderId);
      return result;
    }
    stage = 'placing';
    if (patched('checkout-local-activity')) {
      const result = await local.placeCodOrder(input);
      // The order number exists only now: an operator searches `OrderNumber = "QH-100042"`.
      upsertSearchAttributes([{ key: SA.orderNumber, value: result.orderId }]);
      stage = 'placed';
      await confirmOrder(result.orderId);
      return result;
    }
    const result = await remote.placeCodOrder(input);
    stage = 'placed';
    return result;
  } catch (err) {
    stage = 'failed';
    throw err;
  }
}
