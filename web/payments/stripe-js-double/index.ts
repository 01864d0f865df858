/**
 * A double of Stripe.js (the browser library), for the end-to-end tests and for `make dev`,
 * where js.stripe.com cannot load. It defines `window.Stripe` the way the real script does, so
 * `loadStripe()` finds it and `@stripe/react-stripe-js` drives it unchanged: `elements()`, the
 * card element (`create('card')`), the Express Checkout Element (`create('expressCheckout')`),
 * `confirmCardPayment` and `confirmPayment`.
 *
 * It confirms for real: `POST {apiBase}/v1/payment_intents/{id}/confirm` with the publishable
 * key and the `client_secret`, form-encoded, as Stripe.js does against api.stripe.com. The
 * stateful Stripe double (fakes/stripe, docs/payments.md) decides the outcome, so the gateway
 * that later retrieves the intent sees exactly what the shopper's browser did.
 *
 * The typed card goes as `payment_method_data[card][number]` with the billing details, and the
 * Stripe double answers as Stripe does for its test cards (4242 4242 4242 4242 succeeds, 4000 0000
 * 0000 0002 is declined, …). The wallet pays with the test Visa, marked `[card][wallet]`.
 *
 * The page gets it as one script: each part (kit.ts, card-element.ts,
 * express-checkout-element.ts, confirmation.ts, installer.ts) is a self-contained function, with
 * no imports at run time and no closures over its module, and this script is their source text
 * (`Function.prototype.toString`), the installer called with the options and the parts. The
 * end-to-end tests pass it to `page.addInitScript`; the storefront serves it for `make dev`
 * (app/payments/stripe-double/stripe.js).
 */
import { createCardElement } from './card-element';
import { createConfirmations } from './confirmation';
import { createExpressCheckoutElement } from './express-checkout-element';
import { installStripeJsDouble } from './installer';
import { createKit } from './kit';
import type { StripeJsDoubleOptions } from './options';

export type { StripeJsDoubleOptions } from './options';

/** The double as a script that installs it: run it before the page's own scripts. */
export function stripeJsDoubleScript(options: StripeJsDoubleOptions): string {
  const parts = [
    `createKit: ${createKit.toString()}`,
    `createCardElement: ${createCardElement.toString()}`,
    `createExpressCheckoutElement: ${createExpressCheckoutElement.toString()}`,
    `createConfirmations: ${createConfirmations.toString()}`,
  ].join(',\n');
  return `(${installStripeJsDouble.toString()})(${JSON.stringify(options)}, {\n${parts}\n});\n`;
}
