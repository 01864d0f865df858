import type { Locale } from '../money/money';
import { DEFAULT_LOCALE, LOCALES } from './constants';

/*
 * The language of a request (SPEC 1), shared by the storefront, the back office and the gateway.
 * Pure and free of zod, so the front ends can import it into the browser bundle directly
 * (`@qahwa/schema/reference`).
 */

export type Direction = 'ltr' | 'rtl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): Direction {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The best supported language of an Accept-Language header, by q-value then by the order the
 * browser sent ("ar-AE,ar;q=0.9,en;q=0.8" → ar). Region subtags are dropped. Unknown → null.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/**
 * The server's choice for a request: an explicit choice (the gateway's `x-locale` header), else
 * the saved preference (the cookie the language menu writes beside localStorage), else the
 * browser's languages, else English.
 */
export function resolveLocale(input: {
  explicit?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.explicit)) return input.explicit;
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
