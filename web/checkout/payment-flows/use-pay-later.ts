'use client';

import { localize, PAY_LATER_PROVIDER_NAME, PAYMENT_MESSAGES, type PaymentMethod } from '@qahwa/schema';
import { attemptKey, endAttempt } from '@/checkout/attempt-key';
import { withCheckoutKey } from '@/checkout/checkout-key';
import { orderIntent } from '@/checkout/order-request';
import {
  keepPayLaterOrderData,
  payLaterOrderData,
  payLaterSessionRequest,
} from '@/checkout/pay-later-order-data';
import type { Quote } from '@/checkout/shipping-quote';
import { useLocale, useTranslations } from '@/i18n/client';
import { markCartReported } from '@/leads/lead-reports';
import { startPayLaterSession } from '@/payments/tabby-session';
import type { Attempt, Claim } from './use-attempt';

/**
 * SPEC 4 pay-later flow: the session from the server's totals, the order data kept in the browser,
 * then off to the provider's page. The order is the workflow's to make, and its OrderPlaced
 * converts the lead on the server (docs/leads.md): the browser's word never does.
 */
export function usePayLater(
  attempt: Attempt,
  claim: Claim,
  quote: Quote | null,
  setMethod: (m: PaymentMethod) => void,
) {
  const t = useTranslations('PaymentStep');
  const locale = useLocale() as 'en' | 'ar';

  return async function payLater() {
    if (quote === null || !attempt.start()) return;
    const key = attemptKey(orderIntent({ ...claim, paymentProvider: 'TABBY' }));
    const result = await startPayLaterSession(withCheckoutKey(payLaterSessionRequest(claim)), key);
    if (result.ok) {
      keepPayLaterOrderData(payLaterOrderData(claim, result.paymentId, Date.now()));
      // The cart leaves for the provider bought: the page exit must not report it abandoned.
      markCartReported();
      // Still "Processing..." while the browser leaves: a second click must not start another session.
      window.location.assign(result.checkoutUrl);
      return;
    }
    if (result.reason === 'server' && result.code === 'COUPON_REFUSED')
      return attempt.couponRefused(result.message);
    // A new attempt next time (the refused key would replay the refusal).
    endAttempt();
    // SPEC 4: every pay-later outcome tells the shopper to use the card, so card is selected for them.
    if (result.reason === 'server' && result.code?.startsWith('PAY_LATER_')) setMethod('card');
    attempt.stop(
      result.reason === 'network'
        ? t('networkError')
        : (result.message ??
            localize(PAYMENT_MESSAGES['payment.payLaterSessionFailed'], locale, {
              provider: PAY_LATER_PROVIDER_NAME[locale],
            })),
    );
  };
}
