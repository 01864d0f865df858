import { localize } from '@qahwa/schema/messages';
import type { Locale } from '@qahwa/schema/money';
import { PROMOTION_MESSAGES } from '@qahwa/schema/promotions';
import { useLocale, useTranslations } from 'next-intl';
import { ChosenProducts, Section } from './promotion-form-parts';

/** SPEC 2.2's apply to products: none chosen means all products; the picker opens from here. */
export function PromotionProductsSection({
  productIds,
  names,
  productsFailed,
  onChoose,
}: {
  productIds: readonly string[];
  names: string[];
  productsFailed: boolean;
  onChoose: () => void;
}) {
  const t = useTranslations('Promotions');
  const locale = useLocale() as Locale;
  return (
    <Section title={t('sectionProducts')}>
      {productsFailed ? (
        <p role="alert" className="text-sm text-red-700">
          {localize(PROMOTION_MESSAGES['promotion.productsLoadFailed'], locale)}
        </p>
      ) : null}
      <ChosenProducts
        summary={
          productIds.length === 0 ? t('allProducts') : t('selectedCount', { count: productIds.length })
        }
        chosen={productIds.length}
        names={names}
        disabled={productsFailed}
        choose={t('chooseProducts')}
        onChoose={onChoose}
      />
    </Section>
  );
}
