import type { Promotion } from '@qahwa/schema/promotions';
import { gulfDate } from '@qahwa/schema/reference';
import type { promotionFormDefaults } from '@qahwa/schema/validation';
import type { InputHTMLAttributes, ReactNode } from 'react';

type Defaults = ReturnType<typeof promotionFormDefaults>;
/** The form's state: SPEC 9's defaults widened to what staff may type. */
export type Values = Omit<Defaults, 'isActive' | 'buyQuantity' | 'getQuantity' | 'bundleDiscount'> & {
  isActive: boolean;
  buyQuantity: number | null;
  getQuantity: number | null;
  bundleDiscount: number | null;
  nameAr: string;
  descriptionAr: string;
};

/** What every section of the form gets: the values, a patcher, and the errors keyed by field. */
export interface SectionProps {
  values: Values;
  set: (patch: Partial<Values>) => void;
  errors: Record<string, string>;
}

/** The form's number fields. */
type NumberKey = 'value' | 'buyQuantity' | 'getQuantity' | 'bundleDiscount' | 'minOrderAmount' | 'maxUses';

export const input =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-coffee-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40';

/** A saved promotion → the form's values (dates as Dubai days, as the date inputs show them). */
export function valuesOf(p: Promotion): Values {
  return {
    name: p.name,
    nameAr: p.nameAr ?? '',
    description: p.description ?? '',
    descriptionAr: p.descriptionAr ?? '',
    code: p.code ?? '',
    type: p.type,
    value: p.value,
    startDate: gulfDate(new Date(p.startDate)),
    endDate: gulfDate(new Date(p.endDate)),
    isActive: p.isActive,
    isPublic: p.isPublic,
    productIds: p.productIds,
    minOrderAmount: p.minOrderAmount,
    maxUses: p.maxUses,
    buyQuantity: p.buyQuantity ?? 1,
    getQuantity: p.getQuantity ?? 1,
    bundleDiscount: p.bundleDiscount ?? 10,
    targetProductIds: p.targetProductIds,
    relationshipType: p.relationshipType ?? 'RECOMMENDED',
  };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-base font-semibold text-stone-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The products a promotion applies to (or offers): how many, their names, the picker's button. */
export function ChosenProducts({
  summary,
  chosen,
  names,
  disabled,
  choose,
  onChoose,
}: {
  summary: string;
  /** How many are chosen (names of products not loaded yet are missing from `names`). */
  chosen: number;
  names: string[];
  disabled: boolean;
  choose: string;
  onChoose: () => void;
}) {
  return (
    <>
      <p className="text-sm text-stone-700">{summary}</p>
      {chosen > 0 ? <p className="text-sm text-stone-600">{names.join('، ')}</p> : null}
      <button
        type="button"
        disabled={disabled}
        onClick={onChoose}
        className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
      >
        {choose}
      </button>
    </>
  );
}

const num = (v: number | null) => (v === null || Number.isNaN(v) ? '' : String(v));
const asNumber = (s: string) => (s === '' ? null : Number(s));

/**
 * Every number of the form: typed left to right, empty is null (the schema says if it may be).
 * An element, not a component: FormField gives its child the id and the aria attributes.
 */
export function numberInput(
  { values, set }: Pick<SectionProps, 'values' | 'set'>,
  key: NumberKey,
  rules: Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max' | 'step'>,
) {
  return (
    <input
      className={input}
      type="number"
      dir="ltr"
      {...rules}
      value={num(values[key])}
      onChange={(e) => set({ [key]: asNumber(e.target.value) })}
    />
  );
}
