import type { CustomerSort } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/**
 * Search and sort as a plain GET form: the URL is the state, so a search can be bookmarked or sent
 * to a colleague, and it works before any JavaScript has loaded.
 */
export function CustomerSearch({ q, sort }: { q: string | undefined; sort: CustomerSort }) {
  const t = useTranslations('Customers');
  const field = 'mt-1 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm';
  return (
    <form
      method="get"
      action="/backend/customers"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <label className="block min-w-64 flex-1 text-sm font-medium text-stone-700">
        {t('search')}
        <input
          type="search"
          name="q"
          defaultValue={q ?? ''}
          maxLength={120}
          placeholder={t('searchPlaceholder')}
          className={`${field} w-full`}
        />
      </label>
      <label className="block text-sm font-medium text-stone-700">
        {t('sortBy')}
        <select name="sort" defaultValue={sort} className={`${field} block`}>
          <option value="lastOrder">{t('sortLastOrder')}</option>
          <option value="totalSpent">{t('sortTotalSpent')}</option>
        </select>
      </label>
      <button
        type="submit"
        className="rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900"
      >
        {t('apply')}
      </button>
      {q ? (
        <Link href="/backend/customers" className="py-2 text-sm text-amber-800 underline">
          {t('clear')}
        </Link>
      ) : null}
    </form>
  );
}
