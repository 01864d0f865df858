'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '@/checkout/fields';
import { useTranslations } from '@/i18n/client';
import { api } from '@/lib/browser-api';

/**
 * The guest's order lookup (docs/order-tracking.md): the order number and the phone or e-mail
 * given at checkout open the order's page under its signed link. The gateway answers one sentence
 * for "no such order" and "not its contact", in the shopper's language; this form adds only its
 * own words for an empty field and for the network.
 */
export function TrackForm({ initialNumber = '' }: { initialNumber?: string }) {
  const t = useTranslations('OrderTracking');
  const router = useRouter();
  const [values, setValues] = useState({ orderNumber: initialNumber, contact: '' });
  const [errors, setErrors] = useState<{ orderNumber?: string; contact?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const set = (key: 'orderNumber' | 'contact') => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const missing = {
      ...(values.orderNumber.trim() === '' ? { orderNumber: t('required') } : {}),
      ...(values.contact.trim() === '' ? { contact: t('required') } : {}),
    };
    setErrors(missing);
    setRefusal(null);
    if (Object.keys(missing).length > 0) return;
    sending.current = true;
    setBusy(true);
    const answer = await api('/api/orders/track', { method: 'POST', body: values });
    const token = answer.ok ? (answer.body as { token?: unknown } | null)?.token : undefined;
    if (typeof token === 'string') {
      router.push(`/orders/track/${encodeURIComponent(token)}`);
      return;
    }
    sending.current = false;
    setBusy(false);
    if (answer.ok) setRefusal(t('failed'));
    else if (answer.reason === 'network') setRefusal(t('networkError'));
    else {
      const byField = Object.fromEntries(answer.issues.map((i) => [i.path.replace(/^\//, ''), i.message]));
      setErrors({ orderNumber: byField.orderNumber, contact: byField.contact });
      setRefusal(answer.issues.length > 0 ? null : (answer.message ?? t('failed')));
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-labelledby="track-title"
      data-testid="track-form"
    >
      <TextField
        id="track-number"
        label={t('orderNumber')}
        hint={t('orderNumberHint')}
        value={values.orderNumber}
        onChange={set('orderNumber')}
        error={errors.orderNumber}
        autoComplete="off"
        placeholder="QH-100001"
        ltr
      />
      <TextField
        id="track-contact"
        label={t('contact')}
        hint={t('contactHint')}
        value={values.contact}
        onChange={set('contact')}
        error={errors.contact}
        type="text"
        autoComplete="tel"
        placeholder={t('contactPlaceholder')}
        ltr
      />
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-coffee-800 px-4 py-3 font-semibold text-white hover:bg-coffee-900 disabled:bg-coffee-300 sm:w-auto"
      >
        {busy ? t('busy') : t('submit')}
      </button>
    </form>
  );
}
