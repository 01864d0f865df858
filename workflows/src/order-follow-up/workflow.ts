import { isShopperNotified } from '@qahwa/schema/orders';
import type { OrderStatus } from '@qahwa/schema/reference';
import { proxyActivities } from '@temporalio/workflow';
import type { REFUND_FAILURE, RefundActivities } from './activities';

type Permanent = (typeof REFUND_FAILURE)[keyof typeof REFUND_FAILURE];
const permanent: Permanent[] = [
  'REFUND_NOT_CONFIGURED',
  'REFUND_REFUSED',
  'ORDER_NOT_FOUND',
  'MAIL_NOT_CONFIGURED',
];

/**
 * The provider's refund: retried for a day (a provider down for hours still refunds once it is
 * back); a worker that dies mid-call is noticed by the heartbeat and the call retried elsewhere
 * with the same idempotency key.
 */
const money = proxyActivities<RefundActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '5 seconds',
  scheduleToCloseTimeout: '1 day',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: permanent,
  },
});

/** The shopper's e-mail: retried for three days, like the order confirmation. */
const mail = proxyActivities<RefundActivities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '3 days',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    nonRetryableErrorTypes: permanent,
  },
});

export interface OrderFollowUpInput {
  orderId: string;
  /** The status the order moved to; those the shopper hears about (and cancelled) have a follow-up. */
  status: string;
  requestId?: string;
}

/**
 * orderFollowUp (docs/orders.md): what a staff move owes the outside world once it committed. A
 * cancellation gives the money back first (Stripe refund, Tabby refund or close; the stock came
 * back in the move's own transaction), then the shopper hears of it; processing, shipped and
 * delivered only send the e-mail. The workflow id is `order-<status>-<order>-<move>` (orderFollowUpWorkflowId), one run per move.
 */
export async function orderFollowUp(input: OrderFollowUpInput): Promise<{ refund: string; email: string }> {
  let refund = 'none';
  if (input.status === 'cancelled') refund = (await money.refundOrder(input.orderId)).outcome;
  const status = input.status as OrderStatus;
  if (!isShopperNotified(status)) return { refund, email: 'none' };
  const sent = await mail.sendOrderStatusEmail(input.orderId, status, input.requestId);
  return { refund, email: sent.status };
}
