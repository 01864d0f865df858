'use client';

import type { Product } from '@qahwa/schema/catalogue';
import { localize } from '@qahwa/schema/messages';
import type { Locale } from '@qahwa/schema/money';
import type { Promotion, PromotionType } from '@qahwa/schema/promotions';
import { PROMOTION_MESSAGES } from '@qahwa/schema/promotions';
import {
  fieldErrors,
  promotionFormDefaults,
  promotionFormSchema,
  showsTargetProducts,
} from '@qahwa/schema/validation';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';
import { ProductPicker } from './product-picker';
import { PromotionBasicSection } from './promotion-basic-section';
import { PromotionDetailsSection } from './promotion-details-section';
import { PromotionDurationSection } from './promotion-duration-section';
import { type Values, valuesOf } from './promotion-form-parts';
import { PromotionProductsSection } from './promotion-products-section';
import { PromotionSettingsSection } from './promotion-settings-section';
import { PromotionTargetsSection } from './promotion-targets-section';
import { promotionsApi } from './promotions-api';

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
  // Keyed by field; the one issue on the whole form (SPEC 5's required fields) under `_form`.
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
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
  return (
    <form noValidate onSubmit={submit} className="max-w-3xl space-y-6">
      <Link href="/backend/promotions" className="inline-block text-sm font-medium text-coffee-800 underline">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{' '}
        {t('back')}
      </Link>
      {errors._form ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800">
          {errors._form}
        </p>
      ) : null}

      <PromotionBasicSection values={values} set={set} errors={errors} />
      <PromotionDetailsSection values={values} set={set} errors={errors} />
      <PromotionDurationSection values={values} set={set} errors={errors} />
      <PromotionProductsSection
        productIds={values.productIds}
        names={named(values.productIds)}
        productsFailed={productsFailed}
        onChoose={() => setPicker('products')}
      />
      {showsTargetProducts(type) ? (
        <PromotionTargetsSection
          values={values}
          set={set}
          names={named(values.targetProductIds)}
          productsFailed={productsFailed}
          onChoose={() => setPicker('targets')}
        />
      ) : null}
      <PromotionSettingsSection values={values} set={set} />

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
