import type { Locale } from '@qahwa/schema';
// Deep import: this module reaches the browser, and the package barrel would bring zod along.
import { DEFAULT_LOCALE, LOCALES } from '@qahwa/schema/reference/constants';

export type Direction = 'ltr' | 'rtl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): Direction {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The best supported language of an Accept-Language header, by q-value, or null.
 * "ar-AE,ar;q=0.9,en;q=0.8" → 'ar'. Region subtags are dropped: we only ship en and ar.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.quality) && entry.quality > 0)
    // Stable: equal q-values keep the order the browser sent.
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/**
 * The server's choice of language for a request: the saved preference (cookie, which the
 * language menu writes alongside localStorage), else the browser's languages, else English.
 */
export function resolveLocale(input: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
