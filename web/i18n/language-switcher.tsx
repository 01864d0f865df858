'use client';

import type { Locale } from '@qahwa/schema/money';
import { isLocale, LOCALES } from '@qahwa/schema/reference';
import { useRouter } from 'next/navigation';
import { useId, useTransition } from 'react';
import { track } from '@/analytics/events';
import { useLocale, useTranslations } from './client';
import { saveLocale } from './client-locale';

/** A native select: the lightest accessible control ("Language" combobox with English / العربية). */
export function LanguageSwitcher() {
  const t = useTranslations('LanguageSwitcher');
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();

  function change(next: string) {
    if (!isLocale(next) || next === locale) return;
    track('language_change', { from: locale, to: next });
    saveLocale(next);
    startTransition(() => router.refresh());
  }

  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(e) => change(e.target.value)}
        className="h-9 rounded-md border border-coffee-200 bg-white ps-2 pe-7 text-sm text-coffee-900 focus:outline-2 focus:outline-coffee-600"
      >
        {LOCALES.map((l: Locale) => (
          <option key={l} value={l} lang={l}>
            {t(l)}
          </option>
        ))}
      </select>
    </div>
  );
}
