import type { AdminOrderFilter } from '@qahwa/schema/contracts/admin-orders';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '@qahwa/schema/reference/constants';
import { useTranslations } from 'next-intl';

/**
 * Search and filters as a plain GET form: the filter lives in the URL (shareable, back button),
 * works before any script loads, and the CSV export link carries the very same filter.
 */
export function OrderFilters({ filter, exportHref }: { filter: AdminOrderFilter; exportHref: string }) {
  const t = useTranslations('OrderFilters');
  const tStatus = useTranslations('OrderStatus');
  const tPayment = useTranslations('PaymentProvider');
  const field = 'mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm';
  const label = 'block text-xs font-medium text-stone-600';
  return (
    <form
      method="get"
      action="/backend/orders"
      aria-label={t('label')}
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="lg:col-span-2">
        <label className={label} htmlFor="orders-q">
          {t('q')}
        </label>
        <input id="orders-q" name="q" type="search" defaultValue={filter.q ?? ''} className={field} />
      </div>
      <div>
        <label className={label} htmlFor="orders-status">
          {t('status')}
        </label>
        <select id="orders-status" name="status" defaultValue={filter.status ?? ''} className={field}>
          <option value="">{t('any')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {tStatus(s)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={label} htmlFor="orders-provider">
          {t('provider')}
        </label>
        <select id="orders-provider" name="provider" defaultValue={filter.provider ?? ''} className={field}>
          <option value="">{t('any')}</option>
          {PAYMENT_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {tPayment(p)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={label} htmlFor="orders-from">
          {t('from')}
        </label>
        <input id="orders-from" name="from" type="date" defaultValue={filter.from ?? ''} className={field} />
      </div>
      <div>
        <label className={label} htmlFor="orders-to">
          {t('to')}
        </label>
        <input id="orders-to" name="to" type="date" defaultValue={filter.to ?? ''} className={field} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-6">
        <button
          type="submit"
          className="rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900"
        >
          {t('apply')}
        </button>
        <a href="/backend/orders" className="text-sm text-stone-600 underline">
          {t('reset')}
        </a>
        <a
          href={exportHref}
          className="ms-auto rounded-md border border-stone-300 px-3 py-2 text-sm text-stone-800 hover:bg-stone-50"
          download
        >
          {t('export')}
        </a>
      </div>
    </form>
  );
}
