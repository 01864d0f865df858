'use client';

import {
  type CartItem,
  type CustomerInfo,
  filsToDecimalString,
  formatAed,
  isBackDisabled,
  isPayLaterEligible,
  isSubmitDisabled,
  localize,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type ShippingInfo,
  submitButtonLabel,
} from '@qahwa/schema';
import { Elements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { dispatchCartAtom } from '@/cart/cart-store';
import { useLocale, useTranslations } from '@/i18n/client';
import { reportLeadQualified } from '@/leads/lead-reports';
import { CardField } from '@/payments/card-field';
import { paymentIntentRequest } from '@/payments/card-order';
import { usePaymentIntent } from '@/payments/payment-intent';
import type { StripeClientConfig } from '@/payments/stripe-client-config';
import { stripeClient } from '@/payments/stripe-loader';
import { WalletButton } from '@/payments/wallet-button';
import { useShopperSettings } from '@/settings/shopper-settings';
import { useAtomValue, useSetAtom } from '@/shell/atoms';
import { AlreadyOrderedNotice } from './already-ordered';
import { renewCheckoutKey } from './checkout-key';
import { appliedCouponAtom, useSummaryPricing } from './coupon-state';
import { buildCodOrder } from './order-request';
import { MethodChoice } from './payment-flows/method-choice';
import { useAttempt } from './payment-flows/use-attempt';
import { useCardPayment } from './payment-flows/use-card-payment';
import { useCashOnDelivery } from './payment-flows/use-cash-on-delivery';
import { type AlreadyOrdered, usePaidOrder } from './payment-flows/use-paid-order';
import { usePayLater } from './payment-flows/use-pay-later';
import { useWalletPayment } from './payment-flows/use-wallet-payment';
import type { Quote } from './shipping-quote';
import { buttonStyles } from './steps';

interface PaymentStepProps {
  items: readonly CartItem[];
  quote: Quote | null;
  customerInfo: CustomerInfo;
  shippingInfo: ShippingInfo;
  stripe: StripeClientConfig;
  onBack: () => void;
  /** Called just before the cart is cleared, so the page does not flash "your cart is empty". */
  onPlaced: () => void;
  /** Shown in the red box on arrival: the SPEC 8 sentence after coming back from pay later. */
  initialError?: string | null;
}

type Locale = 'en' | 'ar';

/**
 * SPEC 2.7 step 3 (and 4, 5, 7, 8): card (the default, with the wallet button above it), pay
 * later (inside its 1–5000 AED range; docs/web-pay-later.md) and cash on delivery. Stripe's Elements wrap the whole step
 * in deferred mode (amount and currency, no intent yet), so the wallet button can show before
 * the payment intent exists; the intent's client secret confirms the card or the wallet.
 */
export function PaymentStep(props: PaymentStepProps) {
  const locale = useLocale() as Locale;
  const stripePromise = useMemo(() => stripeClient(props.stripe, locale), [props.stripe, locale]);
  const [method, setMethod] = useState<PaymentMethod>('card');
  // The summary's discount and the coupon; a code the rules refuse now is not sent.
  const pricing = useSummaryPricing(props.items, props.quote);
  const applied = useAtomValue(appliedCouponAtom);
  const claim = buildCodOrder({
    customerInfo: props.customerInfo,
    shippingInfo: props.shippingInfo,
    items: props.items,
    summary: pricing,
    locale,
    coupon: pricing.coupon.status === 'refused' ? null : applied,
  });
  // The cart was already paid for (another tab, or a reload after paying): its order, and no
  // more intents (docs/payments.md "One checkout, one payment").
  const [alreadyOrdered, setAlreadyOrdered] = useState<AlreadyOrdered | null>(null);
  const dispatch = useSetAtom(dispatchCartAtom);
  const { onPlaced } = props;
  // No intent before the shipping quote is in: its amount would be wrong (SPEC 4: a new one on change).
  const intent = usePaymentIntent(
    method === 'card' && props.quote !== null && alreadyOrdered === null && props.items.length > 0
      ? paymentIntentRequest(claim)
      : null,
  );
  // The gateway says this cart is already an order: its key and the cart are done with (the
  // steps stay, showing which order; onPlaced keeps the empty cart's page away).
  const orderedId = intent.error && 'orderId' in intent.error ? intent.error.orderId : undefined;
  const orderedText = intent.error && 'text' in intent.error ? intent.error.text : '';
  const orderedToken = intent.error && 'trackingToken' in intent.error ? intent.error.trackingToken : null;
  function settle(found: AlreadyOrdered) {
    setAlreadyOrdered(found);
    renewCheckoutKey();
    onPlaced();
    dispatch({ type: 'clear' });
  }
  const settleRef = useRef(settle);
  settleRef.current = settle;
  useEffect(() => {
    if (orderedId) settleRef.current({ text: orderedText, orderId: orderedId, trackingToken: orderedToken });
  }, [orderedId, orderedText, orderedToken]);
  const claimedTotalFils = pricing.totalFils;
  const totalFils = intent.serverTotalFils ?? claimedTotalFils;
  const options = useMemo<StripeElementsOptions>(
    () => ({
      mode: 'payment',
      amount: Math.max(1, totalFils),
      currency: 'aed',
      locale,
      appearance: { variables: { colorPrimary: '#5b3a24', borderRadius: '8px' } },
    }),
    [totalFils, locale],
  );
  if (alreadyOrdered) return <AlreadyOrderedNotice found={alreadyOrdered} />;
  return (
    <Elements stripe={stripePromise} options={options}>
      <PaymentForm
        {...props}
        onAlreadyOrdered={settle}
        method={method}
        setMethod={setMethod}
        claim={claim}
        intent={intent}
        totalFils={totalFils}
        claimedTotalFils={claimedTotalFils}
      />
    </Elements>
  );
}

function PaymentForm({
  items,
  quote,
  customerInfo,
  shippingInfo,
  onBack,
  onPlaced,
  initialError,
  method,
  setMethod,
  claim,
  intent,
  totalFils,
  claimedTotalFils,
  onAlreadyOrdered,
}: PaymentStepProps & {
  onAlreadyOrdered: (found: AlreadyOrdered) => void;
  method: PaymentMethod;
  setMethod: (m: PaymentMethod) => void;
  claim: ReturnType<typeof buildCodOrder>;
  intent: ReturnType<typeof usePaymentIntent>;
  totalFils: number;
  claimedTotalFils: number;
}) {
  const t = useTranslations('PaymentStep');
  const tp = useTranslations('Payments');
  const locale = useLocale() as Locale;
  // Pay later's range is the store's setting, as the gateway checks it.
  const { payLater: payLaterRange } = useShopperSettings();
  const stripe = useStripe();
  const attempt = useAttempt({ items, claim, onPlaced, initialError });
  const { processing, error, setError } = attempt;
  const cod = useCashOnDelivery(attempt, claim, quote, method);
  const newTotalFils = cod.newTotalFils;
  const payLater = usePayLater(attempt, claim, quote, setMethod);
  const paidOrder = usePaidOrder(attempt, claim, onAlreadyOrdered);
  const payByCard = useCardPayment(attempt, paidOrder, intent.clientSecret, customerInfo, shippingInfo);
  const payByWallet = useWalletPayment(attempt, paidOrder, intent, items, customerInfo, shippingInfo);

  // SPEC 4: the lead is QUALIFIED at the payment step, with the method chosen (again on each change).
  const claimRef = useRef(claim);
  claimRef.current = claim;
  useEffect(() => {
    reportLeadQualified(claimRef.current, method);
  }, [method]);

  // A coupon or a quote moved the total out of pay later's range: its radio is gone, so card it is.
  useEffect(() => {
    if (method === 'tabby' && !isPayLaterEligible(totalFils, payLaterRange)) setMethod('card');
  }, [method, totalFils, setMethod, payLaterRange]);

  const submitDisabled =
    quote === null ||
    (method === 'card' &&
      paidOrder.paid.current === null &&
      isSubmitDisabled({
        processing,
        method,
        totalFils,
        hasPaymentClient: stripe !== null,
        hasClientSecret: intent.clientSecret !== null,
        payLaterRange,
      })) ||
    (method === 'tabby' && !isPayLaterEligible(totalFils, payLaterRange)) ||
    (method !== 'card' && processing);
  // SPEC 2.7's labels are schema's rule; the COD label stays this app's key (the e2e tests read it).
  const label =
    method === 'cod' && !processing
      ? newTotalFils === null
        ? t('submit')
        : t('confirmNewTotal', { total: formatAed(newTotalFils, locale) })
      : submitButtonLabel({ processing, method, totalFils }, locale);
  const intentError = intent.error
    ? 'text' in intent.error
      ? intent.error.text
      : localize(PAYMENT_MESSAGES[intent.error.code], locale)
    : null;
  const shownError = error ?? (method === 'card' ? intentError : null);

  return (
    <form
      noValidate
      className="space-y-4"
      aria-busy={processing}
      onSubmit={(e) => {
        e.preventDefault();
        void (method === 'card' ? payByCard() : method === 'cod' ? cod.placeCod() : payLater());
      }}
    >
      <MethodChoice
        method={method}
        totalFils={totalFils}
        payLaterRange={payLaterRange}
        disabled={processing}
        onChange={(m) => {
          setMethod(m);
          setError(null);
        }}
      />

      {/* Kept mounted (hidden) when another method is chosen, so what was typed is not lost. */}
      <div hidden={method !== 'card'} className="space-y-3 rounded-xl border border-coffee-100 bg-white p-4">
        <WalletButton onConfirm={(event) => void payByWallet(event)} />
        <CardField disabled={processing} onEdit={() => setError(null)} />
        {stripe === null && <p className="text-sm text-coffee-600">{tp('preparing')}</p>}
        <p className="text-xs text-coffee-600">{tp('secureNote')}</p>
      </div>

      {shownError && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {/* Stripe's words may be English on an Arabic page: let the text pick its own direction. */}
          <p dir="auto">{shownError}</p>
          {paidOrder.paidNote && <p className="mt-1">{tp('paidButOrderFailed')}</p>}
        </div>
      )}
      {newTotalFils !== null && cod.priceChange && (
        <div
          role="alert"
          data-testid="price-changed"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>{cod.priceChange.text}</p>
          <p className="mt-1 font-semibold">{t('newTotal', { total: formatAed(newTotalFils, locale) })}</p>
        </div>
      )}
      {method === 'card' &&
        intent.serverTotalFils !== null &&
        intent.serverTotalFils !== claimedTotalFils && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {tp('totalUpdated', { total: filsToDecimalString(intent.serverTotalFils) })}
          </p>
        )}

      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-end">
        <button type="submit" disabled={submitDisabled} className={buttonStyles.primary}>
          {label}
        </button>
        <button
          type="button"
          onClick={onBack}
          disabled={isBackDisabled({ processing })}
          className={buttonStyles.secondary}
        >
          {t('back')}
        </button>
      </div>
    </form>
  );
}
