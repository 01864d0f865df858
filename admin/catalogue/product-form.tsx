'use client';

import {
  type AdminCategoryList,
  type AdminProduct,
  type Locale,
  type ProductCreated,
  type ProductRemoval,
  productWriteSchema,
  slugify,
  type Variation,
} from '@qahwa/schema';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { buttonClass } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { payloadOf } from '@/variations/variation-rows';
import { VariationsEditor } from '@/variations/variations-editor';
import { ProductDetailsFields } from './product-details-fields';
import { bodyOf, type Draft, draftOf } from './product-draft';
import { ProductImages } from './product-images';

/**
 * Create and edit a product (docs/admin.md): English and Arabic names and descriptions, slug (made from
 * the English name until edited), category, pictures (uploaded in parallel, the first is the
 * product's), featured, discount, active. The shared rule checks the form as the server will;
 * a save on a product someone else saved meanwhile is refused and says so. Products ever ordered
 * are archived instead of deleted. A new product's variations are typed in the same form (SPEC 3's
 * temp rows) and sent with it on Create: one transaction on the server, so a refused row makes
 * nothing and is marked here, with everything typed kept (docs/admin-catalogue.md).
 */
export function ProductForm({
  product,
  canEdit,
  canEditVariations = canEdit,
}: {
  product: AdminProduct | null;
  canEdit: boolean;
  /** Whether the new-product form offers variations (the variation module's edit right). */
  canEditVariations?: boolean;
}) {
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
  // A new product's rows, and the server's refusal of any of them (by row id).
  const rows = useRef<Variation[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  // Rows that would be lost by leaving (the editor counts them) and the question to ask first.
  const unsaved = useRef({ count: 0, message: '' });
  const onUnsavedChange = useCallback((count: number, message: string) => {
    unsaved.current = { count, message };
  }, []);
  const onRowsChange = useCallback((next: Variation[]) => {
    const before = rows.current;
    rows.current = next;
    // A refusal stays on its row until that row is edited or removed.
    setRowErrors((errors) =>
      Object.fromEntries(
        Object.entries(errors).filter(([id]) => {
          const now = next.find((r) => r.id === id);
          return now !== undefined && now === before.find((r) => r.id === id);
        }),
      ),
    );
  }, []);

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

  async function save(e: FormEvent) {
    e.preventDefault();
    setBanner(null);
    const payload = bodyOf(draft);
    const checked = productWriteSchema(locale).safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      // A new product's Create is below its variations, far from the fields: take the eye there.
      document.getElementById(`product-${String(checked.error.issues[0]?.path[0])}`)?.focus();
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
        const sent = rows.current;
        const created = await api<ProductCreated>('POST', '/admin/products', {
          ...payload,
          variations: sent.map(payloadOf),
        });
        toast.success(t('created'));
        router.push(`/backend/products/${created.id}`);
      }
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : tf('saveFailed');
      if (error instanceof ApiError && !product) {
        // The server names a refused row by its place in the list sent (`/variations/{index}`).
        const sent = rows.current;
        const refused: Record<string, string> = {};
        for (const issue of error.issues) {
          const index = /^\/variations\/(\d+)/.exec(issue.path)?.[1];
          const row = index === undefined ? undefined : sent[Number(index)];
          if (row) refused[row.id] ??= issue.message;
        }
        setRowErrors(refused);
      }
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

  const formId = 'product-form';
  const bannerBox = banner ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {banner}
    </p>
  ) : null;
  // A new product's Create comes after its variations (typed before it exists); the button
  // submits the product form from outside it, as the add form of the variations is a form of its own.
  const actions = canEdit ? (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" form={formId} disabled={saving} className={buttonClass.primary}>
        {saving ? tf('saving') : product ? tf('save') : t('create')}
      </button>
      <button
        type="button"
        onClick={() => {
          // A button, not a link: the leave guard does not see it, so it asks itself.
          if (unsaved.current.count > 0 && !window.confirm(unsaved.current.message)) return;
          router.push('/backend/products');
        }}
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
        <button type="button" onClick={() => void restore()} className={`${buttonClass.secondary} ms-auto`}>
          {t('restore')}
        </button>
      ) : null}
    </div>
  ) : null;

  return (
    <div className="space-y-8">
      <form id={formId} onSubmit={save} noValidate className="space-y-6">
        {product ? bannerBox : null}
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
          <ProductDetailsFields
            draft={draft}
            set={set}
            field={field}
            categories={categories}
            onSlugTyped={() => setSlugTouched(true)}
          />
        </fieldset>

        <fieldset
          disabled={readOnly || saving}
          className="space-y-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
        >
          <legend className="px-1 text-sm font-semibold text-stone-800">{t('images')}</legend>
          <ProductImages
            images={draft.images}
            onChange={(images) => set('images', images)}
            error={errors.images}
            canEdit={canEdit}
            onUploaded={(url) =>
              setDraft((d) => (d.images.includes(url) ? d : { ...d, images: [...d.images, url] }))
            }
          />
        </fieldset>

        {product ? actions : null}
      </form>

      {product ? (
        // The editor brings its own "Variations" heading.
        <section aria-label={t('variations')} className="space-y-3">
          <VariationsEditor productId={product.id} canEdit={canEdit} onUnsavedChange={onUnsavedChange} />
        </section>
      ) : canEditVariations ? (
        // Not created yet: the rows stay here and go with the product on Create.
        <section aria-label={t('variations')} className="space-y-3">
          <VariationsEditor
            productId={null}
            canEdit
            onChange={onRowsChange}
            onUnsavedChange={onUnsavedChange}
            rowErrors={rowErrors}
          />
        </section>
      ) : (
        <p className="text-sm text-stone-500">{t('variationsAfterSave')}</p>
      )}
      {product ? null : bannerBox}
      {product ? null : actions}
    </div>
  );
}
