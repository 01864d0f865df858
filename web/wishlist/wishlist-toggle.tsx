'use client';

import type { ReactNode } from 'react';
import { track } from '@/analytics/events';
import { useTranslations } from '@/i18n/client';
import { useAtomValue, useSetAtom } from '@/shell/atoms';
import { useHydrated } from '@/shell/use-hydrated';
import { pushToastAtom } from '@/toast/toast-store';
import { dispatchWishlistAtom, type WishlistItem, wishlistAtom } from './wishlist-store';

/**
 * The heart's only client code: `aria-pressed` from the stored wishlist, the toggle, its toast
 * and its analytics event. What it looks like (the heart, filled by CSS when pressed, and the
 * page's "Save"/"Saved") is the server's markup passed in as children (`wishlist-button.tsx`), so
 * it is not in the page's script (the 150 KB per route budget). Pressed only after hydration:
 * the server and the first render know no wishlist.
 */
export function WishlistToggle({
  item,
  name,
  className,
  children,
}: {
  item: Omit<WishlistItem, 'addedAt'>;
  /** The product's name in the page's language. */
  name: string;
  className: string;
  children: ReactNode;
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
      className={className}
    >
      {children}
    </button>
  );
}
