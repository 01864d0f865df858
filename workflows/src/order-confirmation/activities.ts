import type { Db } from '@qahwa/db';
import {
  type Mailer,
  type SendOnceResult,
  sendOrderConfirmation as sendOrderConfirmationOnce,
} from '@qahwa/mail';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import { startOrderConfirmation } from './start';

export interface EmailActivityDeps {
  db: Db;
  logger: Logger;
  /** Absent in a worker without mail settings: the activity then fails for good (MAIL_NOT_CONFIGURED). */
  mailer?: Mailer | undefined;
  /** The storefront's origin, for the e-mail's link back to the store. */
  storeUrl?: string | undefined;
  /** LEAD_LINK_SECRET: with storeUrl, the confirmation carries the order's signed tracking link. */
  linkSecret?: string | undefined;
  /** How long a claim protects a send under way (sendEmailOnce's default unless a test shortens it). */
  claimLeaseMs?: number;
}

export const EMAIL_FAILURE = {
  notConfigured: 'MAIL_NOT_CONFIGURED',
  orderNotFound: 'ORDER_NOT_FOUND',
} as const;

/**
 * The e-mails workflows send. `sendOrderConfirmation(orderId)` runs THE order confirmation
 * (`@qahwa/mail`'s, idempotent by order id) for the orders a workflow makes: checkoutToOrder's
 * card path and payLaterReconciliation. Cash on delivery is confirmed by the workers' mail
 * consumer on OrderPlaced (docs/email.md).
 */
export function createEmailActivities({
  db,
  logger,
  mailer,
  storeUrl,
  linkSecret,
  claimLeaseMs,
}: EmailActivityDeps) {
  async function sendOrderConfirmation(orderId: string): Promise<SendOnceResult> {
    if (!mailer)
      throw ApplicationFailure.nonRetryable('No mailer in this worker', EMAIL_FAILURE.notConfigured);
    const sent = await sendOrderConfirmationOnce(
      { db, mailer, logger, storeUrl, linkSecret, ...(claimLeaseMs ? { claimLeaseMs } : {}) },
      orderId,
    );
    if (!sent)
      throw ApplicationFailure.nonRetryable(`Order ${orderId} does not exist`, EMAIL_FAILURE.orderNotFound);
    return sent;
  }
  /**
   * Starts the order's orderConfirmation workflow (order-confirmation/workflow.ts) through the
   * worker's own client: one RPC, run as a local activity inside the checkout's workflow task, so
   * the shopper's answer does not wait for a child's start event (measured +160 ms) nor for the
   * render and SMTP. Idempotent: the workflow id is fixed, a second start finds the first.
   */
  async function scheduleOrderConfirmation(p: {
    orderId: string;
    workflowId: string;
    taskQueue: string;
  }): Promise<void> {
    await startOrderConfirmation(Context.current().client, p);
  }
  return { sendOrderConfirmation, scheduleOrderConfirmation };
}
