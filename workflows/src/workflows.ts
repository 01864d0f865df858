import type { CheckoutToOrderInput, CheckoutToOrderResult } from '@qahwa/schema';
import {
  type ActivityOptions,
  defineQuery,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from './activities';
import { CHECKOUT_FAILURE } from './checkout/errors';
import { SA } from './checkout/search-attributes';

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

export type CheckoutStage = 'started' | 'placing' | 'placed' | 'failed';
export const checkoutStageQuery = defineQuery<CheckoutStage>('checkoutStage');

/**
 * checkoutToOrder (DESIGN.md "Workflows"), cash-on-delivery path. The workflow id is derived
 * from the checkout id, so a double submit joins the same run instead of making a second order.
 * Card and pay-later verification steps come with their issues.
 */
export async function checkoutToOrder(input: CheckoutToOrderInput): Promise<CheckoutToOrderResult> {
  let stage: CheckoutStage = 'started';
  setHandler(checkoutStageQuery, () => stage);
  stage = 'placing';
  try {
    if (patched('checkout-local-activity')) {
      const result = await local.placeCodOrder(input);
      // The order number exists only now: an operator searches `OrderNumber = "QH-100042"`.
      upsertSearchAttributes([{ key: SA.orderNumber, value: result.orderId }]);
      stage = 'placed';
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
