'use client';

import {
  type AdminCategory,
  type AdminCategoryList,
  categoryWriteSchema,
  IMAGE_FOLDERS,
  type Locale,
  slugify,
} from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { adminImageSrc } from '@/lib/image-src';
import { DataTable } from '@/ui/data-table';
import { buttonClass, FormField, inputClass } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { useListLoader } from '@/ui/use-list-loader';
import { ImageUploader } from './image-uploader';

interface Draft {
  id: string | null;
  name: string;
  nameAr: string;
  slug: string;
  imageUrl: string | null;
  sortOrder: string;
}
const EMPTY: Draft = { id: null, name: '', nameAr: '', slug: '', imageUrl: null, sortOrder: '0' };

/** Categories (docs/admin.md): the table in the shop's order, and one form to add or edit. */
export function CategoriesManager({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Categories');
  const tt = useTranslations('Table');
  const tf = useTranslations('Form');
  const locale = useLocale() as Locale;
  const toast = useToast();
  const {
    data: rows,
    state,
    load,
  } = useListLoader(
    useCallback(() => api<AdminCategoryList>('GET', '/admin/categories'), []),
    {
      initial: [] as AdminCategoryList,
      loadFailed: tt('loadFailed'),
      retryLabel: tt('retry'),
      serverMessage: true,
    },
  );
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({
      ...d,
      [key]: value,
      ...(key === 'name' && !slugTouched ? { slug: slugify(String(value)) } : {}),
    }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  function edit(c: AdminCategory) {
    setDraft({
      id: c.id,
      name: c.name,
      nameAr: c.nameAr,
      slug: c.slug,
      imageUrl: c.imageUrl,
      sortOrder: String(c.sortOrder),
    });
    setSlugTouched(true);
    setErrors({});
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const payload = {
      name: draft.name,
      nameAr: draft.nameAr,
      slug: draft.slug,
      imageUrl: draft.imageUrl,
      sortOrder: draft.sortOrder === '' ? Number.NaN : Number(draft.sortOrder),
    };
    const checked = categoryWriteSchema(locale).safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setSaving(true);
    try {
      if (draft.id) await api<AdminCategory>('PUT', `/admin/categories/${draft.id}`, payload);
      else await api<AdminCategory>('POST', '/admin/categories', payload);
      toast.success(t('saved'));
      setDraft(EMPTY);
      setSlugTouched(false);
      await load();
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : tf('saveFailed');
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN') setErrors({ slug: message });
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  async function remove(c: AdminCategory) {
    if (!window.confirm(t('confirmDelete', { name: locale === 'ar' ? c.nameAr : c.name }))) return;
    try {
      await api('DELETE', `/admin/categories/${c.id}`);
      toast.success(t('deleted'));
      await load();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : tf('saveFailed'));
    }
  }

  const columns = [
    { key: 'image', header: <span className="sr-only">{t('image')}</span>, className: 'w-16' },
    { key: 'name', header: t('name') },
    { key: 'slug', header: t('slug'), className: 'hidden md:table-cell' },
    { key: 'order', header: t('order') },
    { key: 'products', header: t('products') },
    { key: 'actions', header: <span className="sr-only">{t('actions')}</span> },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <DataTable
          caption={t('caption')}
          columns={columns}
          state={state}
          loadingLabel={tt('loading')}
          empty={{ title: t('empty') }}
        >
          {rows.map((c) => (
            <tr key={c.id}>
              <td className="px-4 py-2">
                {c.imageUrl ? (
                  // biome-ignore lint/performance/noImgElement: a thumbnail of the uploaded file as it is
                  <img src={adminImageSrc(c.imageUrl)} alt="" className="size-10 rounded object-cover" />
                ) : (
                  <span className="block size-10 rounded bg-stone-200" />
                )}
              </td>
              <td className="px-4 py-2">
                <div className="font-medium text-stone-900">{locale === 'ar' ? c.nameAr : c.name}</div>
                <div className="text-xs text-stone-500">{locale === 'ar' ? c.name : c.nameAr}</div>
              </td>
              <td className="hidden px-4 py-2 text-stone-600 md:table-cell" dir="ltr">
                {c.slug}
              </td>
              <td className="px-4 py-2 tabular-nums">{c.sortOrder}</td>
              <td className="px-4 py-2 tabular-nums">{c.productCount}</td>
              <td className="px-4 py-2 text-end">
                {canEdit ? (
                  <span className="inline-flex gap-3">
                    <button
                      type="button"
                      onClick={() => edit(c)}
                      className="text-sm text-coffee-800 underline"
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      onClick={() => void remove(c)}
                      className="text-sm text-red-700 underline"
                    >
                      {t('delete')}
                    </button>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      {canEdit ? (
        <form
          onSubmit={save}
          noValidate
          className="space-y-4 self-start rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
        >
          <h2 className="text-base font-semibold text-stone-900">
            {draft.id ? t('editTitle') : t('newTitle')}
          </h2>
          <FormField id="category-name" label={t('nameEn')} error={errors.name || null} required>
            <input
              dir="ltr"
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              className={inputClass}
            />
          </FormField>
          <FormField id="category-nameAr" label={t('nameAr')} error={errors.nameAr || null} required>
            <input
              dir="rtl"
              value={draft.nameAr}
              onChange={(e) => set('nameAr', e.target.value)}
              className={inputClass}
            />
          </FormField>
          <FormField id="category-slug" label={t('slug')} error={errors.slug || null} required>
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
          <FormField
            id="category-order"
            label={t('order')}
            hint={t('orderHint')}
            error={errors.sortOrder || null}
          >
            <input
              type="number"
              min="0"
              step="1"
              dir="ltr"
              value={draft.sortOrder}
              onChange={(e) => set('sortOrder', e.target.value)}
              className={inputClass}
            />
          </FormField>
          <div className="space-y-2">
            <span className="block text-sm font-medium text-stone-800">{t('image')}</span>
            {draft.imageUrl ? (
              <div className="flex items-center gap-3">
                {/* biome-ignore lint/performance/noImgElement: a preview of the uploaded file as it is */}
                <img src={adminImageSrc(draft.imageUrl)} alt="" className="size-16 rounded object-cover" />
                <button
                  type="button"
                  className="text-sm text-red-700 underline"
                  onClick={() => set('imageUrl', null)}
                >
                  {t('removeImage')}
                </button>
              </div>
            ) : null}
            <ImageUploader
              folder={IMAGE_FOLDERS.category}
              multiple={false}
              label={t('chooseImage')}
              onUploaded={(url) => set('imageUrl', url)}
            />
          </div>
          <div className="flex gap-3">
            <button type="submit" disabled={saving} className={buttonClass.primary}>
              {saving ? tf('saving') : tf('save')}
            </button>
            {draft.id ? (
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => {
                  setDraft(EMPTY);
                  setSlugTouched(false);
                }}
              >
                {tf('cancel')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}
