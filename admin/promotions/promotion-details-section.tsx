import type { PromotionType } from '@qahwa/schema/promotions';
import { useTranslations } from 'next-intl';
import { FormField } from '@/ui/form-field';
import { numberInput, Section, type SectionProps } from './promotion-form-parts';

/** SPEC 2.2's promotion details: the fields of the chosen type, then the minimum order and the cap. */
export function PromotionDetailsSection(props: SectionProps) {
  const { values, errors } = props;
  const t = useTranslations('Promotions');
  const type = values.type as PromotionType;
  return (
    <Section title={t('sectionDetails')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {type === 'PERCENTAGE' || type === 'FIXED_AMOUNT' ? (
          <FormField
            id="promotion-value"
            label={type === 'PERCENTAGE' ? t('valuePercent') : t('valueAmount')}
            required
            error={errors.value}
          >
            {numberInput(props, 'value', {
              min: '0',
              max: type === 'PERCENTAGE' ? '100' : undefined,
              step: type === 'PERCENTAGE' ? '1' : '0.01',
            })}
          </FormField>
        ) : null}
        {type === 'BUY_X_GET_Y' ? (
          <>
            <FormField id="promotion-buy" label={t('buyQuantity')} required error={errors.buyQuantity}>
              {numberInput(props, 'buyQuantity', { min: '1', step: '1' })}
            </FormField>
            <FormField id="promotion-get" label={t('getQuantity')} required error={errors.getQuantity}>
              {numberInput(props, 'getQuantity', { min: '1', step: '1' })}
            </FormField>
          </>
        ) : null}
        {type === 'BUNDLE' ? (
          <FormField id="promotion-bundle" label={t('bundleDiscount')} required error={errors.bundleDiscount}>
            {numberInput(props, 'bundleDiscount', { min: '0', max: '100', step: '0.01' })}
          </FormField>
        ) : null}
        <FormField
          id="promotion-min-order"
          label={t('minOrderAmount')}
          hint={t('optional')}
          error={errors.minOrderAmount}
        >
          {numberInput(props, 'minOrderAmount', { min: '0', step: '0.01' })}
        </FormField>
        <FormField
          id="promotion-max-uses"
          label={t('maxUses')}
          hint={t('maxUsesHint')}
          error={errors.maxUses}
        >
          {numberInput(props, 'maxUses', { min: '1', step: '1' })}
        </FormField>
      </div>
    </Section>
  );
}
