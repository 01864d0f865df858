import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CheckoutFlow } from '@/checkout/checkout-flow';
import { webConfig } from '@/lib/config';
import { stripeClientConfig } from '@/payments/stripe-client-config';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Checkout');
  return { title: t('title'), robots: { index: false } };
}

export default async function CheckoutPage() {
  const t = await getTranslations('Checkout');
  return (
    // The flow renders in the browser (the cart lives there): at least a screen tall from the first
    // byte, so the footer starts below the fold and nothing the shopper sees shifts when it arrives.
    <div className="mx-auto min-h-[calc(100dvh-3.5rem)] max-w-6xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold text-coffee-900">{t('title')}</h1>
      <CheckoutFlow stripe={stripeClientConfig(webConfig.stripePublishableKey)} />
    </div>
  );
}
