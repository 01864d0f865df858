/**
 * The checkout core's public entry (`@qahwa/checkout`): placing an order, pricing, the refusals and
 * the cart-recovery link. The payment providers' clients are `@qahwa/checkout/payments`; the
 * refusal codes alone, free of Node and the database for Temporal's workflow sandbox, are
 * `@qahwa/checkout/errors`.
 */
export {
  CHECKOUT_FAILURE,
  type CheckoutFailureCode,
  type CheckoutFailureDetails,
  CheckoutRefusal,
  isFinalFailure,
} from './errors';
export { type LeadLinkClaims, signLeadLink, verifyLeadLink } from './lead-link';
export {
  createOrderPlacement,
  type OrderPlacement,
  type SettleContext,
  type SettlePayment,
} from './place-order';
export {
  type CheckoutPricing,
  type PriceCheckoutInput,
  type PricedClaim,
  type PricedLine,
  type PricingSettings,
  priceCheckout,
  priceOrder,
  pricingSettings,
  type VariationRecord,
  variationMismatch,
} from './pricing';
