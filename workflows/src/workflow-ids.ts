/**
 * Every Temporal workflow id the store builds, in one place. Pure functions with no Temporal
 * import, so the gateway, the workers, the workflow bundle, scripts and tests all name a run the
 * same way. The formats are fixed: runs already in production are found by these ids
 * (workflows/test/workflow-ids.test.ts pins each one).
 */
import type { CheckoutToOrderInput } from '@qahwa/schema';

export const checkoutWorkflowId = (checkoutId: string) => `checkout-${checkoutId}`;

/**
 * A card checkout's workflow id comes from its payment intent: the browser's POST /api/orders
 * and every delivery of the Stripe webhook name the same workflow, so one payment is one run.
 */
export const paymentWorkflowId = (paymentIntentId: string) => `checkout-${paymentIntentId}`;

/** A Tabby checkout's reconciliation run, named by Tabby's payment id. */
export const payLaterWorkflowId = (paymentId: string) => `pay-later-${paymentId}`;

/** The workflow a checkout runs as: by payment intent for a card, by checkout id otherwise. */
export const workflowIdOf = (input: Pick<CheckoutToOrderInput, 'checkoutId' | 'order'>) =>
  input.order.paymentIntentId
    ? paymentWorkflowId(input.order.paymentIntentId)
    : checkoutWorkflowId(input.checkoutId);

/**
 * The run that made an order, read back from the order's row (the back office links to it):
 * the payment intent's run for a card, the pay-later run for Tabby, the checkout's otherwise.
 */
export const orderCheckoutWorkflowId = (order: {
  paymentProvider: string | null;
  paymentIntentId: string | null;
  checkoutId: string;
}) =>
  order.paymentProvider === 'STRIPE' && order.paymentIntentId
    ? paymentWorkflowId(order.paymentIntentId)
    : order.paymentProvider === 'TABBY' && order.paymentIntentId
      ? payLaterWorkflowId(order.paymentIntentId)
      : checkoutWorkflowId(order.checkoutId);

/**
 * The workflow id of an order's confirmation: the id of the workflow that made the order (one per
 * checkout, random in its checkout id) with a suffix. Not the order number: order numbers restart
 * with a fresh database (tests, `make clean-data`) while Temporal remembers older runs, and a
 * confirmation of another database's QH-100001 must not stand in for this one.
 */
export const orderConfirmationWorkflowId = (parentWorkflowId: string) => `${parentWorkflowId}/confirmation`;

/**
 * The follow-up of a staff move (refund, e-mail; docs/orders.md): one run per move, named after
 * its history row, so the gateway's immediate start and the workers' start from the outbox's
 * OrderStatusChanged name the same run and the second is a no-op. Not the order number alone:
 * numbers start again at QH-100001 in a fresh database while Temporal keeps its runs.
 */
export const orderFollowUpWorkflowId = (orderId: string, status: string, moveId: string) =>
  `order-${status}-${orderId}-${moveId}`;

/** One lead-conversion run per open lead, named by the shopper's e-mail (trimmed, lower case). */
export const leadWorkflowId = (email: string) => `lead-${email.trim().toLowerCase()}`;
