import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CartPage } from '@/cart/cart-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('CartPage');
  return { title: t('title'), robots: { index: false } };
}

/** SPEC 2.4's cart as a page of its own: for shoppers who review before checking out. */
export default async function CartRoute() {
  const t = await getTranslations('CartPage');
  return (
    // The cart lives in the browser: at least a screen tall from the first byte, so nothing shifts.
    <div className="mx-auto min-h-[calc(100dvh-3.5rem)] max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold text-coffee-900">{t('title')}</h1>
      <p className="mt-1 mb-6 text-coffee-700">{t('intro')}</p>
      <CartPage />
    </div>
  );
}
