import {
  type CartItem,
  type CreateOrderRequest,
  type CustomerInfo,
  type Fils,
  type Locale,
  lineClaimOf,
  type ShippingInfo,
  toAed,
} from '@qahwa/schema';

const hasVariation = (i: CartItem): i is CartItem & { variationId: string } => Boolean(i.variationId);

/** The summary's amounts an order claims (coupon-state.ts `summaryPricing`). */
export interface ClaimedAmounts {
  /** The goods at what the shopper pays (after the sale). */
  subtotalFils: Fils;
  discountFils: Fils;
  /** null while the shipping quote is on its way (nothing is sent then). */
  shippingFils: Fils | null;
  totalFils: Fils;
}

/**
 * SPEC 7 CreateOrderRequest for cash on delivery. Every amount is the summary's (`summaryPricing`,
 * the server's own rules on the cart's prices), so the claimed total is the one the shopper was
 * shown and, when nothing changed, the server's: cash on delivery is placed only at the server's
 * total (docs/checkout.md). The card and pay later send the same claim.
 */
export function buildCodOrder(input: {
  customerInfo: CustomerInfo;
  shippingInfo: ShippingInfo;
  items: readonly CartItem[];
  summary: ClaimedAmounts;
  locale: Locale;
  /** The applied coupon's code: a claim like every amount here; the server applies it by its own rules. */
  coupon?: { code: string; discountAmount: number } | null;
}): CreateOrderRequest {
  const { subtotalFils, discountFils, totalFils } = input.summary;
  return {
    customerInfo: input.customerInfo,
    shippingInfo: input.shippingInfo,
    // Every line added through the options modal has a variation; an order needs one.
    items: input.items.filter(hasVariation).map(lineClaimOf),
    totalAmount: toAed(totalFils),
    subtotal: toAed(subtotalFils),
    tax: 0,
    shippingCost: toAed(input.summary.shippingFils ?? 0),
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
