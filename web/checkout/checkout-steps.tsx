'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type CheckoutStepName, commerceOf, track } from '@/analytics/events';
import { useTranslations } from '@/i18n/client';
import { captureLeadEmail } from '@/leads/lead-reports';
import type { StripeClientConfig } from '@/payments/stripe-client-config';
import { OrderSummary } from './order-summary';
import {
  clearPayLaterOrderData,
  payLaterResume,
  readPayLaterOrderData,
  takePayLaterNotice,
} from './pay-later-order-data';
import { useShippingQuote } from './shipping-quote';
import { CustomerStep, ShippingStep } from './steps';
import type { CustomerValues, ShippingValues } from './validation';

// The payment step carries Stripe's React bindings and the payment code: fetched while the
// shopper fills in the shipping step, not with the page (the storefront's JavaScript budget).
const loadPaymentStep = () => import('./payment-step');
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));

type Step = 1 | 2 | 3;
const STEP_NAMES: CheckoutStepName[] = ['customer', 'shipping', 'payment'];

/**
 * SPEC 2.7 / 4: customer information, then shipping, then payment, with a back action, over a
 * cart with something in it (`checkout-flow.tsx` decides, and loads this module only then).
 * `stripe`: which Stripe.js the payment step loads (the page reads it from the server's config).
 */
export function CheckoutSteps({
  items,
  stripe,
  onPlaced,
}: {
  items: CartItem[];
  stripe: StripeClientConfig;
  onPlaced: () => void;
}) {
  const t = useTranslations('Checkout');
  const quote = useShippingQuote(items);
  const [step, setStep] = useState<Step>(1);
  const [customer, setCustomer] = useState<CustomerValues>({ fullName: '', email: '', phone: '' });
  const [shipping, setShipping] = useState<ShippingValues>({ emirate: '', city: '', address: '' });
  const heading = useRef<HTMLHeadingElement>(null);
  const initiated = useRef(false);
  // Back from pay later without an order (docs/web-pay-later.md): the payment step, as it was left.
  const [returnedError, setReturnedError] = useState<string | null>(null);

  useEffect(() => {
    const now = Date.now();
    const resume = payLaterResume(takePayLaterNotice(now), readPayLaterOrderData(now));
    if (!resume) return;
    // Used once: the form is refilled now, and a shared computer keeps no one's address after.
    clearPayLaterOrderData();
    setCustomer(resume.customerInfo);
    setShipping(resume.shippingInfo);
    setReturnedError(resume.message);
    setStep(3);
  }, []);

  // Analytics (SPEC 1): InitiateCheckout once, when the stored cart has arrived with something in it.
  useEffect(() => {
    if (initiated.current || items.length === 0) return;
    initiated.current = true;
    track('InitiateCheckout', { ...commerceOf(items), num_items: items.reduce((n, x) => n + x.quantity, 0) });
    track('checkout_step', { step: 1, step_name: 'customer' });
  }, [items]);

  // The payment step's code arrives while the shopper is on the shipping step.
  useEffect(() => {
    if (step >= 2) void loadPaymentStep();
  }, [step]);

  // Move focus to the new step's heading, so keyboard and screen-reader users land on it.
  function go(next: Step) {
    setStep(next);
    track('checkout_step', { step: next, step_name: STEP_NAMES[next - 1] as CheckoutStepName });
    requestAnimationFrame(() => heading.current?.focus());
  }

  const titles = [t('customerStep'), t('shippingStep'), t('paymentStep')];

  return (
    <div className={step < 3 ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]' : 'max-w-xl'}>
      <div>
        <ol aria-label={t('steps')} className="mb-5 flex gap-2 text-xs">
          {titles.map((title, i) => (
            <li
              key={title}
              aria-current={step === i + 1 ? 'step' : undefined}
              className={`flex-1 border-t-4 pt-1.5 ${step >= i + 1 ? 'border-coffee-800 text-coffee-900' : 'border-coffee-200 text-coffee-500'}`}
            >
              {title}
            </li>
          ))}
        </ol>
        <p className="text-sm text-coffee-600">{t('stepOf', { current: step, total: 3 })}</p>
        <h2 ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold text-coffee-900 outline-none">
          {titles[step - 1]}
        </h2>
        {step === 1 && (
          <CustomerStep
            initial={customer}
            onDone={(values) => {
              setCustomer(values);
              // SPEC 4 email_capture: the e-mail is filled and valid (the step validated it).
              captureLeadEmail({ email: values.email, fullName: values.fullName, phone: values.phone });
              go(2);
            }}
          />
        )}
        {step === 2 && (
          <ShippingStep
            initial={shipping}
            onBack={(values) => {
              setShipping(values);
              go(1);
            }}
            onDone={(values) => {
              setShipping(values);
              track('AddShippingInfo', { ...commerceOf(items), emirate: values.emirate });
              go(3);
            }}
          />
        )}
        {step === 3 && (
          // AddPaymentInfo when the payment form is submitted, with the method chosen (read from the
          // step's radio list, so the payment step itself carries no analytics).
          <div
            onSubmitCapture={(e) => {
              const form = e.target as HTMLFormElement;
              const method =
                form.querySelector<HTMLInputElement>('input[name="payment-method"]:checked')?.value ??
                'unknown';
              track('AddPaymentInfo', { ...commerceOf(items), payment_type: method });
            }}
          >
            <Suspense fallback={<p className="text-sm text-coffee-600">{t('loadingPayment')}</p>}>
              <PaymentStep
                items={items}
                quote={quote}
                customerInfo={{
                  fullName: customer.fullName.trim(),
                  email: customer.email.trim(),
                  phone: customer.phone.trim(),
                }}
                shippingInfo={{
                  emirate: shipping.emirate,
                  city: shipping.city,
                  address: shipping.address.trim(),
                }}
                stripe={stripe}
                onBack={() => go(2)}
                onPlaced={onPlaced}
                initialError={returnedError}
              />
            </Suspense>
          </div>
        )}
      </div>
      {step < 3 && (
        <aside>
          <OrderSummary items={items} quote={quote} />
        </aside>
      )}
    </div>
  );
}
