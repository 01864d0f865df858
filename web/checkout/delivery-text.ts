import { deliveryWindow, type Locale } from '@qahwa/schema';
import { gulfDate } from '@qahwa/schema/reference';

/** A calendar day (YYYY-MM-DD) as it is, not moved by a time zone; Latin digits as every price. */
const DAY: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-AE', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat('ar-AE-u-nu-latn', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }),
};

/**
 * A delivery day as the checkout's summary, the confirmation and the order's page show it
 * ("Tue, 2 Dec"): the one format of an estimated delivery's dates.
 */
export function deliveryDay(day: string, locale: Locale): string {
  return DAY[locale].format(new Date(`${day}T00:00:00Z`));
}

/**
 * The summary's estimated delivery for an order placed now: the rule's days as dates (one date when
 * both ends meet), its days as staff wrote them when they are not a number of days, nothing without
 * a rule. `range` words "{from} – {to}" in the shopper's language.
 */
export function estimatedDeliveryText(
  estimatedDays: string | null | undefined,
  now: Date,
  locale: Locale,
  range: (from: string, to: string) => string,
): string | null {
  if (!estimatedDays?.trim()) return null;
  const span = deliveryWindow(estimatedDays, gulfDate(now));
  if (!span) return estimatedDays.trim();
  const day = (d: string) => deliveryDay(d, locale);
  return span.from === span.to ? day(span.from) : range(day(span.from), day(span.to));
}
