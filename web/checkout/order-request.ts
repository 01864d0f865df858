import {
  type CartItem,
  type CreateOrderRequest,
  type CustomerInfo,
  cartSubtotalFils,
  type Fils,
  type Locale,
  type ShippingInfo,
  toAed,
} from '@qahwa/schema';

/** SPEC 7 CreateOrderRequest for cash on delivery. Every amount is a claim the gateway recomputes. */
export function buildCodOrder(input: {
  customerInfo: CustomerInfo;
  shippingInfo: ShippingInfo;
  items: readonly CartItem[];
  shippingCostFils: Fils;
  locale: Locale;
  /**
   * The summary's discount and free shipping (coupon-state.ts) and the applied coupon's code:
   * claims like every amount here; the server applies the code by its own rules.
   */
  discount?: { discountFils: Fils; freeShipping: boolean };
  coupon?: { code: string; discountAmount: number } | null;
}): CreateOrderRequest {
  const subtotalFils = cartSubtotalFils(input.items);
  const discountFils = input.discount?.discountFils ?? 0;
  const shippingFils = input.discount?.freeShipping ? 0 : input.shippingCostFils;
  return {
    customerInfo: input.customerInfo,
    shippingInfo: input.shippingInfo,
    items: input.items.flatMap((i) =>
      // Every line added through the options modal has a variation; an order needs one.
      i.variationId
        ? [
            {
              id: i.id,
              productId: i.productId,
              variationId: i.variationId,
              name: i.name,
              price: i.price,
              quantity: i.quantity,
              variation: i.variation,
            },
          ]
        : [],
    ),
    totalAmount: toAed(subtotalFils - discountFils + shippingFils),
    subtotal: toAed(subtotalFils),
    tax: 0,
    shippingCost: toAed(shippingFils),
    discount: toAed(discountFils),
    appliedCoupon: input.coupon ? { code: input.coupon.code, discountAmount: toAed(discountFils) } : null,
    paymentProvider: 'COD',
    locale: input.locale,
  };
}

/** What identifies the shopper's intent for the idempotency key (see attempt-key.ts). */
export function orderIntent(order: CreateOrderRequest): string {
  return JSON.stringify({
    c: order.customerInfo,
    s: order.shippingInfo,
    i: order.items.map((x) => [x.productId, x.variationId, x.quantity]),
    // Placing it again without a refused coupon is a new attempt (the server binds the code too).
    k: order.appliedCoupon?.code ?? null,
    // How it is paid too (the gateway's fingerprint has it): COD refused, then a card, is a new attempt.
    p: [order.paymentProvider ?? 'COD', order.paymentIntentId ?? null],
  });
}
