import type { Locale } from '@qahwa/schema/money';
import { directionOf, isLocale, LOCALE_COOKIE, LOCALE_STORAGE_KEY } from '@qahwa/schema/reference';

const ONE_YEAR_S = 60 * 60 * 24 * 365;

export function readSavedLocale(): Locale | null {
  try {
    const saved = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : null;
  } catch {
    // Private mode or storage disabled: the cookie and the meta tag still work.
    return null;
  }
}

/** SPEC 1: every change is saved (localStorage + the cookie the server reads) and sets lang and dir at once. */
export function saveLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage disabled: the cookie below is enough for the server to render the right language.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari < 18.4 and Firefox.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The language the server rendered this page in (SPEC 1: the page meta tag comes first). */
export function pageLocale(): Locale | null {
  const content = document.querySelector('meta[name="language"]')?.getAttribute('content');
  return isLocale(content) ? content : null;
}
