import type { CheckoutToOrderInput, CheckoutToOrderResult } from '@qahwa/schema';
import { defineQuery, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from './activities';
import { CHECKOUT_FAILURE } from './checkout/errors';

const { placeCodOrder } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  // A worker that dies mid-activity stops heartbeating; the server retries elsewhere after this.
  heartbeatTimeout: '5 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: 20,
    nonRetryableErrorTypes: Object.values(CHECKOUT_FAILURE),
  },
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
    const result = await placeCodOrder(input);
    stage = 'placed';
    return result;
  } catch (err) {
    stage = 'failed';
    throw err;
  }
}
