'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { pageLocale, readSavedLocale, saveLocale } from './client-locale';

/**
 * SPEC 1 on load: the page meta tag says what the server rendered; a different choice saved in
 * localStorage (say, from before the cookie expired) wins, is mirrored into the cookie, and the
 * server renders again. Runs once per page load, so a browser that refuses cookies cannot loop.
 */
export function LocaleSync() {
  const router = useRouter();
  useEffect(() => {
    const rendered = pageLocale();
    const saved = readSavedLocale();
    if (saved && rendered && saved !== rendered) {
      saveLocale(saved);
      router.refresh();
    }
  }, [router]);
  return null;
}
