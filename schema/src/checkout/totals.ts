import type { Fils } from '../money/money';

export interface OrderTotals {
  subtotalFils: Fils;
  shippingFils: Fils;
  discountFils: Fils;
  /** Prices already include UAE VAT, so no tax line is added (SPEC 3 sends tax; it is 0). */
  taxFils: Fils;
  totalFils: Fils;
}

/**
 * The order summary (SPEC 2.7): subtotal − discount + shipping. The discount is clamped to
 * 0..subtotal and shipping to 0 or more, so the total is never negative and never more than
 * goods plus shipping. Free shipping (a FREE_SHIPPING promotion) makes the shipping line 0 ('Free').
 */
export function orderTotals(input: {
  subtotalFils: Fils;
  shippingFils: Fils;
  discountFils?: Fils;
  freeShipping?: boolean;
}): OrderTotals {
  const subtotalFils = Math.max(0, input.subtotalFils);
  const shippingFils = input.freeShipping ? 0 : Math.max(0, input.shippingFils);
  const discountFils = Math.min(Math.max(0, input.discountFils ?? 0), subtotalFils);
  return {
    subtotalFils,
    shippingFils,
    discountFils,
    taxFils: 0,
    totalFils: subtotalFils - discountFils + shippingFils,
  };
}

/**
 * The header of the gateway's 409 PRICE_CHANGED answer to a cash-on-delivery order: the server's
 * total (AED, "123.50") that the checkout shows and claims when the shopper confirms it. A
 * header because every error body has the one `ErrorBody` shape (as Retry-After rides beside
 * TOO_MANY_ORDERS).
 */
export const ORDER_TOTAL_HEADER = 'x-order-total';

/**
 * The header of the gateway's 409 ALREADY_ORDERED and PAYMENT_DUPLICATE_REFUNDED answers: the
 * order the shopper's cart was already paid for, which the payment step links to (the error body
 * has the one `ErrorBody` shape; docs/payments.md "One checkout, one payment").
 */
export const ORDER_ID_HEADER = 'x-order-id';

/**
 * Beside `ORDER_ID_HEADER`: that order's signed tracking token (docs/order-tracking.md), so the
 * notice's link opens the order's confirmation, which loads the order through the token.
 */
export const ORDER_TOKEN_HEADER = 'x-order-token';
