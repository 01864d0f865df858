import type { AdminPaymentFilter } from '@qahwa/schema/contracts/admin-payments';
import { ATTENTION_KINDS, PAYMENT_RECORD_METHODS } from '@qahwa/schema/payments/attention';
import { PAYMENT_PROVIDERS } from '@qahwa/schema/reference/constants';
import { useTranslations } from 'next-intl';

const STATUSES = ['succeeded', 'failed', 'pending', 'collected', 'cancelled', 'rejected'] as const;

/**
 * Search and filters as a plain GET form, as on the orders screen: the filter lives in the URL
 * (shareable, back button) and works before any script loads. The attention tab is a field too.
 */
export function PaymentFilters({ filter }: { filter: AdminPaymentFilter }) {
  const t = useTranslations('Payments.filters');
  const tMethod = useTranslations('Payments.method');
  const tStatus = useTranslations('Payments.status');
  const tReason = useTranslations('Payments.attention');
  const tProvider = useTranslations('Payments.provider');
  const field = 'mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm';
  const label = 'block text-xs font-medium text-stone-600';
  return (
    <form
      method="get"
      action="/backend/payments"
      aria-label={t('label')}
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-7"
    >
      {filter.attention ? <input type="hidden" name="attention" value={filter.attention} /> : null}
      <div className="lg:col-span-2">
        <label className={label} htmlFor="payments-q">
          {t('q')}
        </label>
        <input
          id="payments-q"
          name="q"
          type="search"
          defaultValue={filter.q ?? ''}
          className={field}
          dir="ltr"
        />
      </div>
      <div>
        <label className={label} htmlFor="payments-provider">
          {t('provider')}
        </label>
        <select id="payments-provider" name="provider" defaultValue={filter.provider ?? ''} className={field}>
          <option value="">{t('any')}</option>
          {PAYMENT_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {tProvider(p)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={label} htmlFor="payments-method">
          {t('method')}
        </label>
        <select id="payments-method" name="method" defaultValue={filter.method ?? ''} className={field}>
          <option value="">{t('any')}</option>
          {PAYMENT_RECORD_METHODS.map((m) => (
            <option key={m} value={m}>
              {tMethod(m)}
            </option>
          ))}
        </select>
      </div>
      {filter.attention === 'true' ? (
        <div>
          <label className={label} htmlFor="payments-reason">
            {t('reason')}
          </label>
          <select id="payments-reason" name="reason" defaultValue={filter.reason ?? ''} className={field}>
            <option value="">{t('any')}</option>
            {ATTENTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {tReason(k)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div>
          <label className={label} htmlFor="payments-status">
            {t('status')}
          </label>
          <select id="payments-status" name="status" defaultValue={filter.status ?? ''} className={field}>
            <option value="">{t('any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {tStatus(s)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label className={label} htmlFor="payments-from">
          {t('from')}
        </label>
        <input
          id="payments-from"
          name="from"
          type="date"
          defaultValue={filter.from ?? ''}
          className={field}
        />
      </div>
      <div>
        <label className={label} htmlFor="payments-to">
          {t('to')}
        </label>
        <input id="payments-to" name="to" type="date" defaultValue={filter.to ?? ''} className={field} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-7">
        <button
          type="submit"
          className="rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900"
        >
          {t('apply')}
        </button>
        <a
          href={filter.attention ? `/backend/payments?attention=${filter.attention}` : '/backend/payments'}
          className="text-sm text-stone-600 underline"
        >
          {t('reset')}
        </a>
      </div>
    </form>
  );
}
