import { type Locale, optionLists, type Product, SUGGESTIONS_COUNT, unitsAvailable } from '@qahwa/schema';
import type { ProductReviews } from '@qahwa/schema/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { NotifyForm, type SoldOutOption } from '@/back-in-stock/notify-form';
import {
  cardPrice,
  categoryName,
  optionLabels,
  productDescription,
  productName,
  stockNotice,
  variationLabel,
} from '@/catalogue/display';
import { ImagePlaceholder } from '@/catalogue/image-placeholder';
import { Price } from '@/catalogue/price';
import { type DrawnPicture, Gallery, type GalleryPicture } from '@/catalogue/product/gallery';
import { PayLaterAndView } from '@/catalogue/product/pay-later-and-view';
import { Reviews, Stars } from '@/catalogue/product/reviews';
import { jsonLdScript, productJsonLd } from '@/catalogue/product/structured-data';
import { ProductGrid } from '@/catalogue/product-card';
import { ProductImage } from '@/catalogue/product-image';
import { SelectOptionsButton } from '@/catalogue/select-options-button';
import { getProduct, getReviews } from '@/lib/catalogue';
import { webConfig } from '@/lib/config';
import { relatedProductsOrNone } from '@/lib/recommendations';
import { storeNameText } from '@/lib/settings';
import { WishlistButton } from '@/wishlist/wishlist-button';
import { wishlistEntryOf } from '@/wishlist/wishlist-entry';

// One gateway read per request, shared by generateMetadata and the page.
const loadProduct = cache(getProduct);

async function reviewsOf(product: Product): Promise<ProductReviews | null> {
  try {
    return await getReviews(product.id);
  } catch (error) {
    // The product is still worth showing without its reviews; the form stays usable.
    console.error('reviews failed', error);
    return null;
  }
}

const MAIN_PICTURE_CLASS = 'aspect-square w-full rounded-2xl';

/**
 * Each picture drawn here, large and as a lazy thumbnail. The first is eager (the page's largest
 * paint); the others are lazy, so the gallery's hidden slides cost nothing until chosen.
 */
function drawn(list: GalleryPicture[]): DrawnPicture[] {
  return list.map((p, i) => ({
    src: p.src,
    main: (
      <ProductImage
        src={p.src}
        alt={p.alt}
        width={640}
        height={640}
        sizes="(min-width: 1152px) 552px, (min-width: 768px) 50vw, 100vw"
        eager={i === 0}
        className={MAIN_PICTURE_CLASS}
      />
    ),
    thumb: <ProductImage src={p.src} alt="" width={72} height={72} className="h-16 w-16 sm:h-18 sm:w-18" />,
  }));
}

/** The product's pictures, then each variation's own (a weight, an addition), once each. */
function pictures(product: Product, name: string, locale: 'en' | 'ar'): GalleryPicture[] {
  const list: GalleryPicture[] = [];
  const seen = new Set<string>();
  const add = (src: string | null | undefined, alt: string) => {
    if (src && !seen.has(src)) {
      seen.add(src);
      list.push({ src, alt });
    }
  };
  add(product.imageUrl, name);
  for (const image of product.images) add(image.url, name);
  // A product sold one way only shows the same pack as its variation: no twin thumbnail.
  if (product.variations.length > 1) {
    for (const v of product.variations) {
      if (v.isActive && v.size.isActive) add(v.imageUrl, `${name} — ${variationLabel(v, locale)}`);
    }
  }
  return list;
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const { slug } = await params;
  const [product, locale] = await Promise.all([loadProduct(slug), getLocale()]);
  const origin = webConfig.publicOrigin;
  if (!product) return {};
  const title = productName(product, locale);
  const description = productDescription(product, locale).slice(0, 160);
  const image = product.imageUrl ?? product.images[0]?.url;
  const price = cardPrice(product);
  return {
    title,
    description,
    alternates: { canonical: `/product/${product.slug}` },
    openGraph: {
      type: 'website',
      title,
      description,
      url: `${origin}/product/${product.slug}`,
      locale: locale === 'ar' ? 'ar_AE' : 'en_AE',
      ...(image
        ? { images: [{ url: new URL(image, origin).toString(), width: 800, height: 800, alt: title }] }
        : {}),
    },
    twitter: { card: 'summary_large_image', title, description },
    other: {
      'product:price:amount': (price.fils / 100).toFixed(2),
      'product:price:currency': 'AED',
    },
  };
}

export default async function ProductPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const product = await loadProduct(slug);
  if (!product) notFound();
  const [t, tr, locale, storeName, relatedProducts, reviews] = await Promise.all([
    getTranslations('ProductPage'),
    getTranslations('Reviews'),
    getLocale(),
    getLocale().then((l) => storeNameText(l as Locale)),
    // Staff's upsell, cross-sell and downsell targets first, featured products to fill the row.
    relatedProductsOrNone(product.id, SUGGESTIONS_COUNT),
    reviewsOf(product),
  ]);
  // Link previews and search engines get the store's configured origin, never the Host asked for.
  const origin = webConfig.publicOrigin;
  const name = productName(product, locale);
  const category = categoryName(product, locale);
  const lists = optionLists(product.variations);
  const labels = optionLabels(product.variations, locale);
  const stock = stockNotice(product);
  // Each option on sale but with nothing left: a shopper may ask to hear when it is back.
  const soldOut: SoldOutOption[] = product.variations
    .filter((v) => v.isActive && v.size.isActive && unitsAvailable(v) <= 0)
    .map((v) => ({ id: v.id, label: variationLabel(v, locale) }));
  const average = reviews?.average ?? product.rating ?? null;
  const reviewCount = reviews?.count ?? product.reviewCount ?? 0;

  const facts: { term: string; values: string[] }[] = [
    { term: t('weight'), values: lists.weights.map((w) => labels.weight.get(w) ?? w) },
    { term: t('beans'), values: lists.beans.map((b) => labels.beans.get(b) ?? b) },
    { term: t('additions'), values: lists.additions.map((a) => labels.additions.get(a) ?? a) },
  ].filter((f) => f.values.length > 0);

  const ld = productJsonLd(product, {
    origin,
    locale,
    brand: storeName,
    reviews: reviews?.reviews ?? [],
    average,
    count: reviewCount,
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the script's raw text; jsonLdScript escapes `<`.
        dangerouslySetInnerHTML={{ __html: jsonLdScript(ld) }}
      />
      <nav aria-label={t('breadcrumb')} className="mb-4 text-sm text-coffee-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <a href="/" className="hover:underline">
              {t('home')}
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <a href="/shop" className="hover:underline">
              {t('shop')}
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <a href={`/shop/${product.category.slug}`} className="hover:underline">
              {category}
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-coffee-900">
            {name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <Gallery
          key={product.id}
          pictures={drawn(pictures(product, name, locale))}
          placeholder={<ImagePlaceholder name={name} className={MAIN_PICTURE_CLASS} />}
        />
        <div className="flex flex-col gap-4">
          <div>
            <p className="text-sm text-coffee-700">
              <span className="sr-only">{t('category')}: </span>
              <a href={`/shop/${product.category.slug}`} className="hover:underline">
                {category}
              </a>
            </p>
            <h1 className="mt-1 text-2xl font-bold text-coffee-900 sm:text-3xl">{name}</h1>
            {reviewCount > 0 && average !== null ? (
              <a
                href="#reviews-title"
                className="mt-1 inline-flex items-center gap-2 text-sm text-coffee-800"
              >
                <Stars value={average} label={tr('outOf5', { rating: average.toFixed(1) })} />
                <span className="underline">{tr('basedOn', { count: reviewCount })}</span>
              </a>
            ) : null}
          </div>
          <Price price={cardPrice(product)} size="lg" />
          {/* SPEC 2.7: Tabby's widget, only for a price from 1 to 5000 AED (loaded lazily); the view ping and event. */}
          <PayLaterAndView
            productId={product.id}
            priceFils={cardPrice(product).fils}
            viewContent={{
              content_type: 'product',
              currency: 'AED',
              value: cardPrice(product).fils / 100,
              items: [
                {
                  item_id: product.id,
                  item_name: product.name,
                  price: cardPrice(product).fils / 100,
                  quantity: 1,
                },
              ],
            }}
          />
          <p
            className={`text-sm font-medium ${
              stock.kind === 'out'
                ? 'text-red-700'
                : stock.kind === 'low'
                  ? 'text-amber-800'
                  : 'text-emerald-800'
            }`}
          >
            {stock.kind === 'out'
              ? t('outOfStock')
              : stock.kind === 'low'
                ? t('onlyLeft', { count: stock.count })
                : t('inStock')}
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
          <p className="text-sm text-coffee-700">{t('quantityHint')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <SelectOptionsButton productId={product.id} productName={name} variant="page" />
            <WishlistButton item={wishlistEntryOf(product)} name={name} variant="page" />
          </div>
          {soldOut.length > 0 && (
            // Open when nothing is left to buy; a disclosure when only some options are sold out.
            <NotifyForm
              options={soldOut}
              variant="page"
              open={stock.kind === 'out'}
              named={product.variations.length > soldOut.length}
            />
          )}
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="text-lg font-semibold text-coffee-900">
              {t('description')}
            </h2>
            <p className="mt-2 whitespace-pre-line leading-relaxed text-coffee-800">
              {productDescription(product, locale)}
            </p>
          </section>
          <p className="text-sm text-coffee-700">{t('views', { count: product.views })}</p>
        </div>
      </div>
      <Reviews productId={product.id} productName={name} storeName={storeName} data={reviews} />
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
