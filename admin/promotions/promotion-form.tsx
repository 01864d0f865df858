'use client';

import type { Product } from '@qahwa/schema/catalogue/product';
import { localize } from '@qahwa/schema/messages/localized-text';
import type { Locale } from '@qahwa/schema/money/money';
import { PROMOTION_MESSAGES } from '@qahwa/schema/promotions/messages';
import {
  PROMOTION_TYPES,
  type Promotion,
  type PromotionType,
  RelationshipType,
} from '@qahwa/schema/promotions/promotion';
import { gulfDate } from '@qahwa/schema/reference/gulf-time';
import {
  promotionFormDefaults,
  promotionFormSchema,
  showsTargetProducts,
} from '@qahwa/schema/validation/promotion-form';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../lib/browser-api';
import { FormField } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { ProductPicker } from './product-picker';
import { PromotionVisibility } from './promotion-visibility';
import { promotionsApi } from './promotions-api';

type Defaults = ReturnType<typeof promotionFormDefaults>;
/** The form's state: SPEC 9's defaults widened to what staff may type. */
type Values = Omit<Defaults, 'isActive' | 'buyQuantity' | 'getQuantity' | 'bundleDiscount'> & {
  isActive: boolean;
  buyQuantity: number | null;
  getQuantity: number | null;
  bundleDiscount: number | null;
  nameAr: string;
  descriptionAr: string;
};

/** The form's number fields. */
type NumberKey = 'value' | 'buyQuantity' | 'getQuantity' | 'bundleDiscount' | 'minOrderAmount' | 'maxUses';

const input =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-coffee-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40';

/** A saved promotion → the form's values (dates as Dubai days, as the date inputs show them). */
function valuesOf(p: Promotion): Values {
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-base font-semibold text-stone-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The products a promotion applies to (or offers): how many, their names, the picker's button. */
function ChosenProducts({
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

/**
 * SPEC 2.2's promotion form (create and edit): the six sections, SPEC 9's defaults, SPEC 5's rules
 * and per-type fields through the shared `promotionFormSchema` (the very body it yields is sent),
 * two product pickers; after saving, back to /backend/promotions.
 */
export function PromotionForm({ promotion }: { promotion: Promotion | null }) {
  const t = useTranslations('Promotions');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const toast = useToast();
  const [values, setValues] = useState<Values>(() =>
    promotion ? valuesOf(promotion) : { ...promotionFormDefaults(new Date()), nameAr: '', descriptionAr: '' },
  );
  const [errors, setErrors] = useState<{ form: string[]; fields: Record<string, string> }>({
    form: [],
    fields: {},
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [products, setProducts] = useState<Product[]>([]);
  const [productsFailed, setProductsFailed] = useState(false);
  const [picker, setPicker] = useState<'products' | 'targets' | null>(null);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  useEffect(() => {
    promotionsApi.products().then(setProducts, () => setProductsFailed(true));
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = promotionFormSchema(locale).safeParse(values);
    if (!parsed.success) {
      const form: string[] = [];
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === undefined) form.push(issue.message);
        else fields[String(key)] ??= issue.message;
      }
      setErrors({ form, fields });
      return;
    }
    setErrors({ form: [], fields: {} });
    setBusy(true);
    try {
      if (promotion) await promotionsApi.update(promotion.id, parsed.data);
      else await promotionsApi.create(parsed.data);
      toast.success(t('saved'));
      router.push('/backend/promotions');
      router.refresh();
    } catch (err) {
      // SPEC 8: the server's error, or 'Failed to create promotion' / 'Failed to update promotion'.
      const server =
        err instanceof ApiError && err.code !== 'NETWORK' ? err.issues[0]?.message || err.message : '';
      setFailure(
        server ||
          localize(
            PROMOTION_MESSAGES[promotion ? 'promotion.updateFailed' : 'promotion.createFailed'],
            locale,
          ),
      );
      setBusy(false);
    }
  }

  const type = values.type as PromotionType;
  const named = (ids: readonly string[]) =>
    ids
      .map((id) => products.find((p) => p.id === id))
      .filter((p): p is Product => p !== undefined)
      .map((p) => (locale === 'ar' ? p.nameAr : p.name));
  const num = (v: number | null) => (v === null || Number.isNaN(v) ? '' : String(v));
  const asNumber = (s: string) => (s === '' ? null : Number(s));
  /** Every number of the form: typed left to right, empty is null (the schema says if it may be). */
  const numberInput = (
    key: NumberKey,
    rules: Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max' | 'step'>,
  ) => (
    <input
      className={input}
      type="number"
      dir="ltr"
      {...rules}
      value={num(values[key])}
      onChange={(e) => set({ [key]: asNumber(e.target.value) })}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="max-w-3xl space-y-6">
      <Link href="/backend/promotions" className="inline-block text-sm font-medium text-coffee-800 underline">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{' '}
        {t('back')}
      </Link>
      {errors.form.length > 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800">
          {errors.form.join(' ')}
        </p>
      ) : null}

      <Section title={t('sectionBasic')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="promotion-name" label={t('name')} required error={errors.fields.name}>
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
          <FormField id="promotion-code" label={t('code')} hint={t('codeHint')} error={errors.fields.code}>
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

      <Section title={t('sectionDetails')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {type === 'PERCENTAGE' || type === 'FIXED_AMOUNT' ? (
            <FormField
              id="promotion-value"
              label={type === 'PERCENTAGE' ? t('valuePercent') : t('valueAmount')}
              required
              error={errors.fields.value}
            >
              {numberInput('value', {
                min: '0',
                max: type === 'PERCENTAGE' ? '100' : undefined,
                step: type === 'PERCENTAGE' ? '1' : '0.01',
              })}
            </FormField>
          ) : null}
          {type === 'BUY_X_GET_Y' ? (
            <>
              <FormField
                id="promotion-buy"
                label={t('buyQuantity')}
                required
                error={errors.fields.buyQuantity}
              >
                {numberInput('buyQuantity', { min: '1', step: '1' })}
              </FormField>
              <FormField
                id="promotion-get"
                label={t('getQuantity')}
                required
                error={errors.fields.getQuantity}
              >
                {numberInput('getQuantity', { min: '1', step: '1' })}
              </FormField>
            </>
          ) : null}
          {type === 'BUNDLE' ? (
            <FormField
              id="promotion-bundle"
              label={t('bundleDiscount')}
              required
              error={errors.fields.bundleDiscount}
            >
              {numberInput('bundleDiscount', { min: '0', max: '100', step: '0.01' })}
            </FormField>
          ) : null}
          <FormField
            id="promotion-min-order"
            label={t('minOrderAmount')}
            hint={t('optional')}
            error={errors.fields.minOrderAmount}
          >
            {numberInput('minOrderAmount', { min: '0', step: '0.01' })}
          </FormField>
          <FormField
            id="promotion-max-uses"
            label={t('maxUses')}
            hint={t('maxUsesHint')}
            error={errors.fields.maxUses}
          >
            {numberInput('maxUses', { min: '1', step: '1' })}
          </FormField>
        </div>
      </Section>

      <Section title={t('sectionDuration')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="promotion-start" label={t('startDate')} required error={errors.fields.startDate}>
            <input
              className={input}
              type="date"
              dir="ltr"
              value={values.startDate}
              onChange={(e) => set({ startDate: e.target.value })}
            />
          </FormField>
          <FormField id="promotion-end" label={t('endDate')} required error={errors.fields.endDate}>
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

      <Section title={t('sectionProducts')}>
        {productsFailed ? (
          <p role="alert" className="text-sm text-red-700">
            {localize(PROMOTION_MESSAGES['promotion.productsLoadFailed'], locale)}
          </p>
        ) : null}
        <ChosenProducts
          summary={
            values.productIds.length === 0
              ? t('allProducts')
              : t('selectedCount', { count: values.productIds.length })
          }
          chosen={values.productIds.length}
          names={named(values.productIds)}
          disabled={productsFailed}
          choose={t('chooseProducts')}
          onChoose={() => setPicker('products')}
        />
      </Section>

      {showsTargetProducts(type) ? (
        <Section title={t('sectionTargets')}>
          <FormField id="promotion-relationship" label={t('relationshipType')}>
            <select
              className={input}
              value={values.relationshipType}
              onChange={(e) => set({ relationshipType: e.target.value as Values['relationshipType'] })}
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
            names={named(values.targetProductIds)}
            disabled={productsFailed}
            choose={t('chooseTargets')}
            onChoose={() => setPicker('targets')}
          />
        </Section>
      ) : null}

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

      {failure ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white hover:bg-coffee-800 disabled:opacity-60"
        >
          {busy ? t('saving') : promotion ? t('update') : t('create')}
        </button>
        <Link
          href="/backend/promotions"
          className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800"
        >
          {t('cancel')}
        </Link>
      </div>

      <ProductPicker
        open={picker === 'products'}
        title={t('pickProductsTitle')}
        products={products}
        selected={values.productIds}
        onCancel={() => setPicker(null)}
        onConfirm={(ids) => {
          set({ productIds: ids });
          setPicker(null);
        }}
      />
      <ProductPicker
        open={picker === 'targets'}
        title={t('pickTargetsTitle')}
        products={products}
        selected={values.targetProductIds}
        onCancel={() => setPicker(null)}
        onConfirm={(ids) => {
          set({ targetProductIds: ids });
          setPicker(null);
        }}
      />
    </form>
  );
}
