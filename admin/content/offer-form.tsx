'use client';

import type { OfferSettings, OfferSettingsWrite } from '@qahwa/schema/contracts';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/ui/form-field';

const input = 'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900';

/** An ISO instant → what a datetime-local input shows, in the browser's time (staff are in the UAE). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** SPEC 3 offer settings: active, end time, message in both languages (the storefront's countdown banner). */
export function OfferForm({
  offer,
  canEdit,
  onSave,
}: {
  offer: OfferSettings;
  canEdit: boolean;
  onSave: (body: OfferSettingsWrite) => Promise<string | null>;
}) {
  const t = useTranslations('Content');
  const [isActive, setActive] = useState(offer.isActive);
  const [endTime, setEndTime] = useState(localInput(offer.endTime));
  const [message, setMessage] = useState(offer.message ?? '');
  const [messageAr, setMessageAr] = useState(offer.messageAr ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // SPEC 2.8: the banner hides without an end time or once it passed; say so before saving.
    if (isActive && (!endTime || new Date(endTime).getTime() <= Date.now())) {
      setError(t('offerEndRequired'));
      return;
    }
    setBusy(true);
    setError(
      await onSave({
        isActive,
        endTime: endTime ? new Date(endTime).toISOString() : null,
        message,
        messageAr,
      }),
    );
    setBusy(false);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="offer-heading"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id="offer-heading" className="text-lg font-semibold text-stone-900">
        {t('offerTitle')}
      </h2>
      <fieldset disabled={!canEdit} className="space-y-4">
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="size-4"
            checked={isActive}
            onChange={(e) => setActive(e.target.checked)}
          />
          {t('offerActive')}
        </label>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="offer-end" label={t('offerEnd')}>
            <input
              className={input}
              type="datetime-local"
              dir="ltr"
              value={endTime}
              onChange={(e) => setEndTime(e.target.value)}
            />
          </FormField>
          <FormField id="offer-message" label={t('offerMessage')}>
            <input className={input} dir="ltr" value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
          <FormField id="offer-message-ar" label={t('offerMessageAr')}>
            <input
              className={input}
              dir="rtl"
              value={messageAr}
              onChange={(e) => setMessageAr(e.target.value)}
            />
          </FormField>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {canEdit ? (
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
          >
            {busy ? t('saving') : t('saveOffer')}
          </button>
        ) : null}
      </fieldset>
    </form>
  );
}
