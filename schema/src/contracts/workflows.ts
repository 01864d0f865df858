import { z } from 'zod';
import { CheckoutId } from './ids';
import { CreateOrderRequest } from './orders';

export const CHECKOUT_TASK_QUEUE = 'checkout';

/** Input of the checkoutToOrder workflow. Its workflow id: `workflowIdOf` in workflows/src/workflow-ids.ts. */
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
