'use client';

import { isLocale, LOCALE_COOKIE, LOCALE_STORAGE_KEY } from '@qahwa/schema/reference';
import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { applyLocale } from './change-locale';

/**
 * SPEC 1: the saved preference wins. The server only sees the cookie; if the cookie is gone
 * (cleared, expired) but localStorage still holds a choice, restore the cookie and re-render.
 */
export function LocaleSync() {
  const locale = useLocale();
  const router = useRouter();
  useEffect(() => {
    let saved: string | null = null;
    try {
      saved = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    } catch {
      return;
    }
    const hasCookie = document.cookie.split('; ').some((c) => c.startsWith(`${LOCALE_COOKIE}=`));
    if (!hasCookie && isLocale(saved) && saved !== locale) {
      applyLocale(saved);
      router.refresh();
    }
  }, [locale, router]);
  return null;
}
