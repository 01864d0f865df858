import type { Locale } from '@qahwa/schema';
import { directionOf, LOCALE_COOKIE, LOCALE_STORAGE_KEY } from '@qahwa/schema/reference';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Saves the choice where both sides read it (localStorage for the browser, the cookie for
 * the server's next render) and applies it to the document at once. The caller refreshes.
 */
export function applyLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or storage disabled: the cookie alone still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads; the Cookie Store API is not in every browser staff use.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
