import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WishlistView } from '@/wishlist/wishlist-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('WishlistPage');
  // The list lives on the shopper's device: nothing for a search engine here.
  return { title: t('title'), robots: { index: false } };
}

export default async function WishlistPage() {
  const t = await getTranslations('WishlistPage');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 mb-6 text-coffee-700">{t('intro')}</p>
      <WishlistView />
    </div>
  );
}
