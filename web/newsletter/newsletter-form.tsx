'use client';

import { type FormEvent, useId } from 'react';
import { useEmailCapture } from '@/forms/email-capture';
import { useLocale, useTranslations } from '@/i18n/client';

// The validation, the request and the error event: fetched on the first focus of the field, so the
// footer on every page carries only the form (the 150 KB per route budget, docs/performance.md).
const loadSubscribe = () => import('./subscribe');

/**
 * SPEC 2.8 newsletter signup in the footer of every page. The shared e-mail rule (zod) and the
 * request are `subscribe.ts`, loaded on the field's first focus or on submit: the footer is on
 * every page, and the validation library would otherwise add ~45 KB to each of them (docs/web.md,
 * "What every page loads").
 */
export function NewsletterForm() {
  const t = useTranslations('Newsletter');
  const locale = useLocale();
  const id = useId();
  const capture = useEmailCapture<object>({ networkError: t('networkError'), failed: t('failed') });
  const { email, setEmail, state } = capture;

  async function submit(e: FormEvent) {
    e.preventDefault();
    let report: ((text: string) => void) | undefined;
    const next = await capture.send(async (address, onSending) => {
      const { subscribe, reportFailure } = await loadSubscribe();
      report = reportFailure;
      return subscribe(address, locale, onSending);
    });
    if (next?.kind === 'done') setEmail('');
    // SPEC 8: 'Failed to subscribe. Please try again.' / 'Network error. Please try again.'
    if (next?.kind === 'failed') report?.(next.text);
  }

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-white">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-coffee-200">{t('text')}</p>
      {/* The field's width comes from the row, not its own size: at 320 px its default width made the footer wider than the phone. */}
      <div className="mt-3 flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t('email')}
        </label>
        <input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          placeholder={t('placeholder')}
          aria-invalid={state.kind === 'invalid' ? true : undefined}
          aria-describedby={state.kind === 'invalid' ? errorId : undefined}
          onFocus={() => void loadSubscribe()}
          onChange={(e) => setEmail(e.target.value)}
          className="w-0 min-w-0 flex-1 rounded-lg border border-coffee-600 bg-coffee-900 px-3 py-2 text-white placeholder:text-coffee-300 rtl:text-end"
        />
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className="shrink-0 rounded-lg bg-amber-500 px-4 py-2 font-semibold text-coffee-950 hover:bg-amber-400 disabled:opacity-60"
        >
          {t('subscribe')}
        </button>
      </div>
      {state.kind === 'invalid' && (
        <p id={errorId} className="mt-2 text-sm text-red-200">
          {state.text}
        </p>
      )}
      <p
        role="status"
        aria-live="polite"
        className={
          state.kind === 'done' || state.kind === 'failed' ? 'mt-2 text-sm text-amber-100' : 'sr-only'
        }
      >
        {state.kind === 'done' ? t('success') : state.kind === 'failed' ? state.text : ''}
      </p>
    </form>
  );
}
