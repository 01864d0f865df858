'use client';

import { cartItemCount } from '@qahwa/schema/cart';
import { useId } from 'react';
import { useTranslations } from '@/i18n/client';
import { useAtomValue, useSetAtom } from '@/shell/atoms';
import { useHydrated } from '@/shell/use-hydrated';
import { cartItemsAtom, cartOpenAtom } from './cart-store';

/** Header cart button. The count exists only in the browser, so it renders after mount (no hydration mismatch). */
export function CartButton() {
  const t = useTranslations('CartButton');
  const items = useAtomValue(cartItemsAtom);
  const open = useSetAtom(cartOpenAtom);
  const hydrated = useHydrated();
  const countId = useId();
  const count = hydrated ? cartItemCount(items) : 0;

  return (
    <button
      type="button"
      onClick={() => open(true)}
      aria-label={t('label')}
      aria-describedby={countId}
      aria-haspopup="dialog"
      className="relative flex h-10 w-10 items-center justify-center rounded-full text-coffee-900 hover:bg-coffee-100"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" aria-hidden="true">
        <path
          d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.3" fill="currentColor" />
        <circle cx="17" cy="20" r="1.3" fill="currentColor" />
      </svg>
      <span id={countId} className="sr-only">
        {t('count', { count })}
      </span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-600 px-1 text-xs font-semibold text-white"
        >
          {count}
        </span>
      )}
    </button>
  );
}
