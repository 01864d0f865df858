'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { cartOpenAtom } from '@/cart/cart-store';
import { optionsTargetAtom } from '@/catalogue/options-store';
import { OPTIONS_FOR_ATTRIBUTE } from '@/catalogue/options-trigger';
import { useAtomValue, useSetAtom } from './atoms';

/**
 * The cart panel and the options modal (and the dialog library under them) are not part of any
 * page's first load: most visits never open them, and a cheap phone pays for every kilobyte it
 * parses (docs/performance.md). Each is fetched the first time it is asked for — the
 * cart button, an "Add to Cart", a card's "Select Options" — and stays mounted afterwards, so the
 * second opening is as instant as before. `prefetchCartPanel` lets the options modal warm the
 * cart's chunk while the shopper picks a weight, so the panel that opens 300 ms after "Add to
 * Cart" (SPEC 4) does not wait for the network.
 */
const loadCartPanel = () => import('@/cart/cart-panel');
const loadOptionsModal = () => import('@/catalogue/options-modal');
// React's lazy rather than next/dynamic (2 KB on every page): both render only after a click.
const CartPanel = lazy(() => loadCartPanel().then((m) => ({ default: m.CartPanel })));
const OptionsModal = lazy(() => loadOptionsModal().then((m) => ({ default: m.OptionsModal })));

export function prefetchCartPanel(): void {
  void loadCartPanel();
}

/** True from the first time `wanted` is true, for the life of the page. */
function useOnceWanted(wanted: boolean): boolean {
  const [once, setOnce] = useState(wanted);
  useEffect(() => {
    if (wanted) setOnce(true);
  }, [wanted]);
  return once || wanted;
}

/**
 * "Select Options" buttons are drawn by the server (`catalogue/select-options-button.tsx`): one
 * listener here opens the modal for the product a button names, instead of an island per button.
 */
function useSelectOptionsClicks() {
  const open = useSetAtom(optionsTargetAtom);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const button =
        e.target instanceof Element ? e.target.closest(`button[${OPTIONS_FOR_ATTRIBUTE}]`) : null;
      const productId = button?.getAttribute(OPTIONS_FOR_ATTRIBUTE);
      if (productId) open(productId);
    };
    // Capture phase on window, as soft links: a dialog's panel stops the click's propagation.
    window.addEventListener('click', onClick, { capture: true });
    return () => window.removeEventListener('click', onClick, { capture: true });
  }, [open]);
}

export function LazyOverlays() {
  useSelectOptionsClicks();
  const cart = useOnceWanted(useAtomValue(cartOpenAtom));
  const options = useOnceWanted(useAtomValue(optionsTargetAtom) !== null);
  return (
    <>
      {/* One boundary each: the modal loading must not hide an open cart panel. */}
      <Suspense fallback={null}>{cart && <CartPanel />}</Suspense>
      <Suspense fallback={null}>{options && <OptionsModal />}</Suspense>
    </>
  );
}
