'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { useEffect, useRef, useState } from 'react';
import { dispatchCartAtom } from '@/cart/cart-store';
import { useTranslations } from '@/i18n/client';
import { useSetAtom } from '@/shell/atoms';

/**
 * Puts the restored lines in the cart once (replacing what the device held: the link is the
 * cart the shopper left) and says what changed since: lines no longer sold, lines cut to stock.
 */
export function RestoreCart({
  items,
  missing,
  reduced,
}: {
  items: CartItem[];
  missing: number;
  reduced: number;
}) {
  const t = useTranslations('CartRestore');
  const dispatch = useSetAtom(dispatchCartAtom);
  const done = useRef(false);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (items.length === 0) return;
    dispatch({ type: 'clear' });
    for (const item of items) dispatch({ type: 'add', item });
    setRestored(true);
  }, [items, dispatch]);

  if (items.length === 0) {
    return (
      <div className="mt-4 space-y-4">
        <p role="status" className="rounded-lg bg-white p-4 text-coffee-800 shadow-sm">
          {t('nothingLeft')}
        </p>
        <a
          href="/shop"
          className="inline-block rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white"
        >
          {t('shop')}
        </a>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-4">
      <p role="status" aria-live="polite" className="rounded-lg bg-white p-4 text-coffee-800 shadow-sm">
        {restored ? t('restored', { count: items.length }) : t('restoring')}
      </p>
      {missing > 0 && <p className="text-sm text-coffee-700">{t('missing', { count: missing })}</p>}
      {reduced > 0 && <p className="text-sm text-coffee-700">{t('reduced', { count: reduced })}</p>}
      <p className="text-sm text-coffee-600">{t('todayPrices')}</p>
      <div className="flex flex-wrap gap-3">
        <a
          href="/checkout"
          className="rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white hover:bg-coffee-900"
        >
          {t('checkout')}
        </a>
        <a
          href="/shop"
          className="rounded-lg border border-coffee-300 px-4 py-2.5 font-semibold text-coffee-800"
        >
          {t('shop')}
        </a>
      </div>
    </div>
  );
}
