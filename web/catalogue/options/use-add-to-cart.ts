'use client';

import { cartLineOf } from '@qahwa/schema/cart';
import type { Product } from '@qahwa/schema/catalogue';
import { CART_SIDEBAR_DELAY_MS } from '@qahwa/schema/reference';
import { useEffect } from 'react';
import { commerceOf, track } from '@/analytics/events';
import { cartOpenAtom, dispatchCartAtom, lastAddedIdAtom } from '@/cart/cart-store';
import { useSetAtom } from '@/shell/atoms';
import { pushToastAtom } from '@/toast/toast-store';

/**
 * The chosen variation into the cart (SPEC 4): the cart line, the AddToCart event, the toast, the
 * modal closed and the cart panel opened after it.
 */
export function useAddToCart(onClose: () => void): (
  product: Product,
  variation: Product['variations'][number],
  quantity: number,
  /** The toast's words for this line. */
  toast: string,
) => void {
  const dispatch = useSetAtom(dispatchCartAtom);
  const setLastAdded = useSetAtom(lastAddedIdAtom);
  const setCartOpen = useSetAtom(cartOpenAtom);
  const pushToast = useSetAtom(pushToastAtom);
  // The cart panel is loaded on its first opening (shell/lazy-overlays.tsx): warm its chunk now,
  // so the panel that opens after "Add to Cart" does not wait for the network.
  useEffect(() => {
    void import('@/cart/cart-panel');
  }, []);

  return (product, variation, quantity, toast) => {
    // The line's prices from the one builder the recovery link uses too: the checkout's summary
    // prices it as the server will (its list price is what a sale works on).
    const item = cartLineOf(product, variation, quantity);
    dispatch({ type: 'add', item });
    track('AddToCart', commerceOf([item]));
    setLastAdded(item.id);
    pushToast({ type: 'success', message: toast });
    onClose();
    // Opened after the modal has gone (SPEC 4), but only on the page the shopper added from: a tap
    // on a link in those 300 ms must not land the panel over the next page.
    const addedOn = window.location.pathname;
    setTimeout(() => {
      if (window.location.pathname === addedOn) setCartOpen(true);
    }, CART_SIDEBAR_DELAY_MS);
  };
}
