'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type CheckoutStepName, commerceOf, track } from '@/analytics/events';
import { useLocale, useTranslations } from '@/i18n/client';
import { captureLeadEmail } from '@/leads/lead-reports';
import type { StripeClientConfig } from '@/payments/stripe-client-config';
import {
  type CheckoutDetails,
  clearCheckoutDetails,
  keepCheckoutDetails,
  reachableStep,
  readCheckoutDetails,
  type Step,
  stepOfSearch,
  urlOfStep,
} from './checkout-progress';
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

const STEP_NAMES: CheckoutStepName[] = ['customer', 'shipping', 'payment'];

/** What this checkout writes into a history entry it makes: the step it leads to and the one before. */
interface StepHistory {
  checkoutStep?: Step;
  checkoutFrom?: Step;
}

function historyState(): StepHistory {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as StepHistory) : {};
}

/** The step the address bar asks for, as far as the details allow. */
function stepFromLocation(details: CheckoutDetails, locale: 'en' | 'ar'): Step {
  return reachableStep(stepOfSearch(window.location.search), details, locale);
}

/** The address bar says the step shown (a step asked for too early fell back to an earlier one). */
function showInLocation(step: Step) {
  if (stepOfSearch(window.location.search) === step) return;
  window.history.replaceState(
    { checkoutStep: step } satisfies StepHistory,
    '',
    urlOfStep(window.location.href, step),
  );
}

/**
 * SPEC 2.7 / 4: customer information, then shipping, then payment, with a back action, over a
 * cart with something in it (`checkout-flow.tsx` decides, and loads this module only then).
 * `stripe`: which Stripe.js the payment step loads (the page reads it from the server's config).
 * Each step is an entry in the browser's history and the details typed are kept for the tab's
 * session (docs/web.md "Checkout steps in the address bar"), so a reload or Back loses nothing.
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
  const locale = useLocale() as 'en' | 'ar';
  // Rendered in the browser only (CheckoutFlow waits for hydration): storage and the address bar
  // are read on the first render, so a reload draws the step it was on straight away.
  const [saved] = useState(readCheckoutDetails);
  const [customer, setCustomer] = useState<CustomerValues>(saved.customer);
  const [shipping, setShipping] = useState<ShippingValues>(saved.shipping);
  const [step, setStep] = useState<Step>(() => stepFromLocation(saved, locale));
  // The rule of the chosen city, once there is one: the order's shipping and its estimated delivery.
  const quote = useShippingQuote(items, shipping.city);
  const heading = useRef<HTMLHeadingElement>(null);
  const details = useRef<CheckoutDetails>({ customer, shipping });
  details.current = { customer, shipping };
  const placed = useRef(false);
  const initiated = useRef(false);
  const openedOn = useRef(step);
  // Back from pay later without an order (docs/web-pay-later.md): the payment step, as it was left.
  const [returnedError, setReturnedError] = useState<string | null>(null);

  useEffect(() => {
    const now = Date.now();
    const resume = payLaterResume(takePayLaterNotice(now), readPayLaterOrderData(now));
    if (!resume) {
      showInLocation(openedOn.current);
      return;
    }
    // Used once: the form is refilled now, and a shared computer keeps no one's address after.
    clearPayLaterOrderData();
    setCustomer(resume.customerInfo);
    setShipping(resume.shippingInfo);
    setReturnedError(resume.message);
    setStep(3);
    showInLocation(3);
  }, []);

  // What was typed, kept for the tab's session as it is typed; never again once the order exists.
  useEffect(() => {
    if (!placed.current) keepCheckoutDetails({ customer, shipping });
  }, [customer, shipping]);

  // Back and Forward move between the steps; a step the details do not allow yet is not shown.
  useEffect(() => {
    function onPopState() {
      if (placed.current) return;
      const next = stepFromLocation(details.current, locale);
      showInLocation(next);
      setStep(next);
      requestAnimationFrame(() => heading.current?.focus());
    }
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [locale]);

  // Analytics (SPEC 1): InitiateCheckout once, when the stored cart has arrived with something in it.
  useEffect(() => {
    if (initiated.current || items.length === 0) return;
    initiated.current = true;
    track('InitiateCheckout', { ...commerceOf(items), num_items: items.reduce((n, x) => n + x.quantity, 0) });
    const opened = openedOn.current;
    track('checkout_step', { step: opened, step_name: STEP_NAMES[opened - 1] as CheckoutStepName });
  }, [items]);

  // The payment step's code arrives while the shopper is on the shipping step.
  useEffect(() => {
    if (step >= 2) void loadPaymentStep();
  }, [step]);

  // Move focus to the new step's heading, so keyboard and screen-reader users land on it.
  function go(next: Step) {
    const href = urlOfStep(window.location.href, next);
    if (next > step) {
      window.history.pushState({ checkoutStep: next, checkoutFrom: step } satisfies StepHistory, '', href);
    } else if (historyState().checkoutFrom === next) {
      // The step's own Back button where the browser's Back would land the same: one history,
      // so the browser's Forward then comes back here.
      window.history.back();
    } else {
      window.history.replaceState({ checkoutStep: next } satisfies StepHistory, '', href);
    }
    setStep(next);
    track('checkout_step', { step: next, step_name: STEP_NAMES[next - 1] as CheckoutStepName });
    requestAnimationFrame(() => heading.current?.focus());
  }

  // The order exists: the kept details go (the cart and the checkout's keys are the payment's to end).
  function orderPlaced() {
    placed.current = true;
    clearCheckoutDetails();
    onPlaced();
  }

  const titles = [t('customerStep'), t('shippingStep'), t('paymentStep')];

  return (
    // Two columns on a desktop, the summary at the end side and in view while the form scrolls;
    // one column on a phone, the summary after the step.
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
      <div className="min-w-0">
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
            onChange={setCustomer}
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
            onChange={setShipping}
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
                onPlaced={orderPlaced}
                initialError={returnedError}
              />
            </Suspense>
          </div>
        )}
      </div>
      <aside className="lg:sticky lg:top-20" data-testid="checkout-summary">
        <OrderSummary items={items} quote={quote} />
      </aside>
    </div>
  );
}
