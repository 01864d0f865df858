import type { Product } from '@qahwa/schema/catalogue';
import { discountedUnitFils } from '@qahwa/schema/catalogue';
import type { Review } from '@qahwa/schema/contracts';
import type { Locale } from '@qahwa/schema/money';
import { productDescription, productName } from '@/catalogue/display';

/**
 * schema.org Product for search engines and link previews: one Offer per sellable variation, in
 * AED, at the price the shopper pays (the catalogue's shown price: its own discount or the sale,
 * less an automatic promotion one unit receives), with its availability.
 * Prices are the same integer-fils rule the cart and the server use, written as decimals.
 */
export function productJsonLd(
  product: Product,
  options: {
    origin: string;
    locale: Locale;
    /** The store's name (Settings → Store): the brand of what it roasts. */
    brand: string;
    reviews?: readonly Review[];
    average?: number | null;
    count?: number;
  },
): Record<string, unknown> {
  const { origin, locale } = options;
  const url = `${origin}/product/${product.slug}`;
  const absolute = (src: string) =>
    /^https?:\/\//.test(src) ? src : `${origin}${src.startsWith('/') ? '' : '/'}${src}`;
  const pictures = [product.imageUrl, ...product.images.map((i) => i.url)].filter((s): s is string => !!s);
  const offers = product.variations
    .filter((v) => v.isActive && v.size.isActive)
    .map((v) => ({
      '@type': 'Offer',
      ...(v.sku ? { sku: v.sku } : {}),
      name: [v.size.displayName, v.type?.name, v.beans?.name].filter(Boolean).join(', '),
      price: ((v.shownPriceFils ?? discountedUnitFils(v.price, v.discount, v.discountType)) / 100).toFixed(2),
      priceCurrency: 'AED',
      availability: v.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      url,
      ...(v.imageUrl ? { image: absolute(v.imageUrl) } : {}),
    }));
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productName(product, locale),
    description: productDescription(product, locale),
    ...(product.sku ? { sku: product.sku } : {}),
    url,
    image: [...new Set(pictures)].map(absolute),
    category: locale === 'ar' ? product.category.nameAr : product.category.name,
    brand: { '@type': 'Brand', name: options.brand },
    offers:
      offers.length > 0
        ? {
            '@type': 'AggregateOffer',
            priceCurrency: 'AED',
            lowPrice: minMax(offers, Math.min),
            highPrice: minMax(offers, Math.max),
            offerCount: offers.length,
            offers,
          }
        : undefined,
  };
  const count = options.count ?? product.reviewCount ?? 0;
  const average = options.average ?? product.rating ?? null;
  if (count > 0 && average !== null) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: average.toFixed(1),
      reviewCount: count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (options.reviews?.length) {
    ld.review = options.reviews.slice(0, 10).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.createdAt.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.body,
    }));
  }
  return ld;
}

function minMax(offers: { price: string }[], pick: (...n: number[]) => number): string {
  return pick(...offers.map((o) => Number(o.price))).toFixed(2);
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` escaped so a product text containing
 * `</script>` cannot end the element early (the data is staff-written, but still data).
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
