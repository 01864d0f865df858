import type { Locale } from '@qahwa/schema/money';

// The store is in the UAE: a return's days are Dubai days, with Latin digits in Arabic as for money.
const FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-AE', { dateStyle: 'medium', timeZone: 'Asia/Dubai' }),
  ar: new Intl.DateTimeFormat('ar-AE-u-nu-latn', { dateStyle: 'medium', timeZone: 'Asia/Dubai' }),
};

/** An instant of the return (ISO) as the shopper reads a date: "28 Nov 2026" / "28 نوفمبر 2026". */
export function returnDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : FORMATS[locale].format(date);
}
