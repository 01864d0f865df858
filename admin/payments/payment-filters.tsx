import type { AdminPaymentFilter } from '@qahwa/schema/contracts';
import { ATTENTION_KINDS, PAYMENT_RECORD_METHODS } from '@qahwa/schema/payments';
import { PAYMENT_PROVIDERS } from '@qahwa/schema/reference';
import { useTranslations } from 'next-intl';
import { FilterForm, optionsOf } from '@/ui/filter-form';

const STATUSES = ['succeeded', 'failed', 'pending', 'collected', 'cancelled', 'rejected'] as const;

/**
 * The payments screen's search and filters, as on the orders screen. The attention tab is part of
 * the filter too (a hidden field, kept by reset); on that tab the status field becomes the reason.
 */
export function PaymentFilters({ filter }: { filter: AdminPaymentFilter }) {
  const t = useTranslations('Payments.filters');
  const tMethod = useTranslations('Payments.method');
  const tStatus = useTranslations('Payments.status');
  const tReason = useTranslations('Payments.attention');
  const tProvider = useTranslations('Payments.provider');
  return (
    <FilterForm
      id="payments"
      action="/backend/payments"
      label={t('label')}
      columns={7}
      hidden={{ attention: filter.attention }}
      fields={[
        { kind: 'search', name: 'q', label: t('q'), value: filter.q, wide: true, dir: 'ltr' },
        {
          kind: 'select',
          name: 'provider',
          label: t('provider'),
          value: filter.provider,
          any: t('any'),
          options: optionsOf(PAYMENT_PROVIDERS, (p) => tProvider(p)),
        },
        {
          kind: 'select',
          name: 'method',
          label: t('method'),
          value: filter.method,
          any: t('any'),
          options: optionsOf(PAYMENT_RECORD_METHODS, (m) => tMethod(m)),
        },
        filter.attention === 'true'
          ? {
              kind: 'select',
              name: 'reason',
              label: t('reason'),
              value: filter.reason,
              any: t('any'),
              options: optionsOf(ATTENTION_KINDS, (k) => tReason(k)),
            }
          : {
              kind: 'select',
              name: 'status',
              label: t('status'),
              value: filter.status,
              any: t('any'),
              options: optionsOf(STATUSES, (s) => tStatus(s)),
            },
        { kind: 'date', name: 'from', label: t('from'), value: filter.from },
        { kind: 'date', name: 'to', label: t('to'), value: filter.to },
      ]}
      apply={t('apply')}
      reset={{
        href: filter.attention ? `/backend/payments?attention=${filter.attention}` : '/backend/payments',
        label: t('reset'),
      }}
    />
  );
}
