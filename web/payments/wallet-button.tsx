'use client';

import { localize, PAYMENT_MESSAGES } from '@qahwa/schema';
import { ExpressCheckoutElement } from '@stripe/react-stripe-js';
import type {
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
  StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { useState } from 'react';
import { useLocale, useTranslations } from '@/i18n/client';

const OPTIONS: StripeExpressCheckoutElementOptions = {
  // Apple Pay and Google Pay only (SPEC 1): Link, PayPal and the rest are not offered by the store.
  paymentMethods: {
    applePay: 'auto',
    googlePay: 'auto',
    link: 'never',
    paypal: 'never',
    amazonPay: 'never',
    klarna: 'never',
  },
  buttonType: { applePay: 'buy', googlePay: 'buy' },
  buttonHeight: 44,
};

/**
 * SPEC 2.7: the wallet button above the card field, then 'Or pay with card'. Stripe's Express
 * Checkout Element (react-stripe-js 7 has no Payment Request Button any more) shows Apple Pay or
 * Google Pay when the device has one; otherwise nothing, and the divider is left out too.
 */
export function WalletButton({
  onConfirm,
}: {
  onConfirm: (event: StripeExpressCheckoutElementConfirmEvent) => void;
}) {
  const t = useTranslations('Payments');
  const locale = useLocale() as 'en' | 'ar';
  const [available, setAvailable] = useState(false);
  return (
    <section aria-label={t('walletLabel')} className={available ? 'space-y-3' : undefined}>
      <ExpressCheckoutElement
        options={OPTIONS}
        onReady={(e: StripeExpressCheckoutElementReadyEvent) =>
          setAvailable(Object.values(e.availablePaymentMethods ?? {}).some(Boolean))
        }
        onConfirm={onConfirm}
      />
      {available && (
        <p className="flex items-center gap-3 text-sm text-coffee-600">
          <span aria-hidden="true" className="h-px flex-1 bg-coffee-200" />
          {localize(PAYMENT_MESSAGES['payment.walletDivider'], locale)}
          <span aria-hidden="true" className="h-px flex-1 bg-coffee-200" />
        </p>
      )}
    </section>
  );
}
