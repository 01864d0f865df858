'use client';

import { formatAed } from '@qahwa/schema/money';
import { useEffect } from 'react';
import { commerceOf, highValueTier, track } from '@/analytics/events';
import { cartItemsAtom } from '@/cart/cart-store';
import { optionsTargetAtom } from '@/catalogue/options-store';
import { ProductImage } from '@/catalogue/product-image';
import { useLocale, useTranslations } from '@/i18n/client';
import { useAtom, useAtomValue, useSetAtom } from '@/shell/atoms';
import { useHydrated } from '@/shell/use-hydrated';
import { dispatchWishlistAtom, movingToCartAtom, wishlistAtom } from './wishlist-store';

/**
 * The wishlist page's list. "Move to cart" opens the options modal on the product (its weight,
 * beans and additions must be chosen; the modal preselects the first of each, so for most
 * shoppers it is one more tap on Add to Cart); once the product's line lands in the cart the
 * entry leaves the wishlist. Closing the modal without adding keeps it.
 */
export function WishlistView() {
  const t = useTranslations('WishlistPage');
  const locale = useLocale();
  const hydrated = useHydrated();
  const { items } = useAtomValue(wishlistAtom);
  const dispatch = useSetAtom(dispatchWishlistAtom);
  const cart = useAtomValue(cartItemsAtom);
  const [target, setTarget] = useAtom(optionsTargetAtom);
  const [moving, setMoving] = useAtom(movingToCartAtom);

  const quantityOf = (productId: string) =>
    cart.filter((x) => x.productId === productId).reduce((n, x) => n + x.quantity, 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the cart and the modal only.
  useEffect(() => {
    if (!moving) return;
    if (quantityOf(moving.productId) > moving.quantityBefore) {
      dispatch({ type: 'remove', productId: moving.productId });
      setMoving(null);
      const { value, currency } = commerceOf(cart);
      track('cart', { action: 'add_from_wishlist', value, currency, high_value_tier: highValueTier(value) });
    } else if (target === null) {
      setMoving(null);
    }
  }, [cart, target]);

  if (!hydrated) return <p className="text-coffee-700">{t('loading')}</p>;
  if (items.length === 0) {
    return (
      <div className="rounded-xl bg-white p-8 text-center shadow-sm">
        <p className="mb-4 text-coffee-700">{t('empty')}</p>
        <a
          href="/shop"
          className="inline-block rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white hover:bg-coffee-900"
        >
          {t('continueShopping')}
        </a>
      </div>
    );
  }

  return (
    <ul aria-label={t('title')} className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => {
        const name = locale === 'ar' && item.nameAr ? item.nameAr : item.name;
        return (
          <li key={item.productId} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm">
            {/* biome-ignore lint/a11y/useAnchorContent: the picture repeats the named link beside it, hidden from readers and the tab order on purpose */}
            <a href={`/product/${item.slug}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
              <ProductImage
                src={item.image}
                alt={name}
                width={96}
                height={96}
                className="h-24 w-24 rounded-lg"
              />
            </a>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h2 className="font-semibold text-coffee-900">
                <a href={`/product/${item.slug}`} className="hover:underline">
                  {name}
                </a>
              </h2>
              <p className="text-sm text-coffee-800">{formatAed(item.priceFils, locale)}</p>
              <div className="mt-auto flex flex-wrap items-center gap-3 pt-1">
                <button
                  type="button"
                  aria-label={t('moveToCartFor', { name })}
                  aria-haspopup="dialog"
                  onClick={() => {
                    setMoving({ productId: item.productId, quantityBefore: quantityOf(item.productId) });
                    setTarget(item.productId);
                  }}
                  className="rounded-lg bg-coffee-800 px-3 py-2 text-sm font-semibold text-white hover:bg-coffee-900"
                >
                  {t('moveToCart')}
                </button>
                <button
                  type="button"
                  aria-label={t('removeFor', { name })}
                  onClick={() => dispatch({ type: 'remove', productId: item.productId })}
                  className="text-sm text-coffee-700 underline-offset-2 hover:text-red-700 hover:underline"
                >
                  {t('remove')}
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
