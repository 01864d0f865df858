'use client';

import { useState } from 'react';
import { useTranslations } from '@/i18n/client';
import { LanguageSwitcher } from '@/i18n/language-switcher';
import { useHydrated } from '@/shell/use-hydrated';
import { Addresses } from './addresses';
import { ClearData } from './clear-data';
import { ContactDetails } from './contact-details';
import { section } from './profile-styles';

/** SPEC 1, 6: profile and settings without an account. */
export function ProfileView() {
  const t = useTranslations('ProfilePage');
  const hydrated = useHydrated();
  const [status, setStatus] = useState('');
  if (!hydrated) return <p className="text-coffee-700">{t('loading')}</p>;
  return (
    <div className="space-y-6">
      <p
        role="status"
        aria-live="polite"
        className={status ? 'rounded-lg bg-emerald-50 p-3 text-emerald-800' : 'sr-only'}
      >
        {status}
      </p>
      <ContactDetails onSaved={setStatus} />
      <Addresses onSaved={setStatus} />
      <section aria-labelledby="settings-title" className={section}>
        <h2 id="settings-title" className="mb-3 text-lg font-semibold text-coffee-900">
          {t('settings')}
        </h2>
        <div className="flex items-center gap-3">
          <span className="text-sm text-coffee-800">{t('language')}</span>
          <LanguageSwitcher />
        </div>
      </section>
      <ClearData onCleared={setStatus} />
    </div>
  );
}
