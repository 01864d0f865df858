import { RelationshipType } from '@qahwa/schema/promotions';
import { useTranslations } from 'next-intl';
import { FormField } from '@/ui/form-field';
import { ChosenProducts, input, Section, type SectionProps } from './promotion-form-parts';

/** SPEC 2.2's target products (UPSELL, CROSS_SELL, DOWNSELL): the relationship and the products offered. */
export function PromotionTargetsSection({
  values,
  set,
  names,
  productsFailed,
  onChoose,
}: Pick<SectionProps, 'values' | 'set'> & {
  names: string[];
  productsFailed: boolean;
  onChoose: () => void;
}) {
  const t = useTranslations('Promotions');
  return (
    <Section title={t('sectionTargets')}>
      <FormField id="promotion-relationship" label={t('relationshipType')}>
        <select
          className={input}
          value={values.relationshipType}
          onChange={(e) =>
            set({ relationshipType: e.target.value as SectionProps['values']['relationshipType'] })
          }
        >
          {RelationshipType.options.map((r) => (
            <option key={r} value={r}>
              {t(`relationships.${r}`)}
            </option>
          ))}
        </select>
      </FormField>
      <ChosenProducts
        summary={t('selectedCount', { count: values.targetProductIds.length })}
        chosen={values.targetProductIds.length}
        names={names}
        disabled={productsFailed}
        choose={t('chooseTargets')}
        onChoose={onChoose}
      />
    </Section>
  );
}
