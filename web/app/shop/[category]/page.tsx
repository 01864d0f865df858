import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { parseShopState } from '@/catalogue/shop/shop-state';
import { ShopView } from '@/catalogue/shop/shop-view';
import { listCategories } from '@/lib/catalogue';

type Params = Promise<{ category: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// One read per request, shared by generateMetadata and the page.
const categories = cache(listCategories);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { category: slug } = await params;
  const [t, locale, list] = await Promise.all([getTranslations('Shop'), getLocale(), categories()]);
  const category = list.find((c) => c.slug === slug);
  if (!category) return {};
  const name = locale === 'ar' ? category.nameAr : category.name;
  const description = t('categoryIntro', { category: name });
  return {
    title: name,
    description,
    alternates: { canonical: `/shop/${category.slug}` },
    openGraph: {
      title: name,
      description,
      type: 'website',
      ...(category.imageUrl ? { images: [{ url: category.imageUrl, alt: name }] } : {}),
    },
  };
}

/** A category as a real route (`/shop/coffee-beans`), so it can be linked, shared and indexed. */
export default async function CategoryPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const [{ category: slug }, state, list] = await Promise.all([
    params,
    searchParams.then(parseShopState),
    categories(),
  ]);
  const category = list.find((c) => c.slug === slug);
  if (!category) notFound();
  return <ShopView category={category} categories={list} state={state} />;
}
