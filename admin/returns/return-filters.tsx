import { RETURN_STATUSES, returnStatusLabel } from '@qahwa/schema/returns';
import { useLocale, useTranslations } from 'next-intl';
import { FilterForm, optionsOf } from '@/ui/filter-form';
import type { ReturnFilter } from './return-data';

/**
 * How long a request has waited, as staff ask it: past the two working days of the reminder, a week,
 * the fourteen days the goods have to arrive, the thirty of the policy.
 */
export const AGE_OPTIONS = ['2', '7', '14', '30'] as const;

/** The Returns screen's filter: by status and by age (a plain GET form; the URL holds it). */
export function ReturnFilters({ filter }: { filter: ReturnFilter }) {
  const t = useTranslations('Returns.filters');
  const locale = useLocale() as 'en' | 'ar';
  const ages: string[] = [...AGE_OPTIONS];
  // A typed URL's other number still shows as chosen.
  if (filter.olderThanDays && !ages.includes(filter.olderThanDays)) ages.push(filter.olderThanDays);
  return (
    <FilterForm
      id="returns"
      action="/backend/returns"
      label={t('label')}
      columns={5}
      buttons="cell"
      fields={[
        {
          kind: 'select',
          name: 'status',
          label: t('status'),
          value: filter.status,
          any: t('any'),
          options: optionsOf(RETURN_STATUSES, (s) => returnStatusLabel(s, locale)),
        },
        {
          kind: 'select',
          name: 'olderThanDays',
          label: t('age'),
          value: filter.olderThanDays,
          any: t('any'),
          options: optionsOf(ages, (days) => t('olderThan', { days: Number(days) })),
        },
      ]}
      apply={t('apply')}
      reset={{ href: '/backend/returns', label: t('reset') }}
    />
  );
}
