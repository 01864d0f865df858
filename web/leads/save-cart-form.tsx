'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from '@/i18n/client';

// The validation and the request: fetched on the field's first focus (the per-route budget).
const loadSaveCart = () => import('./save-cart');

type State =
  | { kind: 'idle' | 'sending' }
  | { kind: 'invalid'; text: string }
  | { kind: 'done'; email: string }
  | { kind: 'failed'; text: string };

/**
 * "Save my cart" (docs/leads.md): an e-mail for this cart, reported as a lead with the `manual`
 * trigger, so the one recovery e-mail links back to it if the shopper does not order. Says what
 * the address is used for, as the store's other e-mail captures do.
 */
export function SaveCartForm({ items }: { items: readonly CartItem[] }) {
  const t = useTranslations('SaveCart');
  const locale = useLocale() as 'en' | 'ar';
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const busy = useRef(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      const { saveCart } = await loadSaveCart();
      const outcome = await saveCart(items, email, locale, () => setState({ kind: 'sending' }));
      if (outcome.kind === 'invalid') setState({ kind: 'invalid', text: outcome.text });
      else if (outcome.kind === 'done') setState({ kind: 'done', email: outcome.email });
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
  return (
    <section aria-labelledby={titleId} data-save-cart className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={titleId} className="font-semibold text-coffee-900">
        {t('title')}
      </h2>
      {state.kind === 'done' ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {t('saved')}{' '}
          <bdi dir="ltr" className="font-medium">
            {state.email}
          </bdi>
        </p>
      ) : (
        <form noValidate onSubmit={submit} aria-labelledby={titleId} className="mt-1 space-y-3">
          <p className="text-sm text-coffee-700">{t('intro')}</p>
          <div>
            <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-coffee-900">
              {t('email')}
            </label>
            {/* Stacked at every width: the form sits in the cart page's narrow column on a desktop too. */}
            <div className="flex flex-col gap-2">
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
                onFocus={() => void loadSaveCart()}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (state.kind === 'invalid') setState({ kind: 'idle' });
                }}
                className="min-w-0 flex-1 rounded-lg border border-coffee-300 bg-white px-3 py-2 text-coffee-900 placeholder:text-coffee-400 rtl:text-end"
              />
              <button
                type="submit"
                disabled={state.kind === 'sending'}
                className="shrink-0 rounded-lg border border-coffee-800 px-4 py-2 font-semibold text-coffee-900 hover:bg-coffee-50 disabled:opacity-60"
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
        </form>
      )}
    </section>
  );
}
