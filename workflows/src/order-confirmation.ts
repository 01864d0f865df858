import {
  ApplicationFailure,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from './activities';
import type { EMAIL_FAILURE } from './activities/email';

const permanent: (typeof EMAIL_FAILURE)[keyof typeof EMAIL_FAILURE][] = [
  'MAIL_NOT_CONFIGURED',
  'ORDER_NOT_FOUND',
];

/**
 * The fast path: a local activity runs in the worker that placed the order, in the same workflow
 * task, so the confirmation costs the shopper no round trip through the Temporal server. Bounded,
 * so a mail server that is down never holds up the order's answer.
 */
const quick = proxyLocalActivities<Activities>({
  startToCloseTimeout: '20 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumAttempts: 3,
    nonRetryableErrorTypes: permanent,
  },
});

/** The durable path: retried for three days, backing off to once every ten minutes. */
const durable = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '3 days',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    nonRetryableErrorTypes: permanent,
  },
});

/** The workflow id of an order's confirmation retry: at most one per order. */
export const orderConfirmationWorkflowId = (orderId: string) => `order-confirmation-${orderId}`;

/**
 * orderConfirmation: sends an order's confirmation when the quick attempt inside the checkout
 * failed (the SMTP server down, a timeout). Started as an abandoned child, so the checkout
 * answers the shopper at once and this outlives it.
 */
export async function orderConfirmation(orderId: string): Promise<void> {
  await durable.sendOrderConfirmation(orderId);
}

/**
 * Sends the confirmation of an order the workflow just made (docs/email.md). Called once by each
 * workflow that makes orders, after the order exists. Never fails the order: a quick attempt,
 * then a durable child workflow if that attempt failed. The send itself is idempotent by order
 * id, so the two paths, retries and replays mail the shopper once.
 */
export async function confirmOrder(orderId: string): Promise<void> {
  // Checkouts started before the confirmation existed replay without it.
  if (!patched('order-confirmation-email')) return;
  try {
    await quick.sendOrderConfirmation(orderId);
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof ApplicationFailure && cause.nonRetryable) return;
    await startChild(orderConfirmation, {
      args: [orderId],
      workflowId: orderConfirmationWorkflowId(orderId),
      taskQueue: workflowInfo().taskQueue,
      parentClosePolicy: ParentClosePolicy.ABANDON,
    }).catch(() => {
      // Already started by an earlier attempt of this checkout: that run sends it.
    });
  }
}
