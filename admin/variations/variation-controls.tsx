import type { Locale } from '@qahwa/schema/money';
import type { useTranslations } from 'next-intl';
import type { InputHTMLAttributes, ReactElement } from 'react';
import type { Lookups, VariationDraft } from './variation-rows';

/** The draft fields a staff member types, in SPEC 2.3's column order. */
export type VariationInput = 'sizeId' | 'typeId' | 'beansId' | 'price' | 'discount' | 'sku' | 'stockQuantity';

export interface VariationControl {
  key: VariationInput;
  /** The column's name: the add form's label, the edited row's accessible name. */
  label: string;
  /** Needed before the variation can be saved (SPEC 2.3: weight and price). */
  required: boolean;
  control: ReactElement<Record<string, unknown>>;
}

/** A size, type or beans name in the page's language (English where there is no Arabic). */
export const localName = (locale: Locale, en: string | undefined, ar: string | undefined) =>
  (locale === 'ar' && ar ? ar : en) ?? '';

/**
 * The inputs of one variation's draft, once for the add form (each in a labelled FormField) and
 * for a row edited inline (each in its cell, named by `aria-label`): the same choices, number
 * rules and directions in both places.
 */
export function variationControls({
  draft,
  set,
  lookups,
  locale,
  t,
  className,
}: {
  draft: VariationDraft;
  set: (patch: Partial<VariationDraft>) => void;
  lookups: Lookups;
  locale: Locale;
  t: ReturnType<typeof useTranslations<'Variations'>>;
  className: string;
}): VariationControl[] {
  const select = (
    key: 'sizeId' | 'typeId' | 'beansId',
    empty: string,
    options: { id: string; name: string }[],
  ) => (
    <select className={className} value={draft[key]} onChange={(e) => set({ [key]: e.target.value })}>
      <option value="">{empty}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
  const number = (
    key: 'price' | 'discount' | 'stockQuantity',
    rules: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'min' | 'max' | 'step'>,
  ) => (
    <input
      className={className}
      type="number"
      {...rules}
      dir="ltr"
      value={draft[key]}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  const named = (list: { id: string; name: string; nameAr?: string | undefined }[]) =>
    list.map((o) => ({ id: o.id, name: localName(locale, o.name, o.nameAr) }));
  return [
    {
      key: 'sizeId',
      label: t('weight'),
      required: true,
      control: select(
        'sizeId',
        t('choose'),
        lookups.sizes.map((s) => ({ id: s.id, name: localName(locale, s.displayName, s.displayNameAr) })),
      ),
    },
    {
      key: 'typeId',
      label: t('additions'),
      required: false,
      control: select('typeId', t('none'), named(lookups.types)),
    },
    {
      key: 'beansId',
      label: t('beans'),
      required: false,
      control: select('beansId', t('none'), named(lookups.beans)),
    },
    {
      key: 'price',
      label: t('priceAed'),
      required: true,
      control: number('price', { inputMode: 'decimal', min: '0.01', step: '0.01' }),
    },
    {
      key: 'discount',
      label: t('discountPercent'),
      required: false,
      control: number('discount', { min: '0', max: '100', step: '1' }),
    },
    {
      key: 'sku',
      label: t('sku'),
      required: false,
      control: (
        <input
          className={className}
          dir="ltr"
          value={draft.sku}
          onChange={(e) => set({ sku: e.target.value })}
        />
      ),
    },
    {
      key: 'stockQuantity',
      label: t('stock'),
      required: false,
      control: number('stockQuantity', { min: '0', step: '1' }),
    },
  ];
}
