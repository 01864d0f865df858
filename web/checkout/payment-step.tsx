'use client';

import {
  availablePaymentMethods,
  type CartItem,
  type CustomerInfo,
  type Fils,
  filsToDecimalString,
  formatAed,
  isBackDisabled,
  isPayLaterEligible,
  isSubmitDisabled,
  localize,
  PAY_LATER_PROVIDER_NAME,
  PAYMENT_MESSAGES,
  type PaymentMessageCode,
  type PaymentMethod,
  type ShippingInfo,
  submitButtonLabel,
  toAed,
} from '@qahwa/schema';
import { Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { commerceOf, track } from '../analytics/events';
import { dispatchCartAtom } from '../cart/cart-store';
import { useLocale, useTranslations } from '../i18n/client';
import { markCartReported, reportLeadQualified } from '../leads/lead-reports';
import { billingDetails } from '../payments/billing';
import { CardField } from '../payments/card-field';
import { cardOrderRequest, paymentIntentRequest } from '../payments/card-order';
import { usePaymentIntent } from '../payments/payment-intent';
import type { StripeClientConfig } from '../payments/stripe-client-config';
import { stripeClient } from '../payments/stripe-loader';
import { startPayLaterSession } from '../payments/tabby-session';
import { WalletButton } from '../payments/wallet-button';
import { useShopperSettings } from '../settings/shopper-settings';
import { useAtomValue, useSetAtom } from '../shell/atoms';
import { attemptKey, endAttempt } from './attempt-key';
import {
  appliedCouponAtom,
  orderCouponRefusal,
  useActivePromotions,
  useSummaryPricing,
} from './coupon-state';
import { buildCodOrder, orderIntent } from './order-request';
import { OrderSummary } from './order-summary';
import { keepPayLaterOrderData, payLaterOrderData, payLaterSessionRequest } from './pay-later-order-data';
import type { Quote } from './shipping-quote';
import { buttonStyles } from './steps';
import { submitOrder } from './submit-order';

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
  // The summary's discount and the coupon (issue 7); a code the rules refuse now is not sent.
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
  // No intent before the shipping quote is in: its amount would be wrong (SPEC 4: a new one on change).
  const intent = usePaymentIntent(
    method === 'card' && props.quote !== null ? paymentIntentRequest(claim) : null,
  );
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
  return (
    <Elements stripe={stripePromise} options={options}>
      <PaymentForm
        {...props}
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
}: PaymentStepProps & {
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
  // Pay later's range is the store's (issue 12), as the gateway checks it.
  const { payLater: payLaterRange, sale } = useShopperSettings();
  const listed = useActivePromotions();
  const router = useRouter();
  const stripe = useStripe();
  const elements = useElements();
  const dispatch = useSetAtom(dispatchCartAtom);
  const setCoupon = useSetAtom(appliedCouponAtom);
  const tc = useTranslations('CouponBox');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);
  // A ref, not state: two clicks in the same frame both see `processing` still false.
  const busy = useRef(false);
  // The intent Stripe already took the money for: a retry skips straight to the order.
  const paid = useRef<string | null>(null);
  const [paidNote, setPaidNote] = useState(false);
  // Cash on delivery refused with PRICE_CHANGED: the server's total and its words, for this very
  // order as the summary showed it (`claimKey`). The next click claims that total; any change to
  // the cart, the details or the summary's total drops it (the server is asked afresh).
  const [priceChange, setPriceChange] = useState<{ fils: Fils; text: string; for: string } | null>(null);
  const claimKey = `${orderIntent(claim)}|${claim.totalAmount}`;
  const newTotalFils = method === 'cod' && priceChange?.for === claimKey ? priceChange.fils : null;

  const message = (code: PaymentMessageCode) => localize(PAYMENT_MESSAGES[code], locale);

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

  function start() {
    if (busy.current) return false;
    busy.current = true;
    setProcessing(true);
    setError(null);
    return true;
  }
  function stop(text: string) {
    setError(text);
    busy.current = false;
    setProcessing(false);
  }

  function done(orderId: string, totalAmount: number | null) {
    endAttempt();
    const params = new URLSearchParams({ order: orderId });
    if (totalAmount !== null) params.set('total', String(totalAmount));
    if (method !== 'cod') params.set('paid', '1');
    // The order converts its lead on the server (OrderPlaced); the browser only stops this cart
    // from being reported abandoned.
    markCartReported();
    onPlaced();
    router.replace(`/checkout/confirmation?${params}`);
    dispatch({ type: 'clear' });
  }

  async function placeCod() {
    if (quote === null || !start()) return;
    // Confirming a new total claims it; the key stays the attempt's (amounts are not in it, so
    // the gateway joins the same checkout instead of refusing the key as reused).
    const order = newTotalFils === null ? claim : { ...claim, totalAmount: toAed(newTotalFils) };
    const result = await submitOrder(order, attemptKey(orderIntent(claim)));
    if (result.ok) return done(result.orderId, result.totalAmount);
    setPriceChange(null);
    // A price or an offer changed: nothing was ordered; show the server's total for one more click.
    if (result.reason === 'server' && result.code === 'PRICE_CHANGED' && result.totalFils !== undefined) {
      setPriceChange({ fils: result.totalFils, text: result.message ?? '', for: claimKey });
      busy.current = false;
      setProcessing(false);
      return;
    }
    // The coupon no longer holds (its last use went to someone else): drop it and say so; the
    // summary now shows the full total and the same button places the order without it.
    if (result.reason === 'server' && result.code === 'COUPON_REFUSED') return couponRefused(result.message);
    stop(result.reason === 'network' ? t('networkError') : (result.message ?? t('codFailed')));
  }

  /**
   * SPEC 4 pay-later flow: the session from the server's totals, the order data kept in the browser,
   * then off to the provider's page. The order is the workflow's to make, and its OrderPlaced
   * converts the lead on the server (docs/leads.md): the browser's word never does.
   */
  async function payLater() {
    if (quote === null || !start()) return;
    const key = attemptKey(orderIntent({ ...claim, paymentProvider: 'TABBY' }));
    const result = await startPayLaterSession(payLaterSessionRequest(claim), key);
    if (result.ok) {
      keepPayLaterOrderData(payLaterOrderData(claim, result.paymentId, Date.now()));
      // The cart leaves for the provider bought: the page exit must not report it abandoned.
      markCartReported();
      // Still "Processing..." while the browser leaves: a second click must not start another session.
      window.location.assign(result.checkoutUrl);
      return;
    }
    if (result.reason === 'server' && result.code === 'COUPON_REFUSED') return couponRefused(result.message);
    // A new attempt next time (the refused key would replay the refusal).
    endAttempt();
    // SPEC 4: every pay-later outcome tells the shopper to use the card, so card is selected for them.
    if (result.reason === 'server' && result.code?.startsWith('PAY_LATER_')) setMethod('card');
    stop(
      result.reason === 'network'
        ? t('networkError')
        : (result.message ??
            localize(PAYMENT_MESSAGES['payment.payLaterSessionFailed'], locale, {
              provider: PAY_LATER_PROVIDER_NAME[locale],
            })),
    );
  }

  /** SPEC 4: on confirmation success (status succeeded) the order is created with the intent's id. */
  async function placePaid(paymentIntentId: string) {
    paid.current = paymentIntentId;
    const order = cardOrderRequest(claim, paymentIntentId);
    const result = await submitOrder(order, attemptKey(orderIntent(order)));
    if (result.ok) return done(result.orderId, result.totalAmount);
    // The money is taken; the gateway's webhook makes the order even if this never succeeds.
    setPaidNote(true);
    stop(result.reason === 'network' ? t('networkError') : (result.message ?? message('order.createFailed')));
  }

  async function payByCard() {
    if (paid.current) {
      if (start()) await placePaid(paid.current);
      return;
    }
    if (!stripe || !elements || !intent.clientSecret) return;
    const card = elements.getElement('card');
    if (!card) return setError(message('payment.cardElementMissing'));
    if (!start()) return;
    const { error: failure, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, {
      payment_method: { card, billing_details: billingDetails(customerInfo, shippingInfo) },
    });
    if (failure || paymentIntent?.status !== 'succeeded')
      return stop(failure?.message || message('payment.cardFailed'));
    await placePaid(paymentIntent.id);
  }

  /** SPEC 4 wallet flow: the payment request completes as success or fail. */
  async function payByWallet(event: StripeExpressCheckoutElementConfirmEvent) {
    if (!stripe || !elements || !intent.clientSecret) {
      event.paymentFailed({ reason: 'fail' });
      setError(message('payment.walletNotReady'));
      return;
    }
    if (!start()) {
      event.paymentFailed({ reason: 'fail' });
      return;
    }
    // The wallet sheet is not a form submit, so the checkout's onSubmit analytics never see it.
    track('AddPaymentInfo', { ...commerceOf(items), payment_type: 'wallet' });
    const submitted = await elements.submit();
    if (submitted.error) {
      event.paymentFailed({ reason: 'fail' });
      return stop(submitted.error.message || message('payment.cardFailed'));
    }
    // SPEC 4: the method changed (card → wallet), so the intent is updated before it is confirmed.
    const walletIntent = await intent.switchTo('wallet');
    if (!walletIntent.clientSecret) {
      event.paymentFailed({ reason: 'fail' });
      const e = walletIntent.error;
      return stop(e && 'text' in e ? e.text : message('payment.walletNotReady'));
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
      return stop(failure?.message || message('payment.cardFailed'));
    }
    await placePaid(paymentIntent.id);
  }

  const offered = availablePaymentMethods(totalFils, payLaterRange);
  const methods: { value: PaymentMethod; label: string; enabled: boolean }[] = [
    { value: 'card', label: t('card'), enabled: true },
    // SPEC 4: pay later only inside its 1–5000 AED range.
    ...(offered.includes('tabby')
      ? [
          {
            value: 'tabby' as const,
            label: localize(PAYMENT_MESSAGES['payment.method.tabby'], locale, {
              provider: PAY_LATER_PROVIDER_NAME[locale],
            }),
            enabled: true,
          },
        ]
      : []),
    { value: 'cod', label: t('cod'), enabled: true },
  ];

  const submitDisabled =
    quote === null ||
    (method === 'card' &&
      paid.current === null &&
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
      : message(intent.error.code)
    : null;
  const shownError = error ?? (method === 'card' ? intentError : null);

  return (
    <form
      noValidate
      className="space-y-4"
      aria-busy={processing}
      onSubmit={(e) => {
        e.preventDefault();
        void (method === 'card' ? payByCard() : method === 'cod' ? placeCod() : payLater());
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-coffee-900">{t('method')}</legend>
        {methods.map((m) => (
          <label
            key={m.value}
            className={`flex items-center gap-3 rounded-lg border p-3 ${
              m.enabled
                ? 'cursor-pointer border-coffee-300 bg-white has-checked:border-coffee-800'
                : 'border-coffee-100 bg-coffee-50 text-coffee-500'
            }`}
          >
            <input
              type="radio"
              name="payment-method"
              value={m.value}
              checked={method === m.value}
              disabled={!m.enabled || processing}
              aria-describedby={m.value === 'cod' ? 'cod-note' : undefined}
              onChange={() => {
                setMethod(m.value);
                setError(null);
              }}
              className="h-4 w-4 accent-coffee-800"
            />
            <span className="flex-1">{m.label}</span>
            {!m.enabled && (
              <span className="rounded-full bg-coffee-100 px-2 py-0.5 text-xs text-coffee-600">
                {t('comingSoon')}
              </span>
            )}
          </label>
        ))}
        {method === 'cod' && (
          <p id="cod-note" className="text-sm text-coffee-600">
            {t('codNote')}
          </p>
        )}
      </fieldset>

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
          {paidNote && <p className="mt-1">{tp('paidButOrderFailed')}</p>}
        </div>
      )}
      {newTotalFils !== null && priceChange && (
        <div
          role="alert"
          data-testid="price-changed"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>{priceChange.text}</p>
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

      <OrderSummary items={items} quote={quote} />

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
