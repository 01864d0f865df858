import { log, patched, proxyActivities, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { orderConfirmationWorkflowId } from '../workflow-ids';
import type { EMAIL_FAILURE } from './activities';

const permanent: (typeof EMAIL_FAILURE)[keyof typeof EMAIL_FAILURE][] = [
  'MAIL_NOT_CONFIGURED',
  'ORDER_NOT_FOUND',
];

/** Retried for three days, backing off to once every ten minutes (a mail server that is down). */
const mail = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '3 days',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    nonRetryableErrorTypes: permanent,
  },
});

/** The start of the confirmation: one RPC in the worker that holds the checkout's task. */
const schedule = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumAttempts: 5 },
});

/**
 * orderConfirmation: sends one order's confirmation (the activity is idempotent by order id), in
 * a workflow of its own so the shopper's answer never waits for rendering or SMTP (a render costs
 * ~17 ms of CPU and more in wall time on a busy machine; an SMTP provider 100 ms or more) and a
 * mail server that is down delays only the mail.
 */
export async function orderConfirmation(orderId: string): Promise<void> {
  await mail.sendOrderConfirmation(orderId);
}

/**
 * Sends the confirmation of an order the calling workflow just made (docs/email.md): a local
 * activity starts orderConfirmation (measured: a child workflow's start event cost the checkout
 * ~160 ms more; the local start ~10 ms). Never fails the order.
 */
export async function confirmOrder(orderId: string): Promise<void> {
  // Checkouts started before the confirmation existed replay without it.
  if (!patched('order-confirmation-scheduled')) return;
  const info = workflowInfo();
  try {
    await schedule.scheduleOrderConfirmation({
      orderId,
      workflowId: orderConfirmationWorkflowId(info.workflowId),
      taskQueue: info.taskQueue,
    });
  } catch (err) {
    // Temporal unreachable from this worker for seconds: the order stands; the `emails` table
    // has no row for it, which is how an operator finds confirmations never sent.
    log.warn('order confirmation not scheduled', { orderId, error: String(err) });
  }
}
