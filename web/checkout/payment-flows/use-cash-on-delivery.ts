'use client';

import { type Fils, type PaymentMethod, toAed } from '@qahwa/schema';
import { useState } from 'react';
import { attemptKey } from '@/checkout/attempt-key';
import { withCheckoutKey } from '@/checkout/checkout-key';
import { orderIntent } from '@/checkout/order-request';
import type { Quote } from '@/checkout/shipping-quote';
import { submitOrder } from '@/checkout/submit-order';
import { useTranslations } from '@/i18n/client';
import type { Attempt, Claim } from './use-attempt';

/** SPEC 4 cash on delivery: the order straight away, or the server's new total to confirm. */
export function useCashOnDelivery(
  attempt: Attempt,
  claim: Claim,
  quote: Quote | null,
  method: PaymentMethod,
) {
  const t = useTranslations('PaymentStep');
  // Cash on delivery refused with PRICE_CHANGED: the server's total and its words, for this very
  // order as the summary showed it (`claimKey`). The next click claims that total; any change to
  // the cart, the details or the summary's total drops it (the server is asked afresh).
  const [priceChange, setPriceChange] = useState<{ fils: Fils; text: string; for: string } | null>(null);
  const claimKey = `${orderIntent(claim)}|${claim.totalAmount}`;
  const newTotalFils = method === 'cod' && priceChange?.for === claimKey ? priceChange.fils : null;

  async function placeCod() {
    if (quote === null || !attempt.start()) return;
    // Confirming a new total claims it; the key stays the attempt's (amounts are not in it, so
    // the gateway joins the same checkout instead of refusing the key as reused).
    const order = newTotalFils === null ? claim : { ...claim, totalAmount: toAed(newTotalFils) };
    const result = await submitOrder(withCheckoutKey(order), attemptKey(orderIntent(claim)));
    if (result.ok) return attempt.done(result.trackingToken);
    setPriceChange(null);
    // A price or an offer changed: nothing was ordered; show the server's total for one more click.
    if (result.reason === 'server' && result.code === 'PRICE_CHANGED' && result.totalFils !== undefined) {
      setPriceChange({ fils: result.totalFils, text: result.message ?? '', for: claimKey });
      attempt.release();
      return;
    }
    // The coupon no longer holds (its last use went to someone else): drop it and say so; the
    // summary now shows the full total and the same button places the order without it.
    if (result.reason === 'server' && result.code === 'COUPON_REFUSED')
      return attempt.couponRefused(result.message);
    attempt.stop(result.reason === 'network' ? t('networkError') : (result.message ?? t('codFailed')));
  }

  return { placeCod, newTotalFils, priceChange };
}
