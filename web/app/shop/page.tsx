import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseShopState } from '@/catalogue/shop/shop-state';
import { ShopView } from '@/catalogue/shop/shop-view';
import { listCategories } from '@/lib/catalogue';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const [t, state] = await Promise.all([getTranslations('Shop'), searchParams.then(parseShopState)]);
  return {
    title: state.q ? t('searchTitle', { q: state.q }) : t('title'),
    description: t('intro'),
    // Every sort, filter and page of the list is one page to a search engine.
    alternates: { canonical: '/shop' },
    openGraph: { title: t('title'), description: t('intro'), type: 'website' },
  };
}

export default async function ShopPage({ searchParams }: { searchParams: SearchParams }) {
  const [state, categories] = await Promise.all([searchParams.then(parseShopState), listCategories()]);
  return <ShopView category={null} categories={categories} state={state} />;
}
