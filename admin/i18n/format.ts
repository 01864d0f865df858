import type { Locale } from '@qahwa/schema';

/** The store and its staff are in the UAE: every time is shown in Dubai time. */
export const TIME_ZONE = 'Asia/Dubai';

// Latin digits in Arabic too, as for money (see formatAed in @qahwa/schema): staff compare
// these with order e-mails, bank statements and the payment providers' dashboards.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-AE-u-nu-latn' };

/**
 * Each formatter made once per language: building an Intl formatter costs hundreds of times more
 * than formatting with it, and a table formats a date on every row (50 rows of the audit log).
 */
const perLocale = <T>(make: (intlLocale: string) => T): Record<Locale, T> => ({
  en: make(INTL_LOCALE.en),
  ar: make(INTL_LOCALE.ar),
});
const DATE_TIME = perLocale(
  (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
);
const DAY = perLocale((l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const COUNT = perLocale((l) => new Intl.NumberFormat(l));
const DUBAI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (DATE_TIME[locale] ?? DATE_TIME.en).format(date);
}

/** A calendar day 'YYYY-MM-DD' (already a Dubai day) → "22 Nov" / "22 نوفمبر". */
export function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (DAY[locale] ?? DAY.en).format(date);
}

export function formatCount(value: number, locale: Locale): string {
  return (COUNT[locale] ?? COUNT.en).format(value);
}

/** Today's calendar day in Dubai, 'YYYY-MM-DD'. */
export function dubaiDay(now: Date = new Date()): string {
  return DUBAI_DAY.format(now);
}
