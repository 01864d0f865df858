/**
 * The states of a checkout the server kept before the shopper paid (`checkouts.status`, card and
 * pay later; docs/payments.md "Checkout states"). Two are open — a run may still make its order:
 * - `open`: priced, waiting for the payment or its order;
 * - `needs_attention`: paid, but the order could not be made (stock, coupon, amount); staff decide,
 *   and a later run may still make the order (the stock came back).
 * Every other state is final: no checkoutToOrder run starts for it again, and the order step
 * refuses it (CHECKOUT_CLOSED):
 * - `ordered`: the order exists (`checkouts.order_id`);
 * - `refunded`: the money went back (wholly or partly: a charge partly given back is no longer the
 *   order's total);
 * - `failed`: the payment can never become an order (the cardholder disputed it);
 * - `resolved_by_staff`: staff settled it another way and keep the money (documented in the audit log);
 * - pay later's own endings: `rejected`, `cancelled`, `expired`.
 */
export const OPEN_CHECKOUT_STATUSES = ['open', 'needs_attention'] as const;
export const FINAL_CHECKOUT_STATUSES = [
  'ordered',
  'refunded',
  'failed',
  'resolved_by_staff',
  'rejected',
  'cancelled',
  'expired',
] as const;
/** Every state, open first: what the back office names (anything else reads as "other"). */
export const CHECKOUT_STATUSES = [...OPEN_CHECKOUT_STATUSES, ...FINAL_CHECKOUT_STATUSES] as const;
export type OpenCheckoutStatus = (typeof OPEN_CHECKOUT_STATUSES)[number];
export type FinalCheckoutStatus = (typeof FINAL_CHECKOUT_STATUSES)[number];
export type CheckoutStatus = OpenCheckoutStatus | FinalCheckoutStatus;

/** Whether a run may still make this checkout's order. An unknown status counts as final: refuse rather than guess. */
export const isOpenCheckout = (status: string): status is OpenCheckoutStatus =>
  (OPEN_CHECKOUT_STATUSES as readonly string[]).includes(status);
