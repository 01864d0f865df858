import { useLocale, useTranslations } from 'next-intl';

/** Dubai's current year and month: the month the form offers first. */
function dubaiMonth(now: Date): { year: number; month: number } {
  const d = new Date(now.getTime() + 4 * 3600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/**
 * The accountant's export (docs/invoices.md): a month's invoices, receipts and credit notes as
 * CSV. A plain GET form, so the browser downloads the file the gateway sends.
 */
export function DocumentsExport({ now = new Date() }: { now?: Date }) {
  const t = useTranslations('DocumentsExport');
  const locale = useLocale();
  // The month's name in the page's language (Gregorian, as the invoices are dated).
  const monthName = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE' : 'en-AE', {
    month: 'long',
    timeZone: 'UTC',
  });
  const { year, month } = dubaiMonth(now);
  const years = Array.from({ length: 4 }, (_, i) => year - i);
  const select = 'rounded-md border border-stone-300 bg-white px-2 py-2 text-sm text-stone-800';
  return (
    <form
      action="/backend/api/admin/documents/export"
      method="get"
      aria-label={t('label')}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-3 shadow-sm"
    >
      <label className="flex flex-col gap-1 text-xs text-stone-600">
        {t('month')}
        <select name="month" defaultValue={month} className={select}>
          {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
            <option key={m} value={m}>
              {monthName.format(new Date(Date.UTC(2026, m - 1, 1)))}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-stone-600">
        {t('year')}
        <select name="year" defaultValue={year} className={select}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-md border border-stone-300 px-3 py-2 text-sm text-stone-800 hover:bg-stone-50"
      >
        {t('submit')}
      </button>
      <p className="text-xs text-stone-500">{t('hint')}</p>
    </form>
  );
}
