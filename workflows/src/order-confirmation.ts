import { ParentClosePolicy, patched, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from './activities';
import type { EMAIL_FAILURE } from './activities/email';

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

/**
 * The workflow id of an order's confirmation: the id of the workflow that made the order (one per
 * checkout, random in its checkout id) with a suffix. Not the order number: order numbers restart
 * with a fresh database (tests, `make clean-data`) while Temporal remembers older runs, and a
 * confirmation of another database's QH-100001 must not stand in for this one.
 */
export const orderConfirmationWorkflowId = (parentWorkflowId: string) => `${parentWorkflowId}/confirmation`;

/**
 * orderConfirmation: sends one order's confirmation (the activity is idempotent by order id).
 * A workflow of its own, started by the workflow that made the order and abandoned by it, so the
 * shopper's answer never waits for rendering or SMTP (a render costs ~17 ms of CPU and more in
 * wall time on a busy machine; an SMTP provider 100 ms or more) and a mail server that is down
 * delays only the mail.
 */
export async function orderConfirmation(orderId: string): Promise<void> {
  await mail.sendOrderConfirmation(orderId);
}

/**
 * Sends the confirmation of an order the calling workflow just made (docs/email.md): starts its
 * orderConfirmation child and waits only for the start (one round trip through the server).
 * Never fails the order: a second start for the same order (a retried task) finds the first.
 */
export async function confirmOrder(orderId: string): Promise<void> {
  // Checkouts started before the confirmation existed replay without it.
  if (!patched('order-confirmation-child')) return;
  await startChild(orderConfirmation, {
    args: [orderId],
    workflowId: orderConfirmationWorkflowId(workflowInfo().workflowId),
    taskQueue: workflowInfo().taskQueue,
    parentClosePolicy: ParentClosePolicy.ABANDON,
    // A run left on a task queue nobody polls any more (a test's, a renamed queue) ends by itself.
    workflowExecutionTimeout: '4 days',
  }).catch(() => {
    // Already started (WorkflowExecutionAlreadyStartedError): that run sends it.
  });
}
