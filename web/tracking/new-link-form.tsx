'use client';

import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '@/checkout/fields';
import { postJson } from '@/contact/post-json';
import { useTranslations } from '@/i18n/client';

/**
 * A new tracking link by e-mail (docs/order-tracking.md): the gateway answers the same words
 * whether or not the address is the order's, and mails only the order's own address.
 */
export function NewLinkForm({ initialNumber = '' }: { initialNumber?: string }) {
  const t = useTranslations('OrderTracking');
  const [values, setValues] = useState({ orderNumber: initialNumber, email: '' });
  const [errors, setErrors] = useState<{ orderNumber?: string; email?: string }>({});
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' | 'failed'; text?: string }>({
    kind: 'idle',
  });
  const sending = useRef(false);
  const set = (key: 'orderNumber' | 'email') => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const missing = {
      ...(values.orderNumber.trim() === '' ? { orderNumber: t('required') } : {}),
      ...(values.email.trim() === '' ? { email: t('required') } : {}),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    sending.current = true;
    setState({ kind: 'busy' });
    const answer = await postJson('/api/orders/track/link', values);
    sending.current = false;
    if (answer.ok) setState({ kind: 'done', ...(answer.message ? { text: answer.message } : {}) });
    else
      setState({ kind: 'failed', text: answer.network ? t('networkError') : (answer.error ?? t('failed')) });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-labelledby="new-link-title"
      data-testid="new-link-form"
    >
      <TextField
        id="new-link-number"
        label={t('orderNumber')}
        value={values.orderNumber}
        onChange={set('orderNumber')}
        error={errors.orderNumber}
        autoComplete="off"
        placeholder="QH-100001"
        ltr
      />
      <TextField
        id="new-link-email"
        label={t('email')}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        ltr
      />
      {state.kind === 'done' || state.kind === 'failed' ? (
        <p
          role={state.kind === 'failed' ? 'alert' : 'status'}
          className={
            state.kind === 'failed'
              ? 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800'
              : 'rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900'
          }
        >
          {state.text}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={state.kind === 'busy'}
        className="w-full rounded-lg border border-coffee-800 px-4 py-3 font-semibold text-coffee-800 hover:bg-coffee-50 disabled:opacity-60 sm:w-auto"
      >
        {t('newLinkSubmit')}
      </button>
    </form>
  );
}
