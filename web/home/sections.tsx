import type { CategorySummary } from '@qahwa/schema/contracts';
import type { Promotion } from '@qahwa/schema/promotions';
import { useLocale, useTranslations } from 'next-intl';
import { productName, variationLabel, variationPrice } from '@/catalogue/display';
import { Price } from '@/catalogue/price';
import { ProductImage } from '@/catalogue/product-image';
import type { DiscountedVariation } from './discounts';

/** Shop by category: a tile per category that has products, with its picture and count. */
export function CategoryTiles({ categories }: { categories: CategorySummary[] }) {
  const t = useTranslations('Home');
  const locale = useLocale();
  const shown = categories.filter((c) => c.productCount > 0);
  if (shown.length === 0) return <p className="text-coffee-700">{t('noData')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {shown.map((c) => {
        const name = locale === 'ar' ? c.nameAr : c.name;
        return (
          <li key={c.slug}>
            <a
              href={`/shop/${c.slug}`}
              className="group flex h-full flex-col overflow-hidden rounded-xl border border-coffee-100 bg-white shadow-sm hover:border-coffee-300"
            >
              <ProductImage
                src={c.imageUrl}
                alt=""
                width={240}
                height={240}
                sizes="(min-width: 1024px) 180px, (min-width: 640px) 33vw, 50vw"
                className="aspect-square w-full transition-transform duration-300 group-hover:scale-[1.03]"
              />
              <span className="flex flex-1 flex-col p-3">
                <span className="font-semibold text-coffee-900">{name}</span>
                <span className="text-xs text-coffee-700">
                  {t('productCount', { count: c.productCount })}
                </span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Discounted variations: the option's own picture, its weight and extras, its price and what it was. */
export function DiscountedList({ items }: { items: DiscountedVariation[] }) {
  const t = useTranslations('Home');
  const locale = useLocale();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
      {items.map(({ product, variation }, i) => {
        const name = productName(product, locale);
        const price = variationPrice(variation);
        const percent = price.originalFils ? Math.round((1 - price.fils / price.originalFils) * 100) : 0;
        return (
          <li key={variation.id} className="flex">
            <a
              href={`/product/${product.slug}`}
              className="relative flex w-full flex-col overflow-hidden rounded-xl border border-coffee-100 bg-white shadow-sm hover:border-coffee-300"
            >
              {percent > 0 && (
                <span className="absolute start-2 top-2 z-10 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                  {t('percentOff', { percent })}
                </span>
              )}
              <ProductImage
                src={variation.imageUrl ?? product.imageUrl}
                alt={name}
                width={400}
                height={400}
                sizes="(min-width: 768px) 25vw, 50vw"
                className="aspect-square w-full"
                // The first row shows on a phone without scrolling (under the slider): its pictures
                // are the page's largest paint, and a lazy one waited for layout (Lighthouse, ~0.9 s).
                eager={i < 2}
              />
              <div className="flex flex-1 flex-col gap-1 p-3">
                <span className="text-sm font-semibold text-coffee-900 sm:text-base">{name}</span>
                <span className="text-xs text-coffee-700">{variationLabel(variation, locale)}</span>
                <Price price={price} />
              </div>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Promotions in force: name and description in the shopper's language, and the code to type, if any. */
export function PromotionStrip({ promotions }: { promotions: Promotion[] }) {
  const t = useTranslations('Home');
  const locale = useLocale();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {promotions.map((p) => (
        <li key={p.id} className="flex flex-col gap-1 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <p className="font-semibold text-coffee-900">{locale === 'ar' ? p.nameAr || p.name : p.name}</p>
          {(locale === 'ar' ? p.descriptionAr || p.description : p.description) ? (
            <p className="text-sm text-coffee-800">
              {locale === 'ar' ? p.descriptionAr || p.description : p.description}
            </p>
          ) : null}
          {p.code ? (
            <p className="mt-1 text-sm text-coffee-800">
              {t('useCode')}{' '}
              <code
                dir="ltr"
                className="rounded bg-white px-1.5 py-0.5 font-mono font-semibold text-coffee-950"
              >
                {p.code}
              </code>
            </p>
          ) : (
            <p className="mt-1 text-sm text-coffee-800">{t('automatic')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
