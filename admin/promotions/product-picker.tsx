'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Product } from '@qahwa/schema/catalogue';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';

/** By name (either language) or SKU (the product's or a variation's), case-blind. */
function matches(p: Product, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const texts = [p.name, p.nameAr, p.sku ?? '', ...p.variations.map((v) => v.sku ?? '')];
  return texts.some((s) => s.toLowerCase().includes(q));
}

/**
 * SPEC 2.2's modal product picker: search by name or SKU, a category filter, select all and
 * deselect all (of what the filters show), a selected count, Cancel and Confirm Selection. The
 * choice is a draft until confirmed: Cancel leaves the form's selection as it was.
 */
export function ProductPicker({
  open,
  title,
  products,
  selected,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  products: Product[];
  selected: readonly string[];
  onCancel: () => void;
  onConfirm: (ids: string[]) => void;
}) {
  const t = useTranslations('Promotions');
  const locale = useLocale();
  const [draft, setDraft] = useState<Set<string>>(new Set(selected));
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts from the form's current selection (a cancelled draft is forgotten).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDraft(new Set(selected));
      setQuery('');
      setCategory('');
    }
  }
  const categories = useMemo(() => {
    const seen = new Map<string, Product['category']>();
    for (const p of products) seen.set(p.category.id, p.category);
    return [...seen.values()];
  }, [products]);
  const shown = products.filter((p) => (category === '' || p.category.id === category) && matches(p, query));
  const name = (p: { name: string; nameAr: string }) => (locale === 'ar' ? p.nameAr : p.name);

  return (
    <Dialog open={open} onClose={onCancel} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="flex max-h-[85vh] w-full max-w-2xl flex-col rounded-lg bg-white shadow-xl">
          <div className="space-y-3 border-b border-stone-200 p-4">
            <DialogTitle className="text-lg font-semibold text-stone-900">{title}</DialogTitle>
            <div className="flex flex-wrap gap-3">
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                aria-label={t('pickerSearch')}
                placeholder={t('pickerSearch')}
                className="min-w-48 flex-1 rounded-md border border-stone-300 px-3 py-2 text-sm"
              />
              <select
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                aria-label={t('pickerCategory')}
                className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
              >
                <option value="">{t('allCategories')}</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {name(c)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <button
                type="button"
                className="font-medium text-coffee-800 underline"
                onClick={() => setDraft((d) => new Set([...d, ...shown.map((p) => p.id)]))}
              >
                {t('selectAll')}
              </button>
              <button
                type="button"
                className="font-medium text-coffee-800 underline"
                onClick={() =>
                  setDraft((d) => new Set([...d].filter((id) => !shown.some((p) => p.id === id))))
                }
              >
                {t('deselectAll')}
              </button>
              <span className="ms-auto text-stone-600" aria-live="polite">
                {t('selectedCount', { count: draft.size })}
              </span>
            </div>
          </div>
          <ul className="flex-1 divide-y divide-stone-100 overflow-y-auto px-4">
            {shown.length === 0 ? (
              <li className="py-6 text-center text-sm text-stone-600">{t('pickerNone')}</li>
            ) : null}
            {shown.map((p) => (
              <li key={p.id}>
                <label className="flex cursor-pointer items-center gap-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={draft.has(p.id)}
                    onChange={() =>
                      setDraft((d) => {
                        const next = new Set(d);
                        if (next.has(p.id)) next.delete(p.id);
                        else next.add(p.id);
                        return next;
                      })
                    }
                  />
                  <span className="flex-1 text-stone-900">{name(p)}</span>
                  <span className="text-xs text-stone-500">{name(p.category)}</span>
                  {p.sku ? (
                    <span dir="ltr" className="font-mono text-xs text-stone-500">
                      {p.sku}
                    </span>
                  ) : null}
                </label>
              </li>
            ))}
          </ul>
          <div className="flex justify-end gap-3 border-t border-stone-200 p-4">
            <button
              type="button"
              onClick={onCancel}
              className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800"
            >
              {t('cancel')}
            </button>
            <button
              type="button"
              onClick={() => onConfirm([...draft])}
              className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white hover:bg-coffee-800"
            >
              {t('confirmSelection')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
