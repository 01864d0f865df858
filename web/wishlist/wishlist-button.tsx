'use client';

import { track } from '../analytics/events';
import { useTranslations } from '../i18n/client';
import { useAtomValue, useSetAtom } from '../shell/atoms';
import { useHydrated } from '../shell/use-hydrated';
import { pushToastAtom } from '../toast/toast-store';
import { dispatchWishlistAtom, type WishlistItem, wishlistAtom } from './wishlist-store';

/**
 * The heart on product cards and the product page: a toggle button (aria-pressed) whose name
 * stays the same whichever state it is in, as a toggle's should. The only client code it adds.
 */
export function WishlistButton({
  item,
  name,
  variant = 'card',
}: {
  item: Omit<WishlistItem, 'addedAt'>;
  /** The product's name in the page's language. */
  name: string;
  variant?: 'card' | 'page';
}) {
  const t = useTranslations('WishlistButton');
  const hydrated = useHydrated();
  const saved = useAtomValue(wishlistAtom).items.some((x) => x.productId === item.productId);
  const dispatch = useSetAtom(dispatchWishlistAtom);
  const toast = useSetAtom(pushToastAtom);
  const pressed = hydrated && saved;

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t('label', { name })}
      onClick={() => {
        dispatch({ type: 'toggle', item: { ...item, addedAt: Date.now() } });
        toast({ type: 'info', message: pressed ? t('removed', { name }) : t('added', { name }) });
        if (!pressed) track('add_to_wishlist', { item_id: item.productId, item_name: item.name });
      }}
      className={
        variant === 'card'
          ? 'flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-coffee-800 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-coffee-700'
          : 'flex h-12 items-center justify-center gap-2 rounded-lg border border-coffee-300 px-4 font-medium text-coffee-900 hover:bg-coffee-100 focus-visible:outline-2 focus-visible:outline-coffee-700'
      }
    >
      <svg viewBox="0 0 24 24" className={`h-5 w-5 ${pressed ? 'text-red-700' : ''}`} aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {variant === 'page' && <span aria-hidden="true">{pressed ? t('saved') : t('save')}</span>}
    </button>
  );
}
