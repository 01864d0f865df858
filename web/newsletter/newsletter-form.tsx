'use client';

import { type FormEvent, useId, useRef, useState } from 'react';
import { track } from '../analytics/events';
import { postJson } from '../contact/post-json';
import { useLocale, useTranslations } from '../i18n/client';

/**
 * SPEC 2.8 newsletter signup in the footer of every page. The shared e-mail rule (zod) is loaded
 * on submit only: the footer is on every page, and the validation library would otherwise add
 * ~45 KB to each of them (docs/web.md, "What every page loads").
 */
export function NewsletterForm() {
  const t = useTranslations('Newsletter');
  const locale = useLocale();
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{
    kind: 'idle' | 'sending' | 'done' | 'invalid' | 'failed';
    text?: string;
  }>({
    kind: 'idle',
  });
  const busy = useRef(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      const [{ newsletterFormSchema }, { validateForm }] = await Promise.all([
        import('@qahwa/schema/validation/newsletter-form'),
        import('@qahwa/schema/validation/form-errors'),
      ]);
      const result = validateForm(newsletterFormSchema(locale), { email });
      if (!result.ok) {
        setState({ kind: 'invalid', text: result.errors.email });
        return;
      }
      setState({ kind: 'sending' });
      const answer = await postJson('/api/newsletter', { email: result.data.email, locale });
      if (answer.ok) {
        setState({ kind: 'done', text: t('success') });
        setEmail('');
      } else {
        // SPEC 8: 'Failed to subscribe. Please try again.' / 'Network error. Please try again.'
        const text = answer.network ? t('networkError') : (answer.error ?? t('failed'));
        setState({ kind: 'failed', text });
        track('error', { message: text, where: 'newsletter' });
      }
    } finally {
      busy.current = false;
    }
  }

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-white">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-coffee-200">{t('text')}</p>
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
          onChange={(e) => {
            setEmail(e.target.value);
            if (state.kind === 'invalid') setState({ kind: 'idle' });
          }}
          className="min-w-0 flex-1 rounded-lg border border-coffee-600 bg-coffee-900 px-3 py-2 text-white placeholder:text-coffee-300 rtl:text-end"
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
        {state.kind === 'done' || state.kind === 'failed' ? state.text : ''}
      </p>
    </form>
  );
}
