import type { createCardElement } from './card-element';
import type { createConfirmations } from './confirmation';
import type { createExpressCheckoutElement } from './express-checkout-element';
import type { createKit, ElementsGroup } from './kit';
import type { StripeJsDoubleOptions } from './options';

/** The parts the installer puts together in the page (handed over as source text by index.ts). */
interface StripeJsDoubleParts {
  createKit: typeof createKit;
  createCardElement: typeof createCardElement;
  createExpressCheckoutElement: typeof createExpressCheckoutElement;
  createConfirmations: typeof createConfirmations;
}

/**
 * Defines `window.Stripe` the way the real script does: `Stripe(key, { locale })` gives an
 * instance with `elements()` (the card and the Express Checkout Element) and the confirmations.
 *
 * Self-contained (no imports at run time, no closures over this module): stripeJsDoubleScript()
 * serves it as source text, with its parts as the second argument (index.ts).
 */
export function installStripeJsDouble(options: StripeJsDoubleOptions, parts: StripeJsDoubleParts): void {
  // biome-ignore lint/suspicious/noExplicitAny: the double stands in for an untyped global.
  const w = window as any;
  if (w.Stripe) return; // the real Stripe.js, or an earlier double (the e2e tests' one wins)
  const kit = parts.createKit();

  function Stripe(publishableKey: string, stripeOptions?: { locale?: string }) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_'))
      throw new Error('IntegrationError: Invalid API Key provided');
    if (stripeOptions?.locale) kit.setLocale(stripeOptions.locale);

    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(_opts?: unknown) {
        const group: ElementsGroup = { mounted: {}, walletPm: null };
        return {
          _group: group,
          create(type: string) {
            if (type === 'card') return parts.createCardElement(group, kit);
            if (type === 'expressCheckout')
              return parts.createExpressCheckoutElement(group, kit, options.wallet);
            throw new Error(`IntegrationError: the Stripe.js double has no ${type} element`);
          },
          getElement(type: string) {
            return group.mounted[type] ?? null;
          },
          update() {},
          async submit() {
            return {};
          },
          async fetchUpdates() {
            return {};
          },
        };
      },
      async createToken() {
        return {
          error: { type: 'invalid_request_error', message: 'createToken is not in the Stripe.js double' },
        };
      },
      async createPaymentMethod() {
        return {
          error: {
            type: 'invalid_request_error',
            message: 'createPaymentMethod is not in the Stripe.js double',
          },
        };
      },
      ...parts.createConfirmations(options.apiBase, publishableKey, kit),
    };
  }
  // @stripe/stripe-js compares this with the release train it expects, and warns otherwise.
  Stripe.version = 'endive';
  w.Stripe = Stripe;
}
