'use client';

import {
  availablePaymentMethods,
  localize,
  PAY_LATER_PROVIDER_NAME,
  PAYMENT_MESSAGES,
  type PayLaterRange,
  type PaymentMethod,
} from '@qahwa/schema';
import { useLocale, useTranslations } from '@/i18n/client';

/** The payment step's radios: card, pay later inside its range (SPEC 4: 1–5000 AED), cash on delivery. */
export function MethodChoice({
  method,
  totalFils,
  payLaterRange,
  disabled,
  onChange,
}: {
  method: PaymentMethod;
  totalFils: number;
  payLaterRange: PayLaterRange;
  disabled: boolean;
  onChange: (m: PaymentMethod) => void;
}) {
  const t = useTranslations('PaymentStep');
  const locale = useLocale() as 'en' | 'ar';
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

  return (
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
            disabled={!m.enabled || disabled}
            aria-describedby={m.value === 'cod' ? 'cod-note' : undefined}
            onChange={() => onChange(m.value)}
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
  );
}
