'use client';

import { localize, PAYMENT_MESSAGES } from '@qahwa/schema';
import { CardElement } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useLocale } from '@/i18n/client';

/**
 * SPEC 2.7 'Card Information*': Stripe's card element (number, expiry, CVC in Stripe's own
 * frame, so card data never touches our page). No postal code: UAE addresses have none. Stripe's
 * own check of what is typed shows under the field as the shopper types.
 */
/** `onEdit`: the shopper typed in the card field (an earlier payment error no longer applies). */
export function CardField({ disabled, onEdit }: { disabled: boolean; onEdit: () => void }) {
  const locale = useLocale() as 'en' | 'ar';
  const [hint, setHint] = useState<string | null>(null);
  const options = useMemo<StripeCardElementOptions>(
    () => ({
      hidePostalCode: true,
      disabled,
      style: {
        base: { fontSize: '16px', color: '#3b2414', '::placeholder': { color: '#a08a7a' } },
        invalid: { color: '#b91c1c' },
      },
    }),
    [disabled],
  );
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1.5 block text-sm font-medium text-coffee-900">
        {localize(PAYMENT_MESSAGES['payment.cardLabel'], locale)}
      </legend>
      <div className="rounded-lg border border-coffee-300 bg-white px-3 py-3 focus-within:border-coffee-800">
        <CardElement
          options={options}
          onChange={(e: StripeCardElementChangeEvent) => {
            setHint(e.error?.message ?? null);
            onEdit();
          }}
        />
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-red-700">
        {hint}
      </p>
    </fieldset>
  );
}
