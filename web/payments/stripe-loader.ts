'use client';

import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { StripeClientConfig } from './stripe-client-config';

let pending: Promise<Stripe | null> | null = null;

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js once per page. With the double, its script defines `window.Stripe` first, and
 * `loadStripe` (which uses an existing `window.Stripe` rather than fetching js.stripe.com) then
 * wraps it exactly as it would wrap the real one. A failure resolves to null (the card cannot be
 * used; cash on delivery still can) and is retried on the next call. One instance per page
 * load: a language switch reloads the page's data, and Elements take the new locale themselves.
 */
export function stripeClient(config: StripeClientConfig, locale: 'en' | 'ar'): Promise<Stripe | null> {
  pending ??= (async () => {
    if (config.kind === 'double' && !(window as { Stripe?: unknown }).Stripe)
      await injectScript(config.scriptUrl);
    // Stripe words its own messages (a declined card) in the shopper's language.
    return loadStripe(config.publishableKey, { locale });
  })().catch((error: unknown) => {
    console.error('Stripe.js did not load', error);
    pending = null;
    return null;
  });
  return pending;
}
