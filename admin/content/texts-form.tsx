'use client';

import { SITE_TEXT_KEYS, type SiteTextKey, type SiteTexts } from '@qahwa/schema/contracts';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';

const input = 'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900';

function TextForm({
  textKey,
  initial,
  canEdit,
  onSave,
}: {
  textKey: SiteTextKey;
  initial: { en: string; ar: string };
  canEdit: boolean;
  onSave: (body: { en: string; ar: string }) => Promise<string | null>;
}) {
  const t = useTranslations('Content');
  const [en, setEn] = useState(initial.en);
  const [ar, setAr] = useState(initial.ar);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!en.trim() || !ar.trim()) {
      setError(t('textRequired'));
      return;
    }
    setError(await onSave({ en, ar }));
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <fieldset disabled={!canEdit} className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-stone-900">{t(`texts.${textKey}`)}</legend>
        <label className="space-y-1 text-sm text-stone-700">
          <span>{t('english')}</span>
          <textarea className={input} dir="ltr" rows={3} value={en} onChange={(e) => setEn(e.target.value)} />
        </label>
        <label className="space-y-1 text-sm text-stone-700">
          <span>{t('arabic')}</span>
          <textarea className={input} dir="rtl" rows={3} value={ar} onChange={(e) => setAr(e.target.value)} />
        </label>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {canEdit ? (
        <button
          type="submit"
          className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
        >
          {t('saveText', { name: t(`texts.${textKey}`) })}
        </button>
      ) : null}
    </form>
  );
}

/** The storefront texts staff may change (about, store hours, the support line), in both languages. */
export function TextsForm({
  texts,
  canEdit,
  onSave,
}: {
  texts: SiteTexts;
  canEdit: boolean;
  onSave: (key: SiteTextKey, body: { en: string; ar: string }) => Promise<string | null>;
}) {
  const t = useTranslations('Content');
  return (
    <section
      aria-labelledby="texts-heading"
      className="space-y-6 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id="texts-heading" className="text-lg font-semibold text-stone-900">
        {t('textsTitle')}
      </h2>
      {SITE_TEXT_KEYS.map((key) => (
        <TextForm
          key={key}
          textKey={key}
          initial={texts[key] ?? { en: '', ar: '' }}
          canEdit={canEdit}
          onSave={(body) => onSave(key, body)}
        />
      ))}
    </section>
  );
}
