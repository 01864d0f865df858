import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProductGrid } from '../../catalogue/product-card';
import { listProducts } from '../../lib/catalogue';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Shop');
  return { title: t('title') };
}

export default async function ShopPage() {
  const [t, products] = await Promise.all([getTranslations('Shop'), listProducts()]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 mb-6 text-coffee-700">{t('intro')}</p>
      {products.length ? <ProductGrid products={products} eagerCount={4} /> : <p>{t('empty')}</p>}
    </div>
  );
}
