'use client';

import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from '@/i18n/client';

// The validation and the request: fetched on the field's first focus (the 150 KB per route budget).
const loadNotify = () => import('./notify');

export interface SoldOutOption {
  id: string;
  /** The option in the shopper's language ("250 g · Whole beans"). */
  label: string;
}

type State =
  | { kind: 'idle' | 'sending' }
  | { kind: 'invalid'; text: string }
  | { kind: 'done' | 'failed'; text: string };

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
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const busy = useRef(false);

  async function submit(e?: FormEvent | KeyboardEvent) {
    e?.preventDefault();
    if (busy.current || !variationId) return;
    busy.current = true;
    try {
      const { requestAlert } = await loadNotify();
      const outcome = await requestAlert(variationId, email, locale, () => setState({ kind: 'sending' }));
      if (outcome.kind === 'invalid') setState({ kind: 'invalid', text: outcome.text });
      else if (outcome.kind === 'done') setState({ kind: 'done', text: outcome.text ?? t('title') });
      else
        setState({
          kind: 'failed',
          text: outcome.network ? t('networkError') : (outcome.text ?? t('failed')),
        });
    } catch {
      // The chunk could not be fetched (the request's own failures are answers, not throws).
      setState({ kind: 'failed', text: t('networkError') });
    } finally {
      busy.current = false;
    }
  }

  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const consentId = `${id}-consent`;
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
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-coffee-900">
            {t('email')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              value={email}
              placeholder={t('placeholder')}
              aria-invalid={state.kind === 'invalid' ? true : undefined}
              aria-describedby={state.kind === 'invalid' ? `${errorId} ${consentId}` : consentId}
              onFocus={() => void loadNotify()}
              onChange={(e) => {
                setEmail(e.target.value);
                if (state.kind === 'invalid') setState({ kind: 'idle' });
              }}
              // Inside the modal's form, Enter asks for the alert instead of submitting that form.
              onKeyDown={(e) => {
                if (variant === 'modal' && e.key === 'Enter') void submit(e);
              }}
              className="min-w-0 flex-1 rounded-lg border border-coffee-300 bg-white px-3 py-2 text-coffee-900 placeholder:text-coffee-400 rtl:text-end"
            />
            <button
              type={variant === 'modal' ? 'button' : 'submit'}
              onClick={variant === 'modal' ? () => void submit() : undefined}
              disabled={state.kind === 'sending'}
              className="shrink-0 rounded-lg bg-coffee-800 px-4 py-2 font-semibold text-white hover:bg-coffee-900 disabled:opacity-60"
            >
              {state.kind === 'sending' ? t('sending') : t('submit')}
            </button>
          </div>
          {state.kind === 'invalid' ? (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {state.text}
            </p>
          ) : null}
        </div>
        <p id={consentId} className="text-xs text-coffee-700">
          {t('consent')}
        </p>
        {state.kind === 'failed' ? (
          <p role="alert" className="text-sm text-red-700">
            {state.text}
          </p>
        ) : null}
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
