'use client';

import {
  type AdminCategoryList,
  type AdminProduct,
  fractionToPercent,
  IMAGE_FOLDERS,
  type Locale,
  type ProductRemoval,
  percentToFraction,
  productWriteSchema,
  slugify,
} from '@qahwa/schema';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api } from '../lib/browser-api';
import { adminImageSrc } from '../lib/image-src';
import { buttonClass, FormField, inputClass } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { VariationsEditor } from '../variations/variations-editor';
import { ImageUploader } from './image-uploader';

interface Draft {
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  slug: string;
  categoryId: string;
  sku: string;
  price: string;
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT';
  /** Percent (0–100) for PERCENTAGE, AED for FIXED_AMOUNT, as typed. */
  discount: string;
  images: string[];
  featured: boolean;
  isActive: boolean;
}

function draftOf(p: AdminProduct | null): Draft {
  return {
    name: p?.name ?? '',
    nameAr: p?.nameAr ?? '',
    description: p?.description ?? '',
    descriptionAr: p?.descriptionAr ?? '',
    slug: p?.slug ?? '',
    categoryId: p?.categoryId ?? '',
    sku: p?.sku ?? '',
    price: p ? p.price.toFixed(2) : '',
    discountType: p?.discountType ?? 'PERCENTAGE',
    discount: p ? String(p.discountType === 'PERCENTAGE' ? fractionToPercent(p.discount) : p.discount) : '0',
    images: p?.images ?? [],
    featured: p?.featured ?? false,
    isActive: p?.isActive ?? true,
  };
}

/**
 * Create and edit a product (issue 11): English and Arabic names and descriptions, slug (made from
 * the English name until edited), category, pictures (uploaded in parallel, the first is the
 * product's), featured, discount, active. The shared rule checks the form as the server will;
 * a save on a product someone else saved meanwhile is refused and says so. Products ever ordered
 * are archived instead of deleted.
 */
export function ProductForm({ product, canEdit }: { product: AdminProduct | null; canEdit: boolean }) {
  const t = useTranslations('Products');
  const tf = useTranslations('Form');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [slugTouched, setSlugTouched] = useState(product !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [categories, setCategories] = useState<AdminCategoryList>([]);

  useEffect(() => {
    api<AdminCategoryList>('GET', '/admin/categories').then(setCategories, () => setCategories([]));
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({
      ...d,
      [key]: value,
      ...(key === 'name' && !slugTouched ? { slug: slugify(String(value)) } : {}),
    }));
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  function body() {
    const discount = Number(draft.discount || 0);
    return {
      name: draft.name,
      nameAr: draft.nameAr,
      description: draft.description,
      descriptionAr: draft.descriptionAr,
      slug: draft.slug,
      categoryId: draft.categoryId,
      sku: draft.sku.trim() || null,
      price: draft.price === '' ? Number.NaN : Number(draft.price),
      discountType: draft.discountType,
      discount: draft.discountType === 'PERCENTAGE' ? percentToFraction(discount) : discount,
      images: draft.images,
      featured: draft.featured,
      isActive: draft.isActive,
    };
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setBanner(null);
    const payload = body();
    const checked = productWriteSchema(locale).safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setSaving(true);
    try {
      if (product) {
        const saved = await api<AdminProduct>('PUT', `/admin/products/${product.id}`, {
          ...payload,
          version: product.version,
        });
        toast.success(t('saved'));
        setDraft(draftOf(saved));
        router.refresh();
      } else {
        const created = await api<AdminProduct>('POST', '/admin/products', payload);
        toast.success(t('created'));
        router.push(`/backend/products/${created.id}`);
      }
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : tf('saveFailed');
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(
          Object.fromEntries(
            error.issues.map((i) => [i.path.replace(/^\//, '').split('/')[0] ?? '', i.message]),
          ),
        );
      }
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN') setErrors({ slug: message });
      if (error instanceof ApiError && error.code === 'SKU_TAKEN') setErrors({ sku: message });
      setBanner(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!product) return;
    if (!window.confirm(product.ordered ? t('confirmArchive') : t('confirmDelete'))) return;
    try {
      const removed = await api<ProductRemoval>('DELETE', `/admin/products/${product.id}`);
      toast.success(removed.result === 'archived' ? t('archivedDone') : t('deletedDone'));
      router.push('/backend/products');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : tf('saveFailed'));
    }
  }

  async function restore() {
    if (!product) return;
    try {
      await api<AdminProduct>('POST', `/admin/products/${product.id}/restore`);
      toast.success(t('restored'));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : tf('saveFailed'));
    }
  }

  const field = (key: keyof Draft) => ({ id: `product-${key}`, error: errors[key] ?? null });
  const readOnly = !canEdit;

  return (
    <div className="space-y-8">
      <form onSubmit={save} noValidate className="space-y-6">
        {banner ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            {banner}
          </p>
        ) : null}
        {product?.archivedAt ? (
          <p className="rounded-md border border-stone-300 bg-stone-100 px-4 py-3 text-sm text-stone-700">
            {t('archivedNote')}
          </p>
        ) : null}
        <fieldset
          disabled={readOnly || saving}
          className="grid gap-5 rounded-lg border border-stone-200 bg-white p-5 shadow-sm md:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold text-stone-800">{t('details')}</legend>
          <FormField {...field('name')} label={t('nameEn')} required>
            <input
              dir="ltr"
              lang="en"
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              className={inputClass}
            />
          </FormField>
          <FormField {...field('nameAr')} label={t('nameAr')} required>
            <input
              dir="rtl"
              lang="ar"
              value={draft.nameAr}
              onChange={(e) => set('nameAr', e.target.value)}
              className={inputClass}
            />
          </FormField>
          <FormField {...field('description')} label={t('descriptionEn')}>
            <textarea
              dir="ltr"
              lang="en"
              rows={4}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
              className={inputClass}
            />
          </FormField>
          <FormField {...field('descriptionAr')} label={t('descriptionAr')}>
            <textarea
              dir="rtl"
              lang="ar"
              rows={4}
              value={draft.descriptionAr}
              onChange={(e) => set('descriptionAr', e.target.value)}
              className={inputClass}
            />
          </FormField>
          <FormField {...field('slug')} label={t('slug')} hint={t('slugHint')} required>
            <input
              dir="ltr"
              value={draft.slug}
              onChange={(e) => {
                setSlugTouched(true);
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
          <FormField {...field('price')} label={t('priceAed')} required>
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
        </fieldset>

        <fieldset
          disabled={readOnly || saving}
          className="space-y-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
        >
          <legend className="px-1 text-sm font-semibold text-stone-800">{t('images')}</legend>
          {draft.images.length > 0 ? (
            <ul className="flex flex-wrap gap-3" aria-label={t('images')}>
              {draft.images.map((url, i) => (
                <li key={url} className="relative w-28 space-y-1 text-center">
                  {/* biome-ignore lint/performance/noImgElement: a preview of the uploaded file as it is */}
                  <img
                    src={adminImageSrc(url)}
                    alt={t('imageN', { n: i + 1 })}
                    className="size-28 rounded-md border border-stone-200 object-cover"
                  />
                  {i === 0 ? (
                    <span className="block text-xs font-medium text-coffee-800">{t('mainImage')}</span>
                  ) : null}
                  <div className="flex justify-center gap-1">
                    {i > 0 ? (
                      <button
                        type="button"
                        className="text-xs text-coffee-800 underline"
                        onClick={() => set('images', [url, ...draft.images.filter((u) => u !== url)])}
                      >
                        {t('makeMain')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="text-xs text-red-700 underline"
                      onClick={() =>
                        set(
                          'images',
                          draft.images.filter((u) => u !== url),
                        )
                      }
                    >
                      {t('removeImage')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-500">{t('noImages')}</p>
          )}
          {errors.images ? <p className="text-sm text-red-700">{errors.images}</p> : null}
          {canEdit ? (
            <ImageUploader
              folder={draft.images.length === 0 ? IMAGE_FOLDERS.product : IMAGE_FOLDERS.gallery}
              label={t('addImages')}
              onUploaded={(url) =>
                setDraft((d) => (d.images.includes(url) ? d : { ...d, images: [...d.images, url] }))
              }
            />
          ) : null}
        </fieldset>

        {canEdit ? (
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={saving} className={buttonClass.primary}>
              {saving ? tf('saving') : product ? tf('save') : t('create')}
            </button>
            <button
              type="button"
              onClick={() => router.push('/backend/products')}
              className={buttonClass.secondary}
            >
              {tf('cancel')}
            </button>
            {product && !product.archivedAt ? (
              <button type="button" onClick={() => void remove()} className={`${buttonClass.danger} ms-auto`}>
                {product.ordered ? t('archive') : t('delete')}
              </button>
            ) : null}
            {product?.archivedAt ? (
              <button
                type="button"
                onClick={() => void restore()}
                className={`${buttonClass.secondary} ms-auto`}
              >
                {t('restore')}
              </button>
            ) : null}
          </div>
        ) : null}
      </form>

      {product ? (
        // The editor brings its own "Variations" heading.
        <section aria-label={t('variations')} className="space-y-3">
          <VariationsEditor productId={product.id} canEdit={canEdit} />
        </section>
      ) : (
        <p className="text-sm text-stone-500">{t('variationsAfterSave')}</p>
      )}
    </div>
  );
}
