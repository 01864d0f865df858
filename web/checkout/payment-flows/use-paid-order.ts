'use client';

import { localize, PAYMENT_MESSAGES } from '@qahwa/schema';
import { useRef, useState } from 'react';
import { attemptKey } from '@/checkout/attempt-key';
import { orderIntent } from '@/checkout/order-request';
import { submitOrder } from '@/checkout/submit-order';
import { useLocale, useTranslations } from '@/i18n/client';
import { cardOrderRequest } from '@/payments/card-order';
import type { Attempt, Claim } from './use-attempt';

/** The cart was already paid for and is this order: the server's words, and the order. */
export interface AlreadyOrdered {
  text: string;
  orderId: string;
  /** That order's signed token, for the link to its confirmation (the lookup by number without one). */
  trackingToken?: string | null;
}

/**
 * After Stripe took the money (card or wallet): SPEC 4, on confirmation success (status
 * succeeded) the order is created with the intent's id. A retry skips straight to the order.
 * A second payment of a cart already ordered (another tab paid first) was given back:
 * `onAlreadyOrdered` shows which order the cart is (docs/payments.md "One checkout, one payment").
 */
export function usePaidOrder(
  attempt: Attempt,
  claim: Claim,
  onAlreadyOrdered: (found: AlreadyOrdered) => void,
) {
  const t = useTranslations('PaymentStep');
  const locale = useLocale() as 'en' | 'ar';
  // The intent Stripe already took the money for: a retry skips straight to the order.
  const paid = useRef<string | null>(null);
  const [paidNote, setPaidNote] = useState(false);

  async function placePaid(paymentIntentId: string) {
    paid.current = paymentIntentId;
    attempt.keep();
    const order = cardOrderRequest(claim, paymentIntentId);
    const result = await submitOrder(order, attemptKey(orderIntent(order)));
    if (result.ok) return attempt.done(result.trackingToken);
    if (result.reason === 'server' && result.orderId && result.message) {
      attempt.release();
      return onAlreadyOrdered({
        text: result.message,
        orderId: result.orderId,
        trackingToken: result.trackingToken ?? null,
      });
    }
    // The money is taken; the gateway's webhook makes the order even if this never succeeds.
    setPaidNote(true);
    attempt.stop(
      result.reason === 'network'
        ? t('networkError')
        : (result.message ?? localize(PAYMENT_MESSAGES['order.createFailed'], locale)),
    );
  }

  return { paid, paidNote, placePaid };
}

export type PaidOrder = ReturnType<typeof usePaidOrder>;
