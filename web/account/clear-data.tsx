'use client';

import { CART_STORAGE_KEY } from '@qahwa/schema/reference';
import { useId, useState } from 'react';
import { dispatchCartAtom } from '@/cart/cart-store';
import { useTranslations } from '@/i18n/client';
import { useSetAtom } from '@/shell/atoms';
import { dispatchWishlistAtom, WISHLIST_STORAGE_KEY } from '@/wishlist/wishlist-store';
import { dispatchProfileAtom, PROFILE_STORAGE_KEY } from './profile-store';
import { secondary, section } from './profile-styles';

/** Everything this store keeps on the device: what "Clear my data" removes. */
const DEVICE_KEYS = [CART_STORAGE_KEY, WISHLIST_STORAGE_KEY, PROFILE_STORAGE_KEY];

/** SPEC 6 "Clear my data": the cart, the wishlist and the profile, after a confirmation. */
export function ClearData({ onCleared }: { onCleared: (message: string) => void }) {
  const t = useTranslations('ProfilePage');
  const [confirming, setConfirming] = useState(false);
  const clearCart = useSetAtom(dispatchCartAtom);
  const clearWishlist = useSetAtom(dispatchWishlistAtom);
  const clearProfile = useSetAtom(dispatchProfileAtom);
  const warningId = useId();

  function clearAll() {
    clearCart({ type: 'clear' });
    clearWishlist({ type: 'clear' });
    clearProfile({ type: 'clear' });
    try {
      for (const key of DEVICE_KEYS) window.localStorage.removeItem(key);
      window.sessionStorage.removeItem('qahwa-checkout-attempt');
    } catch {
      // Storage disabled: there was nothing stored.
    }
    setConfirming(false);
    onCleared(t('cleared'));
  }

  return (
    <section aria-labelledby="clear-title" className={section}>
      <h2 id="clear-title" className="text-lg font-semibold text-coffee-900">
        {t('clearTitle')}
      </h2>
      <p id={warningId} className="mb-4 text-sm text-coffee-700">
        {t('clearText')}
      </p>
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={clearAll}
            aria-describedby={warningId}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800"
          >
            {t('clearConfirm')}
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={secondary}>
            {t('clearCancel')}
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} className={secondary}>
          {t('clearButton')}
        </button>
      )}
    </section>
  );
}
