'use client';

import type { CartItem } from '@qahwa/schema';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { dispatchCartAtom } from '@/cart/cart-store';
import { endAttempt } from '@/checkout/attempt-key';
import { renewCheckoutKey } from '@/checkout/checkout-key';
import { appliedCouponAtom, orderCouponRefusal, useActivePromotions } from '@/checkout/coupon-state';
import type { buildCodOrder } from '@/checkout/order-request';
import { useLocale, useTranslations } from '@/i18n/client';
import { markCartReported } from '@/leads/lead-reports';
import { useShopperSettings } from '@/settings/shopper-settings';
import { useSetAtom } from '@/shell/atoms';

export type Claim = ReturnType<typeof buildCodOrder>;

/**
 * What every payment flow shares: one attempt at a time, the red box's text, the way to the
 * confirmation once the order exists, and the coupon the server refused.
 */
export function useAttempt({
  items,
  claim,
  onPlaced,
  initialError,
}: {
  items: readonly CartItem[];
  claim: Claim;
  onPlaced: () => void;
  initialError: string | null | undefined;
}) {
  const locale = useLocale() as 'en' | 'ar';
  const tc = useTranslations('CouponBox');
  const { sale } = useShopperSettings();
  const listed = useActivePromotions();
  const router = useRouter();
  const dispatch = useSetAtom(dispatchCartAtom);
  const setCoupon = useSetAtom(appliedCouponAtom);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);
  // A ref, not state: two clicks in the same frame both see `processing` still false.
  const busy = useRef(false);

  function start() {
    if (busy.current) return false;
    busy.current = true;
    setProcessing(true);
    setError(null);
    return true;
  }
  /** The attempt is over without an error to show (the shopper has a choice to make). */
  function release() {
    busy.current = false;
    setProcessing(false);
  }
  function stop(text: string) {
    setError(text);
    release();
  }

  function done(trackingToken: string | null) {
    endAttempt();
    // The cart is ordered and emptied: the next one is another checkout.
    renewCheckoutKey();
    // The confirmation loads the order through its signed token (docs/order-tracking.md); nothing
    // else goes in its address, so nothing there can be altered into what it shows.
    const params = new URLSearchParams(trackingToken ? { t: trackingToken } : {});
    // The order converts its lead on the server (OrderPlaced); the browser only stops this cart
    // from being reported abandoned.
    markCartReported();
    onPlaced();
    router.replace(`/checkout/confirmation?${params}`);
    dispatch({ type: 'clear' });
  }

  /**
   * The money is taken: from here this tab shows what comes of it even if another tab's order
   * empties the shared cart meanwhile (docs/payments.md "One checkout, one payment").
   */
  function keep() {
    onPlaced();
  }

  /**
   * The server refused the coupon (COUPON_REFUSED): it is dropped and the shopper told why in the
   * coupon box's words — the server says only "not usable", and a publicly listed code's missed
   * condition is named here (`couponRefusalMessage`) — and that the order can go on without it.
   */
  function couponRefused(serverText: string | null) {
    const code = claim.appliedCoupon?.code ?? '';
    setCoupon(null);
    const why = orderCouponRefusal({ serverText, code, items, listed, sale, locale });
    stop(`${why} ${tc('removedAfterRefusal')}`);
  }

  return { processing, error, setError, start, release, stop, done, keep, couponRefused };
}

export type Attempt = ReturnType<typeof useAttempt>;
