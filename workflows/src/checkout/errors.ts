/**
 * Business failures of a checkout. The activity raises them as non-retryable ApplicationFailures
 * whose `type` is the code; the gateway maps the code to a message in the shopper's language.
 */
export const CHECKOUT_FAILURE = {
  itemUnavailable: 'ITEM_UNAVAILABLE',
  outOfStock: 'OUT_OF_STOCK',
  invalidAddress: 'INVALID_ADDRESS',
  unsupportedPayment: 'UNSUPPORTED_PAYMENT',
} as const;
export type CheckoutFailureCode = (typeof CHECKOUT_FAILURE)[keyof typeof CHECKOUT_FAILURE];

export interface CheckoutFailureDetails {
  productName?: string;
  productNameAr?: string;
  available?: number;
}
