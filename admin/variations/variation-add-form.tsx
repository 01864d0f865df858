'use client';

import type { Locale } from '@qahwa/schema/money/money';
import type { VariationPayload } from '@qahwa/schema/validation/variation-form';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { adminImageSrc } from '../lib/image-src';
import { FormField } from '../ui/form-field';
import { uploadVariationImage } from './variation-image';
import { EMPTY_DRAFT, type Lookups, type VariationDraft } from './variation-rows';

interface Schema {
  safeParse(
    v: unknown,
  ):
    | { success: true; data: VariationPayload }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

const input =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-coffee-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40';

/** SPEC 2.3's add form: Weight (required), Additions, Beans, Price in AED (required), Discount %, SKU, Stock, Image. */
export function VariationAddForm({
  lookups,
  schema,
  onAdd,
}: {
  lookups: Lookups;
  schema: Schema;
  /** Resolves with an error to show, or null when added. */
  onAdd: (payload: VariationPayload) => Promise<string | null>;
}) {
  const t = useTranslations('Variations');
  const locale = useLocale() as Locale;
  const [draft, setDraft] = useState<VariationDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const set = (patch: Partial<VariationDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    const problem = await onAdd(parsed.data);
    setBusy(false);
    if (problem) setFailure(problem);
    else setDraft(EMPTY_DRAFT);
  }

  async function pick(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const result = await uploadVariationImage(file, locale);
    setUploading(false);
    if (result.ok) {
      set({ imageUrl: result.url });
      setErrors(({ imageUrl: _, ...rest }) => rest);
    } else setErrors((e) => ({ ...e, imageUrl: result.message }));
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="variation-add-heading"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 id="variation-add-heading" className="font-medium text-stone-900">
        {t('addTitle')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id="variation-size" label={t('weight')} required error={errors.sizeId}>
          <select className={input} value={draft.sizeId} onChange={(e) => set({ sizeId: e.target.value })}>
            <option value="">{t('choose')}</option>
            {lookups.sizes.map((s) => (
              <option key={s.id} value={s.id}>
                {locale === 'ar' && s.displayNameAr ? s.displayNameAr : s.displayName}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="variation-type" label={t('additions')}>
          <select className={input} value={draft.typeId} onChange={(e) => set({ typeId: e.target.value })}>
            <option value="">{t('none')}</option>
            {lookups.types.map((o) => (
              <option key={o.id} value={o.id}>
                {locale === 'ar' && o.nameAr ? o.nameAr : o.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="variation-beans" label={t('beans')}>
          <select className={input} value={draft.beansId} onChange={(e) => set({ beansId: e.target.value })}>
            <option value="">{t('none')}</option>
            {lookups.beans.map((o) => (
              <option key={o.id} value={o.id}>
                {locale === 'ar' && o.nameAr ? o.nameAr : o.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="variation-price" label={t('priceAed')} required error={errors.price}>
          <input
            className={input}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            dir="ltr"
            value={draft.price}
            onChange={(e) => set({ price: e.target.value })}
          />
        </FormField>
        <FormField id="variation-discount" label={t('discountPercent')} error={errors.discount}>
          <input
            className={input}
            type="number"
            min="0"
            max="100"
            step="1"
            dir="ltr"
            value={draft.discount}
            onChange={(e) => set({ discount: e.target.value })}
          />
        </FormField>
        <FormField id="variation-sku" label={t('sku')} hint={t('skuHint')}>
          <input
            className={input}
            dir="ltr"
            value={draft.sku}
            onChange={(e) => set({ sku: e.target.value })}
          />
        </FormField>
        <FormField id="variation-stock" label={t('stock')} error={errors.stockQuantity}>
          <input
            className={input}
            type="number"
            min="0"
            step="1"
            dir="ltr"
            value={draft.stockQuantity}
            onChange={(e) => set({ stockQuantity: e.target.value })}
          />
        </FormField>
        <FormField
          id="variation-image"
          label={t('image')}
          error={errors.imageUrl}
          hint={uploading ? t('uploading') : undefined}
        >
          <input
            className={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </FormField>
      </div>
      {draft.imageUrl ? (
        // biome-ignore lint/performance/noImgElement: an uploaded picture of any host, shown as is
        <img
          src={adminImageSrc(draft.imageUrl)}
          alt={t('imageAlt')}
          className="size-16 rounded object-cover"
        />
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || uploading}
        className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white hover:bg-coffee-800 disabled:opacity-60"
      >
        {busy ? t('adding') : t('addButton')}
      </button>
    </form>
  );
}
