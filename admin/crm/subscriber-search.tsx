import { useTranslations } from 'next-intl';

/**
 * Search by e-mail (a GET form: the URL keeps the search) and the CSV export of what is shown,
 * a plain link the browser downloads through the /backend/api proxy with the staff cookie.
 */
export function SubscriberSearch({ q, status }: { q: string; status?: string | undefined }) {
  const t = useTranslations('CrmSubscribers');
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) }).toString();
  const exportHref = `/backend/api/admin/subscribers/export${query ? `?${query}` : ''}`;
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <search>
        <form action="/backend/subscribers" method="get" className="flex flex-wrap items-end gap-2">
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <label className="flex flex-col gap-1 text-sm font-medium text-stone-700">
            {t('search')}
            <input
              type="search"
              name="q"
              defaultValue={q}
              maxLength={200}
              dir="ltr"
              placeholder={t('searchPlaceholder')}
              className="w-72 max-w-full rounded-md border border-stone-300 bg-white px-3 py-1.5 text-start text-sm text-stone-900"
            />
          </label>
          <button
            type="submit"
            className="rounded-md bg-coffee-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-coffee-800"
          >
            {t('searchButton')}
          </button>
        </form>
      </search>
      <a
        href={exportHref}
        download
        className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
      >
        {t('export')}
      </a>
    </div>
  );
}
