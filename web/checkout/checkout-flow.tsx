'use client';

import { CART_STORAGE_KEY } from '@qahwa/schema/reference';
import { lazy, Suspense, useState } from 'react';
import { cartItemsAtom } from '@/cart/cart-store';
import { useTranslations } from '@/i18n/client';
import type { StripeClientConfig } from '@/payments/stripe-client-config';
import { useAtomValue } from '@/shell/atoms';
import { useHydrated } from '@/shell/use-hydrated';

/**
 * The steps, their validation and the order summary are a chunk of their own, fetched only for a
 * cart with something in it: a visit with an empty cart (the message and a link back to the shop)
 * does not pay for the whole checkout (the 150 KB per route budget, docs/performance.md).
 */
const loadSteps = () => import('./checkout-steps');
const CheckoutSteps = lazy(() => loadSteps().then((m) => ({ default: m.CheckoutSteps })));

// A stored cart with lines: start fetching the steps now, alongside hydration, so the form does
// not wait for the stored cart to be read first. (A peek only; the cart's rules read it properly.)
if (typeof window !== 'undefined') {
  try {
    if (/"items":\[\{/.test(window.localStorage.getItem(CART_STORAGE_KEY) ?? '')) void loadSteps();
  } catch {
    // Storage disabled: the steps load when the cart is read.
  }
}

/**
 * SPEC 2.7 / 4: the checkout, or the empty cart's message. `stripe`: which Stripe.js the payment
 * step loads (the page reads it from the server's config).
 */
export function CheckoutFlow({ stripe }: { stripe: StripeClientConfig }) {
  const t = useTranslations('Checkout');
  const hydrated = useHydrated();
  const items = useAtomValue(cartItemsAtom);
  // Placed: the cart is emptied before the confirmation opens; the steps stay until it does.
  const [placed, setPlaced] = useState(false);

  if (!hydrated) return null;
  if (items.length === 0 && !placed) {
    return (
      <div className="rounded-xl bg-white p-8 text-center shadow-sm">
        <p className="mb-4 text-coffee-700">{t('emptyCart')}</p>
        <a
          href="/shop"
          className="rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white hover:bg-coffee-900"
        >
          {t('continueShopping')}
        </a>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <CheckoutSteps items={items} stripe={stripe} onPlaced={() => setPlaced(true)} />
    </Suspense>
  );
}
