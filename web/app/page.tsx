import type { Locale } from '@qahwa/schema';
import type { OfferSettings } from '@qahwa/schema/contracts';
import { isOfferVisible } from '@qahwa/schema/offers';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ProductGrid } from '@/catalogue/product-card';
import { ProductImage } from '@/catalogue/product-image';
import { discountedVariations } from '@/home/discounts';
import { OfferBanner } from '@/home/offer-banner';
import { CategoryTiles, DiscountedList, PromotionStrip } from '@/home/sections';
import { type Slide, Slider } from '@/home/slider';
import {
  getOffer,
  listActivePromotions,
  listAllProducts,
  listCategories,
  listSliders,
} from '@/lib/catalogue';
import { freeShippingThresholdText, storeNameText } from '@/lib/settings';
import { ForwardArrow } from '@/shell/icons';

export async function generateMetadata(): Promise<Metadata> {
  const [t, store] = await Promise.all([
    getTranslations('Metadata'),
    getLocale().then((locale) => storeNameText(locale as Locale)),
  ]);
  return {
    alternates: { canonical: '/' },
    openGraph: { type: 'website', title: t('title', { store }), description: t('description') },
  };
}

/**
 * A part of the page that could not be read shows its own empty state instead of failing the
 * whole home page: the gateway being slow for sliders must not hide the coffee.
 */
async function settle<T>(what: string, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    console.error(`home: ${what} failed`, error);
    return null;
  }
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold text-coffee-900 sm:text-2xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-coffee-300 bg-white p-6 text-center text-coffee-700">
      {children}
    </p>
  );
}

export default async function HomePage() {
  const renderedAt = Date.now();
  const locale = (await getLocale()) as Locale;
  const [t, threshold, store, offer, sliders, categories, products, promotions] = await Promise.all([
    getTranslations('Home'),
    freeShippingThresholdText(locale),
    storeNameText(locale),
    settle<OfferSettings>('offer', getOffer()),
    settle('sliders', listSliders()),
    settle('categories', listCategories()),
    settle('products', listAllProducts({})),
    settle('promotions', listActivePromotions()),
  ]);
  const featured = (products ?? []).filter((p) => p.featured).slice(0, 8);
  const discounted = discountedVariations(products ?? []);
  const offerShown = offer !== null && isOfferVisible(offer, new Date(renderedAt));
  const slides: Slide[] = (sliders ?? []).map((s, i) => ({
    id: s.id,
    title: locale === 'ar' ? s.titleAr || s.title : s.title,
    subtitle: locale === 'ar' ? s.subtitleAr || s.subtitle : s.subtitle,
    picture: s.imageUrl ? (
      <ProductImage
        src={s.imageUrl}
        alt=""
        width={1152}
        height={400}
        sizes="100vw"
        eager={i === 0}
        className="absolute inset-0 h-full w-full opacity-40"
      />
    ) : null,
    link: s.link,
  }));
  const viewAll = (href: string, label: string) => (
    <a
      href={href}
      className="inline-flex items-center gap-1 text-sm font-medium text-coffee-800 hover:underline"
    >
      {label}
      <ForwardArrow />
    </a>
  );

  return (
    <>
      <h1 className="sr-only">{t('pageTitle', { store })}</h1>
      {slides.length > 0 ? (
        <Slider slides={slides} />
      ) : (
        <section className="bg-gradient-to-b from-coffee-900 to-coffee-800 text-coffee-50">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
            <p className="text-sm font-medium tracking-wide text-amber-300">{t('heroEyebrow')}</p>
            <p className="mt-2 max-w-2xl text-3xl font-bold leading-tight sm:text-5xl">{t('heroTitle')}</p>
            <p className="mt-4 max-w-xl text-coffee-100">{t('heroText', { threshold })}</p>
            <a
              href="/shop"
              className="mt-6 inline-flex items-center gap-2 rounded-lg bg-amber-500 px-5 py-3 font-semibold text-coffee-950 hover:bg-amber-400"
            >
              {t('heroCta')}
              <ForwardArrow />
            </a>
            {/* SPEC 2.8's empty state of the slider, small under the welcome it falls back to. */}
            <p className="mt-6 text-xs text-coffee-200">{t('noSliders')}</p>
          </div>
        </section>
      )}

      <Section id="offers-title" title={t('offersTitle')} action={viewAll('/shop?sale=1', t('viewOffers'))}>
        <div className="flex flex-col gap-4">
          {offerShown && offer ? <OfferBanner offer={offer} renderedAt={renderedAt} size="large" /> : null}
          {discounted.length > 0 ? (
            <DiscountedList items={discounted} />
          ) : (
            <EmptyState>{t('noOffers')}</EmptyState>
          )}
        </div>
      </Section>

      <Section id="promotions-title" title={t('promotionsTitle')}>
        {promotions?.length ? (
          <PromotionStrip promotions={promotions.slice(0, 6)} />
        ) : (
          <EmptyState>{t('noPromotions')}</EmptyState>
        )}
      </Section>

      <Section id="categories-title" title={t('categoriesTitle')} action={viewAll('/shop', t('viewAll'))}>
        {categories ? <CategoryTiles categories={categories} /> : <EmptyState>{t('noData')}</EmptyState>}
      </Section>

      <Section id="featured-title" title={t('featuredTitle')} action={viewAll('/shop', t('viewAll'))}>
        {featured.length ? (
          <ProductGrid products={featured} />
        ) : (
          <EmptyState>{products ? t('featuredEmpty') : t('noData')}</EmptyState>
        )}
      </Section>
    </>
  );
}
