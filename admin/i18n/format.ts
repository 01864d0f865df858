import type { Locale } from '@qahwa/schema';

/** The store and its staff are in the UAE: every time is shown in Dubai time. */
export const TIME_ZONE = 'Asia/Dubai';

// Latin digits in Arabic too, as for money (see formatAed in @qahwa/schema): staff compare
// these with order e-mails, bank statements and the payment providers' dashboards.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-AE-u-nu-latn' };

export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(date);
}

/** A calendar day 'YYYY-MM-DD' (already a Dubai day) → "22 Nov" / "22 نوفمبر". */
export function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
}

export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
}

/** Today's calendar day in Dubai, 'YYYY-MM-DD'. */
export function dubaiDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
