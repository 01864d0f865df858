import { z } from 'zod';
import { CreateOrderRequest } from './orders';

export const CHECKOUT_TASK_QUEUE = 'checkout';

/** Input of the checkoutToOrder workflow. The workflow id is derived from the checkout id. */
export const CheckoutToOrderInput = z.object({
  checkoutId: z.string().min(1),
  requestId: z.string(),
  order: CreateOrderRequest,
});
export type CheckoutToOrderInput = z.infer<typeof CheckoutToOrderInput>;

export interface CheckoutToOrderResult {
  orderId: string;
  customerId: string;
  isNewCustomer: boolean;
  totalFils: number;
}

export const checkoutWorkflowId = (checkoutId: string) => `checkout-${checkoutId}`;
