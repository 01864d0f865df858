/**
 * Which Stripe.js the payment step loads, decided on the server at run time (web/lib/config.ts)
 * and handed to the page, so one build serves real Stripe, `make dev` and the end-to-end tests.
 *
 * - `stripe`: a real publishable key is configured; `loadStripe` fetches js.stripe.com.
 * - `double`: none is; the storefront serves the Stripe.js double (`scriptUrl`) and relays its
 *   calls to the stateful Stripe double, which accepts its own test key. An end-to-end test that
 *   defined `window.Stripe` before the page loaded keeps its own double (the script steps aside).
 */
export type StripeClientConfig =
  | { kind: 'stripe'; publishableKey: string }
  | { kind: 'double'; publishableKey: string; scriptUrl: string };

/** Where the storefront serves the Stripe.js double and relays its REST calls (same origin: no CSP change). */
export const STRIPE_DOUBLE_PATH = '/payments/stripe-double';
export const STRIPE_DOUBLE_SCRIPT = `${STRIPE_DOUBLE_PATH}/stripe.js`;
/** The key the Stripe.js double presents when no real one is configured. */
export const STRIPE_DOUBLE_PUBLISHABLE_KEY = 'pk_test_qahwa_double';

export function stripeClientConfig(publishableKey: string | undefined): StripeClientConfig {
  return publishableKey
    ? { kind: 'stripe', publishableKey }
    : { kind: 'double', publishableKey: STRIPE_DOUBLE_PUBLISHABLE_KEY, scriptUrl: STRIPE_DOUBLE_SCRIPT };
}
