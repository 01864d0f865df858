/**
 * What the end-to-end tests take from the storefront, by package name (`@qahwa/web/testing`):
 * the Stripe.js double they install before any page loads, and the key under which the checkout
 * keeps the pay-later order data while the shopper is on the provider's page. Nothing here may
 * import through the `@/` path (the tests' TypeScript project does not know it).
 */
export { PAY_LATER_ORDER_DATA_KEY } from './checkout/pay-later-order-data';
export { stripeJsDoubleScript } from './payments/stripe-js-double';
