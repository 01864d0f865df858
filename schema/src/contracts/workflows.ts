import { z } from 'zod';
import { CheckoutId } from './ids';
import { CreateOrderRequest } from './orders';

export const CHECKOUT_TASK_QUEUE = 'checkout';

/** Input of the checkoutToOrder workflow. The workflow id is derived from the checkout id. */
export const CheckoutToOrderInput = z.object({
  checkoutId: CheckoutId(),
  requestId: z.string(),
  order: CreateOrderRequest,
});
export type CheckoutToOrderInput = z.infer<typeof CheckoutToOrderInput>;

export interface CheckoutToOrderResult {
  orderId: string;
  customerId: string;
  isNewCustomer: boolean;
  totalFils: number;
  /**
   * Where the activity's time went, ms (the gateway's Server-Timing on POST /api/orders):
   * `activity` the whole activity, `db` inside its transaction. Absent for an order that
   * already existed.
   */
  timings?: { activityMs: number; dbMs: number };
}

/**
 * The search attributes every checkout workflow carries (Keyword each), so an operator finds a
 * checkout in the Temporal UI by what a shopper or a provider reads out: the order number
 * (`OrderNumber = "QH-100042"`), the e-mail, the provider and its payment id, the checkout id.
 * scripts/services.sh registers the same list on the dev server; the worker adds any missing.
 */
export const SEARCH_ATTRIBUTES = [
  'OrderNumber',
  'CustomerEmail',
  'PaymentProvider',
  'CheckoutId',
  'PaymentId',
] as const;
export type SearchAttributeName = (typeof SEARCH_ATTRIBUTES)[number];

export const checkoutWorkflowId = (checkoutId: string) => `checkout-${checkoutId}`;

/**
 * A card checkout's workflow id comes from its payment intent: the browser's POST /api/orders
 * and every delivery of the Stripe webhook name the same workflow, so one payment is one run.
 */
export const paymentWorkflowId = (paymentIntentId: string) => `checkout-${paymentIntentId}`;

/**
 * The follow-up of a staff move (refund, e-mail; docs/orders.md): one run per move, named after
 * its history row, so the gateway's immediate start and the workers' start from the outbox's
 * OrderStatusChanged name the same run and the second is a no-op. Not the order number alone:
 * numbers start again at QH-100001 in a fresh database while Temporal keeps its runs.
 */
export const orderFollowUpWorkflowId = (orderId: string, status: string, moveId: string) =>
  `order-${status}-${orderId}-${moveId}`;

/** The workflow a checkout runs as: by payment intent for a card, by checkout id otherwise. */
export const workflowIdOf = (input: Pick<CheckoutToOrderInput, 'checkoutId' | 'order'>) =>
  input.order.paymentIntentId
    ? paymentWorkflowId(input.order.paymentIntentId)
    : checkoutWorkflowId(input.checkoutId);
