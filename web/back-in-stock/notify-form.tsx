'use client';

import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { EmailCaptureFields, useEmailCapture } from '@/forms/email-capture';
import { useLocale, useTranslations } from '@/i18n/client';

// The validation and the request: fetched on the field's first focus (the 150 KB per route budget).
const loadNotify = () => import('./notify');

export interface SoldOutOption {
  id: string;
  /** The option in the shopper's language ("250 g · Whole beans"). */
  label: string;
}

/**
 * "Notify me when it's back" for a sold-out variation (docs/back-in-stock.md): the address, what
 * it is used for, and one button. On the product page it is a disclosure (open when nothing is
 * left to buy) with a choice among the sold-out options; in the options modal it is the chosen
 * option's, drawn inside the modal's own form, so it is a group there, not a nested form.
 */
export function NotifyForm({
  options,
  variant,
  open = true,
  named = false,
}: {
  options: SoldOutOption[];
  variant: 'page' | 'modal';
  open?: boolean;
  /** Say which option a lone sold-out one is (the product has others on sale). */
  named?: boolean;
}) {
  const t = useTranslations('BackInStock');
  const locale = useLocale();
  const id = useId();
  const [variationId, setVariationId] = useState(options[0]?.id ?? '');
  const capture = useEmailCapture<{ text: string }>({ networkError: t('networkError'), failed: t('failed') });
  const { state } = capture;

  function submit(e?: FormEvent | KeyboardEvent) {
    e?.preventDefault();
    if (!variationId) return;
    void capture.send(async (email, onSending) => {
      const outcome = await (await loadNotify()).requestAlert(variationId, email, locale, onSending);
      return outcome.kind === 'done' ? { kind: 'done', text: outcome.text ?? t('title') } : outcome;
    });
  }

  const titleId = `${id}-title`;
  const fields =
    state.kind === 'done' ? (
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        {state.text}
      </p>
    ) : (
      <div className="space-y-3">
        {options.length > 1 ? (
          <div>
            <label htmlFor={`${id}-option`} className="mb-1 block text-sm font-medium text-coffee-900">
              {t('option')}
            </label>
            <select
              id={`${id}-option`}
              value={variationId}
              onChange={(e) => setVariationId(e.target.value)}
              className="w-full rounded-lg border border-coffee-300 bg-white px-3 py-2 text-sm text-coffee-900"
            >
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ) : named && options[0] ? (
          <p className="text-sm text-coffee-800">{t('forOption', { option: options[0].label })}</p>
        ) : null}
        <EmailCaptureFields
          id={id}
          capture={capture}
          t={t}
          onFocus={() => void loadNotify()}
          row="flex flex-col gap-2 sm:flex-row"
          // Inside the modal's form, Enter asks for the alert instead of submitting that form.
          onKeyDown={(e) => {
            if (variant === 'modal' && e.key === 'Enter') submit(e);
          }}
          button={{
            type: variant === 'modal' ? 'button' : 'submit',
            ...(variant === 'modal' ? { onClick: () => submit() } : {}),
            className:
              'shrink-0 rounded-lg bg-coffee-800 px-4 py-2 font-semibold text-white hover:bg-coffee-900 disabled:opacity-60',
          }}
        />
      </div>
    );

  if (variant === 'modal') {
    return (
      <section
        aria-labelledby={titleId}
        data-back-in-stock
        className="rounded-xl border border-coffee-200 bg-coffee-50 p-4"
      >
        <h4 id={titleId} className="mb-3 font-semibold text-coffee-900">
          {t('title')}
        </h4>
        {fields}
      </section>
    );
  }
  return (
    <details open={open} data-back-in-stock className="rounded-xl border border-coffee-200 bg-white p-4">
      <summary id={titleId} className="cursor-pointer font-semibold text-coffee-900">
        {t('title')}
      </summary>
      <form noValidate onSubmit={submit} aria-labelledby={titleId} className="mt-3">
        {fields}
      </form>
    </details>
  );
}
