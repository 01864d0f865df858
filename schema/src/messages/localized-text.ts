import type { Locale } from '../money/money';

/**
 * A text shown to people, in both languages the store speaks. The gateway answers in the
 * shopper's language and the web shows the same words, because both read the same table.
 * Placeholders are `{name}`; the English of every SPEC message is kept character for character.
 */
export interface LocalizedText {
  readonly en: string;
  readonly ar: string;
}

export type MessageParams = Readonly<Record<string, string | number>>;

/** A message with its stable code: what an API error or a form error carries. */
export interface LocalizedMessage extends LocalizedText {
  readonly code: string;
}

/**
 * Fills `{name}` placeholders. A placeholder without a value is left as written, so a
 * missing parameter shows up in a test or a screenshot instead of silently turning into "".
 */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : String(value);
  });
}

export function localize(text: LocalizedText, locale: Locale, params?: MessageParams): string {
  return interpolate(locale === 'ar' ? text.ar : text.en, params);
}

/** Both languages at once, placeholders filled: for API bodies read by a client of either language. */
export function bilingual(text: LocalizedText, params?: MessageParams): LocalizedText {
  return { en: interpolate(text.en, params), ar: interpolate(text.ar, params) };
}

/** The `{name}` placeholders a template uses, in order of first appearance. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))];
}
