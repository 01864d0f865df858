import type { Product } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { WishlistButton } from '@/wishlist/wishlist-button';
import { wishlistEntryOf } from '@/wishlist/wishlist-entry';
import { cardPrice, categoryName, productName, stockLeft } from './display';
import { Price } from './price';
import { StarIcon } from './product/star-icon';
import { ProductImage } from './product-image';
import { SelectOptionsButton } from './select-options-button';

/** A card's drawn width: half the phone, a third of a tablet, a quarter of the 72rem page. */
const CARD_SIZES = '(min-width: 1024px) 270px, (min-width: 768px) 33vw, 50vw';

/** A server-rendered card; only the options button is a client island. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const t = useTranslations('ProductCard');
  const locale = useLocale();
  const name = productName(product, locale);
  const inStock = stockLeft(product) > 0;
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-coffee-100 bg-white shadow-sm">
      <div className="relative">
        {/* biome-ignore lint/a11y/useAnchorContent: the picture repeats the named link below it, hidden from readers and the tab order on purpose */}
        <a href={`/product/${product.slug}`} className="group block" tabIndex={-1} aria-hidden="true">
          <ProductImage
            src={product.imageUrl ?? product.images[0]?.url ?? null}
            alt={name}
            width={400}
            height={400}
            sizes={CARD_SIZES}
            eager={eager}
            className="aspect-square w-full transition-transform duration-300 group-hover:scale-[1.02]"
          />
        </a>
        <div className="absolute end-2 top-2">
          <WishlistButton item={wishlistEntryOf(product)} name={name} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs text-coffee-600">{categoryName(product, locale)}</p>
        <h3 className="text-sm font-semibold leading-snug text-coffee-900 sm:text-base">
          <a href={`/product/${product.slug}`} className="hover:underline">
            {name}
          </a>
        </h3>
        {product.reviewCount ? (
          <p className="flex items-center gap-1 text-xs text-coffee-700">
            <StarIcon filled className="h-3.5 w-3.5" />
            {t('rating', { rating: (product.rating ?? 0).toFixed(1), count: product.reviewCount })}
          </p>
        ) : null}
        <Price price={cardPrice(product)} />
        {!inStock && <p className="text-xs font-medium text-red-700">{t('outOfStock')}</p>}
        <div className="mt-auto pt-2">
          <SelectOptionsButton productId={product.id} productName={name} />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: Product[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
