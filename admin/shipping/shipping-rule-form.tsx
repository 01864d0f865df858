'use client';

import type { ShippingRuleView, ShippingRuleWrite } from '@qahwa/schema/contracts';
import type { Locale } from '@qahwa/schema/money';
import { EMIRATES } from '@qahwa/schema/reference';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { FormField } from '@/ui/form-field';

export interface RuleDraft {
  name: string;
  nameAr: string;
  type: 'FREE' | 'STANDARD';
  description: string;
  descriptionAr: string;
  cost: string;
  freeShippingThreshold: string;
  isActive: boolean;
  estimatedDays: string;
  cities: string[];
}

export const NEW_RULE: RuleDraft = {
  name: '',
  nameAr: '',
  type: 'STANDARD',
  description: '',
  descriptionAr: '',
  cost: '25',
  freeShippingThreshold: '200',
  isActive: true,
  estimatedDays: '1-3',
  cities: [],
};

export const draftOfRule = (r: ShippingRuleView): RuleDraft => ({
  ...r,
  cost: String(r.cost),
  freeShippingThreshold: r.freeShippingThreshold === null ? '' : String(r.freeShippingThreshold),
});

/** The draft as the API takes it; null with the field's message when it cannot be sent. */
export function writeOf(d: RuleDraft): ShippingRuleWrite {
  return {
    ...d,
    cost: d.type === 'FREE' ? 0 : Number(d.cost),
    freeShippingThreshold: d.freeShippingThreshold.trim() === '' ? null : Number(d.freeShippingThreshold),
  };
}

const input =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-coffee-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40';

/** SPEC 3's shipping rule: bilingual name and description, type, cost, free-shipping threshold, days, active, cities per emirate. */
export function ShippingRuleForm({
  initial,
  busy,
  failure,
  onDraft,
  onSubmit,
  onCancel,
}: {
  initial: RuleDraft;
  busy: boolean;
  failure: string | null;
  onDraft: (d: RuleDraft) => void;
  onSubmit: (d: RuleDraft) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('Shipping');
  const locale = useLocale() as Locale;
  const [d, setD] = useState<RuleDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => onDraft(d), [d, onDraft]);
  const set = (patch: Partial<RuleDraft>) => setD((v) => ({ ...v, ...patch }));
  const toggleCity = (slug: string) =>
    set({ cities: d.cities.includes(slug) ? d.cities.filter((c) => c !== slug) : [...d.cities, slug] });

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!d.name.trim()) next.name = t('required');
    if (!d.nameAr.trim()) next.nameAr = t('required');
    const cost = Number(d.cost);
    if (d.type === 'STANDARD' && !(d.cost.trim() !== '' && cost >= 0)) next.cost = t('costInvalid');
    const threshold = Number(d.freeShippingThreshold);
    if (d.freeShippingThreshold.trim() !== '' && !(threshold >= 0))
      next.freeShippingThreshold = t('costInvalid');
    if (!d.estimatedDays.trim()) next.estimatedDays = t('required');
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(d);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="rule-name" label={t('name')} required error={errors.name}>
          <input className={input} value={d.name} onChange={(e) => set({ name: e.target.value })} />
        </FormField>
        <FormField id="rule-name-ar" label={t('nameAr')} required error={errors.nameAr}>
          <input
            className={input}
            dir="rtl"
            value={d.nameAr}
            onChange={(e) => set({ nameAr: e.target.value })}
          />
        </FormField>
        <FormField id="rule-description" label={t('description')}>
          <input
            className={input}
            value={d.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </FormField>
        <FormField id="rule-description-ar" label={t('descriptionAr')}>
          <input
            className={input}
            dir="rtl"
            value={d.descriptionAr}
            onChange={(e) => set({ descriptionAr: e.target.value })}
          />
        </FormField>
        <FormField id="rule-type" label={t('type')} required>
          <select
            className={input}
            value={d.type}
            onChange={(e) => set({ type: e.target.value as RuleDraft['type'] })}
          >
            <option value="STANDARD">{t('types.STANDARD')}</option>
            <option value="FREE">{t('types.FREE')}</option>
          </select>
        </FormField>
        {d.type === 'STANDARD' ? (
          <FormField id="rule-cost" label={t('cost')} required error={errors.cost}>
            <input
              className={input}
              type="number"
              min="0"
              step="0.01"
              dir="ltr"
              value={d.cost}
              onChange={(e) => set({ cost: e.target.value })}
            />
          </FormField>
        ) : null}
        <FormField
          id="rule-threshold"
          label={t('threshold')}
          hint={t('thresholdHint')}
          error={errors.freeShippingThreshold}
        >
          <input
            className={input}
            type="number"
            min="0"
            step="0.01"
            dir="ltr"
            value={d.freeShippingThreshold}
            onChange={(e) => set({ freeShippingThreshold: e.target.value })}
          />
        </FormField>
        <FormField id="rule-days" label={t('estimatedDays')} required error={errors.estimatedDays}>
          <input
            className={input}
            dir="ltr"
            value={d.estimatedDays}
            onChange={(e) => set({ estimatedDays: e.target.value })}
          />
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="size-4"
          checked={d.isActive}
          onChange={(e) => set({ isActive: e.target.checked })}
        />
        {t('isActive')}
      </label>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">{t('cities')}</legend>
        <p className="text-xs text-stone-600">
          {d.cities.length === 0 ? t('allCities') : t('citiesCount', { count: d.cities.length })}
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {EMIRATES.map((emirate) => {
            const slugs = emirate.cities.map((c) => c.slug);
            const all = slugs.every((s) => d.cities.includes(s));
            return (
              <fieldset key={emirate.slug} className="rounded-md border border-stone-200 p-3">
                <legend className="px-1 text-sm font-medium text-stone-900">
                  {locale === 'ar' ? emirate.ar : emirate.en}
                </legend>
                <label className="flex items-center gap-2 py-0.5 text-sm font-medium text-stone-800">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={all}
                    onChange={() =>
                      set({
                        cities: all
                          ? d.cities.filter((c) => !slugs.includes(c))
                          : [...new Set([...d.cities, ...slugs])],
                      })
                    }
                  />
                  {t('wholeEmirate', { emirate: locale === 'ar' ? emirate.ar : emirate.en })}
                </label>
                {emirate.cities.map((c) => (
                  <label key={c.slug} className="flex items-center gap-2 py-0.5 ps-4 text-sm text-stone-700">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={d.cities.includes(c.slug)}
                      onChange={() => toggleCity(c.slug)}
                    />
                    {locale === 'ar' ? c.ar : c.en}
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
      </fieldset>
      {failure ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white hover:bg-coffee-800 disabled:opacity-60"
        >
          {busy ? t('saving') : t('save')}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800"
        >
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
