import type { AdminOrderFilter } from '@qahwa/schema/contracts';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '@qahwa/schema/reference';
import { useTranslations } from 'next-intl';
import { FilterForm, optionsOf } from '@/ui/filter-form';

/** The orders screen's search and filters; the CSV export link carries the very same filter. */
export function OrderFilters({ filter, exportHref }: { filter: AdminOrderFilter; exportHref: string }) {
  const t = useTranslations('OrderFilters');
  const tStatus = useTranslations('OrderStatus');
  const tPayment = useTranslations('PaymentProvider');
  return (
    <FilterForm
      id="orders"
      action="/backend/orders"
      label={t('label')}
      columns={6}
      fields={[
        { kind: 'search', name: 'q', label: t('q'), value: filter.q, wide: true },
        {
          kind: 'select',
          name: 'status',
          label: t('status'),
          value: filter.status,
          any: t('any'),
          options: optionsOf(ORDER_STATUSES, (s) => tStatus(s)),
        },
        {
          kind: 'select',
          name: 'provider',
          label: t('provider'),
          value: filter.provider,
          any: t('any'),
          options: optionsOf(PAYMENT_PROVIDERS, (p) => tPayment(p)),
        },
        { kind: 'date', name: 'from', label: t('from'), value: filter.from },
        { kind: 'date', name: 'to', label: t('to'), value: filter.to },
      ]}
      apply={t('apply')}
      reset={{ href: '/backend/orders', label: t('reset') }}
    >
      <a
        href={exportHref}
        className="ms-auto rounded-md border border-stone-300 px-3 py-2 text-sm text-stone-800 hover:bg-stone-50"
        download
      >
        {t('export')}
      </a>
    </FilterForm>
  );
}
