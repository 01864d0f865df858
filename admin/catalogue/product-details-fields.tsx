import type { AdminCategoryList, Locale } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { FormField, inputClass } from '@/ui/form-field';
import type { Draft } from './product-draft';

type TextKey = 'name' | 'nameAr' | 'description' | 'descriptionAr';

/**
 * The product form's "Details" section: names and descriptions in both languages (Arabic typed
 * right to left), slug, category, price, SKU, discount, featured and active.
 */
export function ProductDetailsFields({
  draft,
  set,
  field,
  categories,
  onSlugTyped,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** A field's id and error, as the form keeps them. */
  field: (key: keyof Draft) => { id: string; error: string | null };
  categories: AdminCategoryList;
  /** The slug was edited by hand: it no longer follows the English name. */
  onSlugTyped: () => void;
}) {
  const t = useTranslations('Products');
  const locale = useLocale() as Locale;
  const bilingual = (key: TextKey, label: string, multiline: boolean) => {
    const ar = key.endsWith('Ar');
    const props = {
      dir: ar ? 'rtl' : 'ltr',
      lang: ar ? 'ar' : 'en',
      value: draft[key],
      onChange: (e: { target: { value: string } }) => set(key, e.target.value),
      className: inputClass,
    };
    return (
      <FormField
        {...field(key)}
        label={label}
        required={key === 'name' || key === 'nameAr' ? true : undefined}
      >
        {multiline ? <textarea {...props} rows={4} /> : <input {...props} />}
      </FormField>
    );
  };
  return (
    <>
      {bilingual('name', t('nameEn'), false)}
      {bilingual('nameAr', t('nameAr'), false)}
      {bilingual('description', t('descriptionEn'), true)}
      {bilingual('descriptionAr', t('descriptionAr'), true)}
      <FormField {...field('slug')} label={t('slug')} hint={t('slugHint')} required>
        <input
          dir="ltr"
          value={draft.slug}
          onChange={(e) => {
            onSlugTyped();
            set('slug', e.target.value);
          }}
          className={inputClass}
        />
      </FormField>
      <FormField {...field('categoryId')} label={t('category')} required>
        <select
          value={draft.categoryId}
          onChange={(e) => set('categoryId', e.target.value)}
          className={inputClass}
        >
          <option value="">{t('chooseCategory')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {locale === 'ar' ? c.nameAr : c.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField {...field('price')} label={t('priceAed')} hint={t('priceHint')} required>
        <input
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          dir="ltr"
          value={draft.price}
          onChange={(e) => set('price', e.target.value)}
          className={inputClass}
        />
      </FormField>
      <FormField {...field('sku')} label={t('sku')} hint={t('skuHint')}>
        <input
          dir="ltr"
          value={draft.sku}
          onChange={(e) => set('sku', e.target.value)}
          className={inputClass}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="product-discountType" label={t('discountType')}>
          <select
            value={draft.discountType}
            onChange={(e) => set('discountType', e.target.value as Draft['discountType'])}
            className={inputClass}
          >
            <option value="PERCENTAGE">{t('percentage')}</option>
            <option value="FIXED_AMOUNT">{t('fixedAmount')}</option>
          </select>
        </FormField>
        <FormField
          {...field('discount')}
          label={draft.discountType === 'PERCENTAGE' ? t('discountPercent') : t('discountAed')}
        >
          <input
            type="number"
            min="0"
            max={draft.discountType === 'PERCENTAGE' ? 100 : undefined}
            step={draft.discountType === 'PERCENTAGE' ? 1 : 0.01}
            dir="ltr"
            value={draft.discount}
            onChange={(e) => set('discount', e.target.value)}
            className={inputClass}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-6 pt-6">
        <label className="inline-flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={draft.featured}
            onChange={(e) => set('featured', e.target.checked)}
            className="size-4"
          />
          {t('featured')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={draft.isActive}
            onChange={(e) => set('isActive', e.target.checked)}
            className="size-4"
          />
          {t('activeLabel')}
        </label>
      </div>
    </>
  );
}
