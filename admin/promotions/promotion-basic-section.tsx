import { PROMOTION_TYPES, type PromotionType } from '@qahwa/schema/promotions';
import { useTranslations } from 'next-intl';
import { FormField } from '@/ui/form-field';
import { input, Section, type SectionProps } from './promotion-form-parts';

/** SPEC 2.2's basic information: names and descriptions in both languages, the code, the type. */
export function PromotionBasicSection({ values, set, errors }: SectionProps) {
  const t = useTranslations('Promotions');
  return (
    <Section title={t('sectionBasic')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="promotion-name" label={t('name')} required error={errors.name}>
          <input className={input} value={values.name} onChange={(e) => set({ name: e.target.value })} />
        </FormField>
        <FormField id="promotion-name-ar" label={t('nameAr')}>
          <input
            className={input}
            dir="rtl"
            value={values.nameAr}
            onChange={(e) => set({ nameAr: e.target.value })}
          />
        </FormField>
        <FormField id="promotion-description" label={t('description')}>
          <textarea
            className={input}
            rows={2}
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </FormField>
        <FormField id="promotion-description-ar" label={t('descriptionAr')}>
          <textarea
            className={input}
            rows={2}
            dir="rtl"
            value={values.descriptionAr}
            onChange={(e) => set({ descriptionAr: e.target.value })}
          />
        </FormField>
        <FormField id="promotion-code" label={t('code')} hint={t('codeHint')} error={errors.code}>
          <input
            className={`${input} font-mono uppercase`}
            dir="ltr"
            value={values.code}
            onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          />
        </FormField>
        <FormField id="promotion-type" label={t('type')} required>
          <select
            className={input}
            value={values.type}
            onChange={(e) => set({ type: e.target.value as PromotionType })}
          >
            {PROMOTION_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`types.${p}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </Section>
  );
}
