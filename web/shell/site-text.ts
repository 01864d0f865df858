import type { SiteTextKey, SiteTexts } from '@qahwa/schema/contracts';

/**
 * One of staff's content texts in the page's language, or null when staff have written none (or
 * only spaces): the caller then shows its own fallback.
 */
export function siteText(texts: SiteTexts, key: SiteTextKey, locale: string): string | null {
  const text = texts[key]?.[locale === 'ar' ? 'ar' : 'en']?.trim();
  return text ? text : null;
}
