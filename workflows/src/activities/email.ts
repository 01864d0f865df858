import type { Db } from '@qahwa/db';
import { loadOrderEmail, type Mailer, sendEmailOnce } from '@qahwa/mail';
import { Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';

export interface EmailActivityDeps {
  db: Db;
  logger: Logger;
  /** Absent in a worker without mail settings: the activity then fails for good (MAIL_NOT_CONFIGURED). */
  mailer?: Mailer | undefined;
  /** The storefront's origin, for the e-mail's link back to the store. */
  storeUrl?: string | undefined;
  /** How long a claim protects a send under way (sendEmailOnce's default unless a test shortens it). */
  claimLeaseMs?: number;
}

export const EMAIL_FAILURE = {
  notConfigured: 'MAIL_NOT_CONFIGURED',
  orderNotFound: 'ORDER_NOT_FOUND',
} as const;

/**
 * The e-mails workflows send. `sendOrderConfirmation(orderId)` is THE order confirmation, for
 * every way an order is made (checkoutToOrder's cash on delivery and card, payLaterReconciliation):
 * the content comes from the database and the send is idempotent by (order-confirmation, order
 * id), so a retried activity or a replayed workflow never mails the shopper twice.
 */
export function createEmailActivities({ db, logger, mailer, storeUrl, claimLeaseMs }: EmailActivityDeps) {
  async function sendOrderConfirmation(orderId: string): Promise<{ status: 'sent' | 'already-sent' }> {
    if (!mailer)
      throw ApplicationFailure.nonRetryable('No mailer in this worker', EMAIL_FAILURE.notConfigured);
    const found = await loadOrderEmail(db, orderId, storeUrl);
    if (!found)
      throw ApplicationFailure.nonRetryable(`Order ${orderId} does not exist`, EMAIL_FAILURE.orderNotFound);
    return sendEmailOnce(
      { db, mailer, logger, ...(claimLeaseMs ? { claimLeaseMs } : {}) },
      {
        purpose: 'order-confirmation',
        subjectId: orderId,
        to: found.to,
        locale: found.locale,
        template: { kind: 'order-confirmation', order: found.order },
        ...(found.requestId ? { requestId: found.requestId } : {}),
      },
    );
  }
  /**
   * Starts the order's orderConfirmation workflow (workflows/src/order-confirmation.ts) through the
   * worker's own client: one RPC, run as a local activity inside the checkout's workflow task, so
   * the shopper's answer does not wait for a child's start event (measured +160 ms) nor for the
   * render and SMTP. Idempotent: the workflow id is fixed, a second start finds the first.
   */
  async function scheduleOrderConfirmation(p: {
    orderId: string;
    workflowId: string;
    taskQueue: string;
  }): Promise<void> {
    try {
      await Context.current().client.workflow.start('orderConfirmation', {
        workflowId: p.workflowId,
        taskQueue: p.taskQueue,
        args: [p.orderId],
        workflowIdConflictPolicy: 'USE_EXISTING',
        // A run left on a task queue nobody polls any more (a test's) ends by itself.
        workflowExecutionTimeout: '4 days',
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      throw err;
    }
  }
  return { sendOrderConfirmation, scheduleOrderConfirmation };
}
