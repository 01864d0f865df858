'use client';

import { type CustomerInfo, localize, PAYMENT_MESSAGES, type ShippingInfo } from '@qahwa/schema';
import { useElements, useStripe } from '@stripe/react-stripe-js';
import { useLocale } from '@/i18n/client';
import { billingDetails } from '@/payments/billing';
import type { Attempt } from './use-attempt';
import type { PaidOrder } from './use-paid-order';

/** SPEC 4 card flow: the card confirmed against the intent's client secret, then the order. */
export function useCardPayment(
  attempt: Attempt,
  paidOrder: PaidOrder,
  clientSecret: string | null,
  customerInfo: CustomerInfo,
  shippingInfo: ShippingInfo,
) {
  const locale = useLocale() as 'en' | 'ar';
  const stripe = useStripe();
  const elements = useElements();

  return async function payByCard() {
    if (paidOrder.paid.current) {
      if (attempt.start()) await paidOrder.placePaid(paidOrder.paid.current);
      return;
    }
    if (!stripe || !elements || !clientSecret) return;
    const card = elements.getElement('card');
    if (!card) return attempt.setError(localize(PAYMENT_MESSAGES['payment.cardElementMissing'], locale));
    if (!attempt.start()) return;
    // Pressed Pay: this tab shows what comes of it, whatever another tab does to the shared cart.
    attempt.keep();
    const { error: failure, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: billingDetails(customerInfo, shippingInfo) },
    });
    if (failure || paymentIntent?.status !== 'succeeded')
      return attempt.stop(failure?.message || localize(PAYMENT_MESSAGES['payment.cardFailed'], locale));
    await paidOrder.placePaid(paymentIntent.id);
  };
}
