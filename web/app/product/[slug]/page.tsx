import { optionLists, type Product, SUGGESTIONS_COUNT } from '@qahwa/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import {
  cardPrice,
  categoryName,
  optionLabels,
  productDescription,
  productName,
  stockLeft,
} from '../../../catalogue/display';
import { Price } from '../../../catalogue/price';
import { ProductGrid } from '../../../catalogue/product-card';
import { ProductImage } from '../../../catalogue/product-image';
import { SelectOptionsButton } from '../../../catalogue/select-options-button';
import { getProduct, listProducts } from '../../../lib/catalogue';
import { BackArrow } from '../../../shell/icons';

// One gateway read per request, shared by generateMetadata and the page.
const loadProduct = cache(getProduct);

async function related(product: Product): Promise<Product[]> {
  try {
    const list = await listProducts({ category: product.category.slug, limit: SUGGESTIONS_COUNT + 1 });
    return list.filter((p) => p.id !== product.id).slice(0, SUGGESTIONS_COUNT);
  } catch (error) {
    // Related products are a nicety: the product itself must still render.
    console.error('related products failed', error);
    return [];
  }
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const { slug } = await params;
  const [product, locale] = await Promise.all([loadProduct(slug), getLocale()]);
  if (!product) return {};
  return {
    title: productName(product, locale),
    description: productDescription(product, locale).slice(0, 160),
  };
}

export default async function ProductPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const product = await loadProduct(slug);
  if (!product) notFound();
  const [t, locale, relatedProducts] = await Promise.all([
    getTranslations('ProductPage'),
    getLocale(),
    related(product),
  ]);
  const name = productName(product, locale);
  const lists = optionLists(product.variations);
  const labels = optionLabels(product.variations, locale);
  const stock = stockLeft(product);
  const image = product.imageUrl ?? product.images[0]?.url ?? null;

  const facts: { term: string; values: string[] }[] = [
    { term: t('weight'), values: lists.weights.map((w) => labels.weight.get(w) ?? w) },
    { term: t('beans'), values: lists.beans.map((b) => labels.beans.get(b) ?? b) },
    { term: t('additions'), values: lists.additions.map((a) => labels.additions.get(a) ?? a) },
  ].filter((f) => f.values.length > 0);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <nav aria-label={t('breadcrumb')} className="mb-4 text-sm text-coffee-600">
        <Link href="/shop" className="inline-flex items-center gap-1 hover:underline">
          <BackArrow />
          {t('back')}
        </Link>
      </nav>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductImage
          src={image}
          alt={name}
          width={640}
          height={640}
          eager
          className="aspect-square w-full rounded-2xl"
        />
        <div className="flex flex-col gap-4">
          <div>
            <p className="text-sm text-coffee-600">
              <span className="sr-only">{t('category')}: </span>
              {categoryName(product, locale)}
            </p>
            <h1 className="mt-1 text-2xl font-bold text-coffee-900 sm:text-3xl">{name}</h1>
          </div>
          <Price price={cardPrice(product)} size="lg" />
          <p className={`text-sm font-medium ${stock > 0 ? 'text-emerald-700' : 'text-red-700'}`}>
            {t('stockLeft', { count: stock })}
          </p>
          {facts.length > 0 && (
            <dl className="grid gap-2 rounded-xl bg-white p-4 text-sm shadow-sm">
              {facts.map((f) => (
                <div key={f.term} className="flex gap-3">
                  <dt className="w-24 shrink-0 font-medium text-coffee-900">{f.term}</dt>
                  <dd className="text-coffee-700">{f.values.join(locale === 'ar' ? '، ' : ', ')}</dd>
                </div>
              ))}
            </dl>
          )}
          <SelectOptionsButton productId={product.id} productName={name} variant="page" />
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="text-lg font-semibold text-coffee-900">
              {t('description')}
            </h2>
            <p className="mt-2 whitespace-pre-line leading-relaxed text-coffee-800">
              {productDescription(product, locale)}
            </p>
          </section>
          <p className="text-xs text-coffee-500">{t('views', { count: product.views })}</p>
        </div>
      </div>
      {relatedProducts.length > 0 && (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="mb-4 text-xl font-semibold text-coffee-900">
            {t('related')}
          </h2>
          <ProductGrid products={relatedProducts} />
        </section>
      )}
    </div>
  );
}
