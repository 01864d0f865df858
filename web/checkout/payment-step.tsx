'use client';

import type { CartItem, CustomerInfo, ShippingInfo } from '@qahwa/schema';
import { useSetAtom } from 'jotai';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { dispatchCartAtom } from '../cart/cart-store';
import { attemptKey, endAttempt } from './attempt-key';
import { buildCodOrder, orderIntent } from './order-request';
import { OrderSummary } from './order-summary';
import type { Quote } from './shipping-quote';
import { buttonStyles } from './steps';
import { submitOrder } from './submit-order';

type Method = 'card' | 'payLater' | 'cod';

/**
 * SPEC 2.7 step 3. In the walking skeleton only cash on delivery is enabled; card and pay
 * later are listed, disabled, as coming soon.
 */
export function PaymentStep({
  items,
  quote,
  customerInfo,
  shippingInfo,
  onBack,
  onPlaced,
}: {
  items: readonly CartItem[];
  quote: Quote | null;
  customerInfo: CustomerInfo;
  shippingInfo: ShippingInfo;
  onBack: () => void;
  /** Called just before the cart is cleared, so the page does not flash "your cart is empty". */
  onPlaced: () => void;
}) {
  const t = useTranslations('PaymentStep');
  const locale = useLocale();
  const router = useRouter();
  const dispatch = useSetAtom(dispatchCartAtom);
  const [method, setMethod] = useState<Method>('cod');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref, not state: two clicks in the same frame both see `processing` still false.
  const busy = useRef(false);

  async function place() {
    if (busy.current || method !== 'cod' || quote === null) return;
    busy.current = true;
    setProcessing(true);
    setError(null);
    const order = buildCodOrder({
      customerInfo,
      shippingInfo,
      items,
      shippingCostFils: quote.shippingCostFils,
      locale,
    });
    const result = await submitOrder(order, attemptKey(orderIntent(order)));
    if (result.ok) {
      endAttempt();
      const params = new URLSearchParams({ order: result.orderId });
      if (result.totalAmount !== null) params.set('total', String(result.totalAmount));
      onPlaced();
      router.replace(`/checkout/confirmation?${params}`);
      dispatch({ type: 'clear' });
      return;
    }
    setError(result.reason === 'network' ? t('networkError') : (result.message ?? t('codFailed')));
    busy.current = false;
    setProcessing(false);
  }

  const methods: { value: Method; label: string; enabled: boolean }[] = [
    { value: 'card', label: t('card'), enabled: false },
    { value: 'payLater', label: t('payLater'), enabled: false },
    { value: 'cod', label: t('cod'), enabled: true },
  ];

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void place();
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
              onChange={() => setMethod(m.value)}
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
        <p id="cod-note" className="text-sm text-coffee-600">
          {t('codNote')}
        </p>
      </fieldset>

      {error && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </div>
      )}

      <OrderSummary items={items} quote={quote} />

      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-end">
        <button type="submit" disabled={processing || quote === null} className={buttonStyles.primary}>
          {processing ? t('processing') : t('submit')}
        </button>
        <button type="button" onClick={onBack} disabled={processing} className={buttonStyles.secondary}>
          {t('back')}
        </button>
      </div>
    </form>
  );
}
