import type { CreateOrderRequest, PaymentIntentRequest } from '@qahwa/schema';

/**
 * SPEC 7 bodies for the card and the wallet, built from the very claim the cash-on-delivery
 * order sends (checkout/order-request.ts: items, amounts, coupon), so the three methods can
 * never disagree about what the shopper is buying. Every amount is still a claim: the gateway
 * prices the checkout from the database and charges its own total.
 */
export function paymentIntentRequest(claim: CreateOrderRequest): PaymentIntentRequest {
  const { totalAmount, paymentProvider: _provider, paymentIntentId: _intent, ...rest } = claim;
  return { ...rest, amount: totalAmount, currency: 'aed' };
}

/** POST /api/orders after Stripe said `succeeded`: the intent is what the gateway verifies. */
export function cardOrderRequest(claim: CreateOrderRequest, paymentIntentId: string): CreateOrderRequest {
  return { ...claim, paymentProvider: 'STRIPE', paymentIntentId };
}
