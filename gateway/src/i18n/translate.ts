import { interpolate, type Locale, MESSAGES } from '@qahwa/schema';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English message of the shared table as a pattern, its placeholders as capture groups. */
const TEMPLATES = Object.values(MESSAGES).map((text) => {
  const names: string[] = [];
  const pattern = text.en
    .split(/\{(\w+)\}/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { re: new RegExp(`^${pattern}$`), names, ar: text.ar };
});

/**
 * A validation message in the shopper's language. Request bodies are validated by the shared
 * schemas built in English (one contract for the OpenAPI document); for an Arabic shopper each
 * issue is matched back to its entry in the shared message table and rendered in Arabic, with
 * the same parameters. A message the table does not know stays as it is.
 */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  for (const { re, names, ar } of TEMPLATES) {
    const m = re.exec(message);
    if (m) return interpolate(ar, Object.fromEntries(names.map((name, i) => [name, m[i + 1] ?? ''])));
  }
  return message;
}
