'use client';

import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { CartItem } from '@qahwa/schema/cart';
import { formatAed } from '@qahwa/schema/money';
import type { CartLineAmount } from '@qahwa/schema/promotions';
import { CART_VERSION } from '@qahwa/schema/reference';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { commerceOf, highValueTier, track } from '@/analytics/events';
import { ProductImage } from '@/catalogue/product-image';
import { useLocale, useTranslations } from '@/i18n/client';
import { TabbyPromo } from '@/payments/tabby-promo';
import { useAtom, useAtomValue, useSetAtom } from '@/shell/atoms';
import { DialogHeader } from '@/shell/dialog-header';
import { cartItemsAtom, cartOpenAtom, cartReducer, dispatchCartAtom, lastAddedIdAtom } from './cart-store';
import { LinePrice } from './line-price';
import { useCartPrices } from './line-prices';
import { CartRecommendations } from './recommendations';
import { variationText } from './variation-text';

/**
 * SPEC 2.5: a side panel on large screens, sliding in from the end side (the left in Arabic),
 * and a bottom sheet on small ones that shows only the last added line plus "+N more items".
 */
export function CartPanel() {
  const t = useTranslations('CartPanel');
  const tp = useTranslations('Price');
  const locale = useLocale();
  const [open, setOpen] = useAtom(cartOpenAtom);
  const items = useAtomValue(cartItemsAtom);
  const lastAddedId = useAtomValue(lastAddedIdAtom);
  // What the order will charge for the goods (the sale, automatic promotions, the applied code).
  const prices = useCartPrices(items);
  const close = () => setOpen(false);
  // The panel never outlives a navigation (Order Now, a product link): the next page is not covered.
  // Only a change of page closes it: the panel is mounted lazily, on its first opening, and that
  // first render must not close what the shopper just opened.
  const pathname = usePathname();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    setOpen(false);
  }, [pathname, setOpen]);

  // Analytics (SPEC 1): the cart was looked at, with its value then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening, not on every change while open.
  useEffect(() => {
    if (open) trackCart('open', items);
  }, [open]);

  const featured = items.find((x) => x.id === lastAddedId) ?? items[items.length - 1];
  const more = items.length - 1;

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-coffee-950/40 transition-opacity duration-300 data-closed:opacity-0"
      />
      <DialogPanel
        transition
        className="fixed inset-x-0 bottom-0 flex max-h-[85dvh] flex-col rounded-t-2xl bg-white shadow-2xl transition duration-300 ease-out data-closed:translate-y-full lg:inset-x-auto lg:top-0 lg:end-0 lg:h-dvh lg:max-h-none lg:w-full lg:max-w-md lg:rounded-none lg:data-closed:translate-y-0 lg:data-closed:translate-x-full lg:rtl:data-closed:-translate-x-full"
      >
        <DialogHeader title={t('title')} closeLabel={t('close')} onClose={close} />

        {items.length === 0 || !featured ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
            <p className="text-coffee-700">{t('empty')}</p>
            <button
              type="button"
              onClick={close}
              className="rounded-lg border border-coffee-300 px-4 py-2 text-coffee-900 hover:bg-coffee-50"
            >
              {t('continueShopping')}
            </button>
          </div>
        ) : (
          <>
            {/* Bottom sheet (small screens): the last added line only. */}
            <div className="overflow-y-auto px-4 py-3 lg:hidden">
              <CartLine item={featured} amount={prices.lines.get(featured.id)} />
              {more > 0 && <p className="mt-2 text-sm text-coffee-600">{t('moreItems', { count: more })}</p>}
            </div>
            {/* Side panel (large screens): every line. */}
            <ul
              aria-label={t('items')}
              className="hidden min-h-0 flex-1 divide-y divide-coffee-100 overflow-y-auto px-4 lg:block"
            >
              {items.map((item) => (
                <li key={item.id} className="py-3">
                  <CartLine item={item} amount={prices.lines.get(item.id)} />
                </li>
              ))}
            </ul>
            <CartRecommendations productIds={items.map((i) => i.productId)} onNavigate={close} />
            <div className="space-y-3 border-t border-coffee-100 p-4 lg:mt-auto">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium text-coffee-900">{t('total')}</span>
                <span className="flex flex-wrap items-baseline justify-end gap-x-2">
                  {prices.wasFils !== null && (
                    <>
                      <span className="sr-only">
                        {tp('was', { price: formatAed(prices.wasFils, locale) })}
                      </span>
                      <s aria-hidden="true" className="whitespace-nowrap text-sm text-coffee-600">
                        {formatAed(prices.wasFils, locale)}
                      </s>
                    </>
                  )}
                  <span
                    className="whitespace-nowrap text-lg font-semibold text-coffee-900"
                    data-testid="cart-total"
                  >
                    {formatAed(prices.totalFils, locale)}
                  </span>
                </span>
              </div>
              <p className="text-xs text-coffee-600">
                {t('shippingNote')}{' '}
                <a href="/cart" onClick={close} className="font-medium text-coffee-800 underline">
                  {t('viewCart')}
                </a>
              </p>
              {/* SPEC 2.7: Tabby's widget for the cart's total (1 to 5000 AED only; loaded lazily). */}
              <TabbyPromo priceFils={prices.totalFils} source="cart" />
              <div className="grid grid-cols-2 gap-2">
                <button
                  type="button"
                  onClick={close}
                  className="rounded-lg border border-coffee-300 px-3 py-2.5 text-sm font-medium text-coffee-900 hover:bg-coffee-50"
                >
                  {t('continueShopping')}
                </button>
                <a
                  href="/checkout"
                  onClick={close}
                  className="rounded-lg bg-coffee-800 px-3 py-2.5 text-center text-sm font-semibold text-white hover:bg-coffee-900"
                >
                  {t('orderNow')}
                </a>
              </div>
            </div>
          </>
        )}
      </DialogPanel>
    </Dialog>
  );
}

function trackCart(action: 'open' | 'increase' | 'decrease' | 'remove', items: readonly CartItem[]) {
  const { value, currency } = commerceOf(items);
  track('cart', { action, value, currency, high_value_tier: highValueTier(value) });
}

/**
 * One line of the cart with its − / + / remove, as the panel and the cart page draw it. `amount`
 * is the line at what the order charges (`useCartPrices`), its list price struck when higher;
 * without it, the line's units at the cart's own price.
 */
export function CartLine({ item, amount }: { item: CartItem; amount?: CartLineAmount | undefined }) {
  const t = useTranslations('CartPanel');
  const locale = useLocale();
  const dispatchCart = useSetAtom(dispatchCartAtom);
  const items = useAtomValue(cartItemsAtom);
  const dispatch = (action: { type: 'increment' | 'decrement' | 'remove'; id: string }) => {
    dispatchCart(action);
    const next = cartReducer({ version: CART_VERSION, items }, action).items;
    trackCart(
      action.type === 'increment' ? 'increase' : action.type === 'decrement' ? 'decrease' : 'remove',
      next,
    );
  };
  const name = locale === 'ar' && item.nameAr ? item.nameAr : item.name;
  const stepButton =
    'flex h-8 w-8 items-center justify-center rounded-md border border-coffee-200 text-coffee-800 hover:bg-coffee-50';
  return (
    <div className="flex gap-3">
      <ProductImage
        src={item.image}
        alt={name}
        width={64}
        height={64}
        className="h-16 w-16 shrink-0 rounded-md"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-coffee-900">{name}</p>
        <p className="text-xs text-coffee-600" dir="auto">
          {variationText(item, locale)}
        </p>
        <LinePrice item={item} amount={amount} />
        <div className="mt-2 flex items-center gap-2">
          <button
            type="button"
            onClick={() => dispatch({ type: 'decrement', id: item.id })}
            aria-label={t('decrease', { name })}
            className={stepButton}
          >
            −
          </button>
          <span className="min-w-6 text-center text-sm tabular-nums" aria-live="polite">
            <span className="sr-only">{t('quantity', { qty: item.quantity })}</span>
            <span aria-hidden="true">{item.quantity}</span>
          </span>
          <button
            type="button"
            onClick={() => dispatch({ type: 'increment', id: item.id })}
            aria-label={t('increase', { name })}
            className={stepButton}
          >
            +
          </button>
          <button
            type="button"
            onClick={() => dispatch({ type: 'remove', id: item.id })}
            aria-label={t('remove', { name })}
            className="ms-auto text-sm text-coffee-600 underline-offset-2 hover:text-red-700 hover:underline"
          >
            {t('removeShort')}
          </button>
        </div>
      </div>
    </div>
  );
}
