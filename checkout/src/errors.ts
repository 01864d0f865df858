/**
 * Business failures of a checkout. The activity raises them as non-retryable ApplicationFailures
 * whose `type` is the code; the gateway maps the code to a message in the shopper's language.
 */
export const CHECKOUT_FAILURE = {
  itemUnavailable: 'ITEM_UNAVAILABLE',
  outOfStock: 'OUT_OF_STOCK',
  invalidAddress: 'INVALID_ADDRESS',
  unsupportedPayment: 'UNSUPPORTED_PAYMENT',
  /** The input breaks the contract (a malformed id): retrying cannot help. */
  invalidInput: 'INVALID_INPUT',
  /** The phone or e-mail placed MAX_ORDERS_PER_CONTACT orders within the window. */
  tooManyOrders: 'TOO_MANY_ORDERS',
  /** The shopper's coupon no longer holds (used up, expired…): the order may go ahead without it. */
  couponRefused: 'COUPON_REFUSED',
  /** Stripe has no such payment intent. */
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  /** The intent did not succeed (canceled, or no success within the wait). */
  paymentNotCompleted: 'PAYMENT_NOT_COMPLETED',
  /** Paid, but not the server's total or not in AED: no order; the payment needs attention. */
  paymentMismatch: 'PAYMENT_MISMATCH',
  /** Stripe says the charge was refunded (wholly or partly): no order; the checkout is closed `refunded`. */
  paymentRefunded: 'PAYMENT_REFUNDED',
  /** The cardholder disputed the charge: no order; the checkout is closed `failed`, staff answer the dispute. */
  paymentDisputed: 'PAYMENT_DISPUTED',
  /** The checkout is in a final state (refunded, failed, resolved by staff): it never makes an order again. */
  checkoutClosed: 'CHECKOUT_CLOSED',
  /** A line names a variation of another product than its own: the browser's cart is not ours. */
  variationMismatch: 'VARIATION_MISMATCH',
  /** Cash on delivery: the total the shopper was shown is not the server's (a price or promotion changed). */
  priceChanged: 'PRICE_CHANGED',
  /**
   * Paid, but the shopper's cart (its checkout key) was already ordered through another payment
   * (two tabs, or back and pay again): no second order; this payment goes back.
   */
  duplicatePayment: 'DUPLICATE_PAYMENT',
} as const;
export type CheckoutFailureCode = (typeof CHECKOUT_FAILURE)[keyof typeof CHECKOUT_FAILURE];

export interface CheckoutFailureDetails {
  productName?: string;
  productNameAr?: string;
  available?: number;
  /** For tooManyOrders: when the oldest counted order leaves the window, roughly. */
  retryAfterSeconds?: number;
  /** For couponRefused: the code and why (a PROMOTION_MESSAGES code with its parameters). */
  couponCode?: string;
  refusal?: { code: string; params?: Record<string, string | number> };
  /** For checkoutClosed: the final state the checkout is in (refunded, failed, resolved_by_staff). */
  checkoutStatus?: string;
  /** For variationMismatch: the index of the refused line in the request's `items`. */
  line?: number;
  /** For priceChanged: the server's total, in fils, that the shopper is asked to confirm. */
  totalFils?: number;
  /** For duplicatePayment: the order the cart was already paid for, and its checkout. */
  existingOrderId?: string;
  existingCheckoutId?: string;
}

/**
 * A checkout's business refusal, thrown by the core wherever an order cannot be made (stock, the
 * address, a coupon, the payment). It carries what Temporal's ApplicationFailure carried before
 * the core left the workflows: the code as `type`, the message, `nonRetryable` and the details.
 * The gateway answers it in the request (cash on delivery); the activities turn it into an
 * ApplicationFailure of the same type, message and flag (workflows/src/checkout/activities.ts).
 */
export class CheckoutRefusal extends Error {
  override readonly name = 'CheckoutRefusal';
  readonly details: CheckoutFailureDetails[];

  constructor(
    message: string,
    readonly type: CheckoutFailureCode,
    ...details: CheckoutFailureDetails[]
  ) {
    super(message);
    this.details = details;
  }

  /** Every refusal is final: the same input is refused the same way on a retry. */
  readonly nonRetryable = true;
}

/** A failure the caller must not retry: a refusal, or a step's own final failure (pay later's capture). */
export const isFinalFailure = (err: unknown): boolean =>
  (err as { nonRetryable?: unknown } | null)?.nonRetryable === true;
