'use client';

import type { Locale } from '@qahwa/schema/money';
import type { VariationPayload } from '@qahwa/schema/validation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { adminImageSrc } from '@/lib/image-src';
import { FormField } from '@/ui/form-field';
import { type VariationInput, variationControls } from './variation-controls';
import { uploadVariationImage } from './variation-image';
import { EMPTY_DRAFT, type Lookups, type VariationDraft } from './variation-rows';

interface Schema {
  safeParse(
    v: unknown,
  ):
    | { success: true; data: VariationPayload }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

// The inputs' ids (the e2e tests and labels use them).
const FIELD_IDS: Record<VariationInput, string> = {
  sizeId: 'size',
  typeId: 'type',
  beansId: 'beans',
  price: 'price',
  discount: 'discount',
  sku: 'sku',
  stockQuantity: 'stock',
};

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
        {variationControls({ draft, set, lookups, locale, t, className: input }).map((c) => (
          <FormField
            key={c.key}
            id={`variation-${FIELD_IDS[c.key]}`}
            label={c.label}
            required={c.required}
            error={errors[c.key]}
            hint={c.key === 'sku' ? t('skuHint') : undefined}
          >
            {c.control}
          </FormField>
        ))}
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
