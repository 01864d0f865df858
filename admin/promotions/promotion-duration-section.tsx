import { useTranslations } from 'next-intl';
import { FormField } from '@/ui/form-field';
import { input, Section, type SectionProps } from './promotion-form-parts';

/** SPEC 2.2's duration: the first and last day, as Dubai days. */
export function PromotionDurationSection({ values, set, errors }: SectionProps) {
  const t = useTranslations('Promotions');
  return (
    <Section title={t('sectionDuration')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="promotion-start" label={t('startDate')} required error={errors.startDate}>
          <input
            className={input}
            type="date"
            dir="ltr"
            value={values.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
          />
        </FormField>
        <FormField id="promotion-end" label={t('endDate')} required error={errors.endDate}>
          <input
            className={input}
            type="date"
            dir="ltr"
            value={values.endDate}
            onChange={(e) => set({ endDate: e.target.value })}
          />
        </FormField>
      </div>
    </Section>
  );
}
