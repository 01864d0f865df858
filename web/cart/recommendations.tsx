'use client';

import type { Product } from '@qahwa/schema/catalogue';
import { formatAed, type Locale } from '@qahwa/schema/money';
import { useEffect, useState } from 'react';
import { cardPrice, productName } from '@/catalogue/display';
import { PriceView } from '@/catalogue/price-view';
import { ProductImage } from '@/catalogue/product-image';
import { useLocale, useTranslations } from '@/i18n/client';
import { api } from '@/lib/browser-api';

/** SPEC 9: the suggestions block shows 4 products. */
const SUGGESTIONS = 4;

/**
 * SPEC 2.5 'You might also like': up to 4 products linking to /product/{slug}. The gateway picks
 * them (GET /api/recommendations): the UPSELL, CROSS_SELL and DOWNSELL targets of what is in the
 * cart first, featured products at random for the rest, never what is already in the cart.
 * Asked again when the cart's products change; nothing is shown while loading or on a failure
 * (a suggestion is never worth an error in the cart).
 */
export function CartRecommendations({
  productIds,
  onNavigate,
}: {
  productIds: readonly string[];
  onNavigate?: () => void;
}) {
  const t = useTranslations('Recommendations');
  const tp = useTranslations('Price');
  const locale = useLocale() as Locale;
  const [products, setProducts] = useState<Product[]>([]);
  const key = [...new Set(productIds)].sort().join(',');

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ limit: String(SUGGESTIONS) });
    if (key) query.set('productIds', key);
    void api(`/api/recommendations?${query}`, { signal: controller.signal }).then((answer) => {
      if (controller.signal.aborted) return;
      const list = answer.ok ? answer.body : [];
      setProducts(Array.isArray(list) ? (list as Product[]).slice(0, SUGGESTIONS) : []);
    });
    return () => controller.abort();
  }, [key]);

  if (products.length === 0) return null;
  return (
    <section aria-labelledby="cart-recommendations-title" className="border-t border-coffee-100 px-4 py-3">
      <h3 id="cart-recommendations-title" className="mb-2 text-sm font-semibold text-coffee-900">
        {t('title')}
      </h3>
      <ul className="grid grid-cols-4 gap-2">
        {products.map((p) => {
          const name = productName(p, locale);
          const price = cardPrice(p);
          return (
            <li key={p.id}>
              <a
                href={`/product/${p.slug}`}
                onClick={onNavigate}
                className="block rounded-md text-center hover:bg-coffee-50 focus-visible:outline-2 focus-visible:outline-coffee-700"
              >
                <ProductImage
                  src={p.imageUrl}
                  alt={name}
                  width={72}
                  height={72}
                  className="mx-auto h-16 w-16 rounded-md"
                />
                <span className="mt-1 line-clamp-2 text-xs text-coffee-900">{name}</span>
                {/* The price its card shows: the sale's or a promotion's, the list price struck through. */}
                <PriceView
                  price={price}
                  size="xs"
                  locale={locale}
                  className="justify-center"
                  from={(now) => t('from', { price: now })}
                  now={(now) => tp('now', { price: now })}
                  was={(original) => tp('was', { price: formatAed(original, locale) })}
                />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
