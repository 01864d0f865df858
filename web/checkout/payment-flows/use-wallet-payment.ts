'use client';

import {
  type CartItem,
  type CustomerInfo,
  localize,
  PAYMENT_MESSAGES,
  type PaymentMessageCode,
  type ShippingInfo,
} from '@qahwa/schema';
import { useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { commerceOf, track } from '@/analytics/events';
import { useLocale } from '@/i18n/client';
import { billingDetails } from '@/payments/billing';
import type { usePaymentIntent } from '@/payments/payment-intent';
import type { Attempt } from './use-attempt';
import type { PaidOrder } from './use-paid-order';

/** SPEC 4 wallet flow: the payment request completes as success or fail. */
export function useWalletPayment(
  attempt: Attempt,
  paidOrder: PaidOrder,
  intent: ReturnType<typeof usePaymentIntent>,
  items: readonly CartItem[],
  customerInfo: CustomerInfo,
  shippingInfo: ShippingInfo,
) {
  const locale = useLocale() as 'en' | 'ar';
  const stripe = useStripe();
  const elements = useElements();
  const message = (code: PaymentMessageCode) => localize(PAYMENT_MESSAGES[code], locale);

  return async function payByWallet(event: StripeExpressCheckoutElementConfirmEvent) {
    if (!stripe || !elements || !intent.clientSecret) {
      event.paymentFailed({ reason: 'fail' });
      attempt.setError(message('payment.walletNotReady'));
      return;
    }
    if (!attempt.start()) {
      event.paymentFailed({ reason: 'fail' });
      return;
    }
    // The wallet sheet is not a form submit, so the checkout's onSubmit analytics never see it.
    track('AddPaymentInfo', { ...commerceOf(items), payment_type: 'wallet' });
    const submitted = await elements.submit();
    if (submitted.error) {
      event.paymentFailed({ reason: 'fail' });
      return attempt.stop(submitted.error.message || message('payment.cardFailed'));
    }
    // SPEC 4: the method changed (card → wallet), so the intent is updated before it is confirmed.
    const walletIntent = await intent.switchTo('wallet');
    if (!walletIntent.clientSecret) {
      event.paymentFailed({ reason: 'fail' });
      const e = walletIntent.error;
      return attempt.stop(e && 'text' in e ? e.text : message('payment.walletNotReady'));
    }
    const { error: failure, paymentIntent } = await stripe.confirmPayment({
      elements,
      clientSecret: walletIntent.clientSecret,
      confirmParams: {
        return_url: window.location.href,
        payment_method_data: { billing_details: billingDetails(customerInfo, shippingInfo) },
      },
      redirect: 'if_required',
    });
    if (failure || paymentIntent?.status !== 'succeeded') {
      event.paymentFailed({ reason: 'fail' });
      return attempt.stop(failure?.message || message('payment.cardFailed'));
    }
    await paidOrder.placePaid(paymentIntent.id);
  };
}
