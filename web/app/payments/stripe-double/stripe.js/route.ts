import { webConfig } from '@/lib/config';
import { STRIPE_DOUBLE_PATH } from '@/payments/stripe-client-config';
import { type StripeJsDoubleOptions, stripeJsDoubleScript } from '@/payments/stripe-js-double';

export const dynamic = 'force-dynamic';

/**
 * The Stripe.js double for `make dev` (docs/web-payments.md): the same script the end-to-end
 * tests install, run against this origin's relay. Gone (404) as soon as a real publishable key
 * is configured, so a store with real Stripe can never load a pretend card form.
 */
export function GET() {
  if (webConfig.stripePublishableKey) return new Response('Not found', { status: 404 });
  const options: StripeJsDoubleOptions = {
    apiBase: STRIPE_DOUBLE_PATH,
    // A developer can try the wallet flow too; the double's Google Pay pays with the test Visa.
    wallet: { type: 'google_pay', name: 'Test Wallet', email: 'wallet@example.ae' },
  };
  return new Response(stripeJsDoubleScript(options), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
