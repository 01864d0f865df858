import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ProductGrid } from '../catalogue/product-card';
import { listProducts } from '../lib/catalogue';
import { ForwardArrow } from '../shell/icons';

export default async function HomePage() {
  const [t, featured] = await Promise.all([
    getTranslations('Home'),
    listProducts({ featured: true, limit: 8 }),
  ]);
  return (
    <>
      <section className="bg-gradient-to-b from-coffee-900 to-coffee-800 text-coffee-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
          <p className="text-sm font-medium tracking-wide text-amber-300">{t('heroEyebrow')}</p>
          <h1 className="mt-2 max-w-2xl text-3xl font-bold leading-tight sm:text-5xl">{t('heroTitle')}</h1>
          <p className="mt-4 max-w-xl text-coffee-100">{t('heroText')}</p>
          <Link
            href="/shop"
            className="mt-6 inline-flex items-center gap-2 rounded-lg bg-amber-500 px-5 py-3 font-semibold text-coffee-950 hover:bg-amber-400"
          >
            {t('heroCta')}
            <ForwardArrow />
          </Link>
        </div>
      </section>
      <section aria-labelledby="featured-title" className="mx-auto max-w-6xl px-4 py-10">
        <div className="mb-4 flex items-baseline justify-between gap-4">
          <h2 id="featured-title" className="text-xl font-semibold text-coffee-900 sm:text-2xl">
            {t('featuredTitle')}
          </h2>
          <Link href="/shop" className="text-sm font-medium text-coffee-700 hover:underline">
            {t('viewAll')}
          </Link>
        </div>
        {featured.length ? (
          <ProductGrid products={featured} eagerCount={2} />
        ) : (
          <p className="text-coffee-700">{t('featuredEmpty')}</p>
        )}
      </section>
    </>
  );
}
