import { useTranslations } from 'next-intl';
import { Section, type SectionProps } from './promotion-form-parts';
import { PromotionVisibility } from './promotion-visibility';

/** SPEC 2.2's settings: active, and whether a code is listed to shoppers. */
export function PromotionSettingsSection({ values, set }: Pick<SectionProps, 'values' | 'set'>) {
  const t = useTranslations('Promotions');
  return (
    <Section title={t('sectionSettings')}>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="size-4"
          checked={values.isActive}
          onChange={(e) => set({ isActive: e.target.checked })}
        />
        {t('isActive')}
      </label>
      <PromotionVisibility
        code={values.code}
        isPublic={values.isPublic}
        onChange={(isPublic) => set({ isPublic })}
      />
    </Section>
  );
}
