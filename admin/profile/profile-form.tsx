'use client';

import type { StaffProfile } from '@qahwa/schema/contracts';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { applyLocale } from '@/i18n/change-locale';
import { ApiError, api } from '@/lib/browser-api';
import { buttonClass, FormField, inputClass } from '@/ui/form-field';
import { useToast } from '@/ui/toast';

/** Name and language. A saved language applies at once and wins on every later sign-in. */
export function ProfileForm({ profile }: { profile: StaffProfile }) {
  const t = useTranslations('ProfileForm');
  const tLang = useTranslations('LanguageMenu');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = form.get('locale');
    const locale = chosen === 'ar' || chosen === 'en' ? chosen : null;
    setBusy(true);
    setError(null);
    try {
      const saved = await api<StaffProfile>('PATCH', '/profile', {
        name: String(form.get('name') ?? '').trim(),
        locale,
      });
      // The gateway set the cookie; this also keeps localStorage and <html dir> in step.
      if (saved.locale) applyLocale(saved.locale);
      toast.success(t('saved'));
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <FormField id="profile-name" label={t('name')} required>
        <input
          name="name"
          defaultValue={profile.name}
          maxLength={100}
          autoComplete="name"
          className={inputClass}
        />
      </FormField>
      <FormField id="profile-locale" label={t('language')} hint={t('languageHint')}>
        <select name="locale" defaultValue={profile.locale ?? ''} className={inputClass}>
          <option value="">{t('browser')}</option>
          <option value="en">{tLang('en')}</option>
          <option value="ar">{tLang('ar')}</option>
        </select>
      </FormField>
      <div className="flex justify-end">
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
