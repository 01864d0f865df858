'use client';

import type { AdminCategoryList, AdminProductList, Locale } from '@qahwa/schema';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/browser-api';
import { adminImageSrc } from '@/lib/image-src';
import { DataTable } from '@/ui/data-table';
import { inputClass } from '@/ui/form-field';
import { useListLoader } from '@/ui/use-list-loader';

const PAGE = 20;

/** SPEC 3's products table: search, category, status; stock and sales; a page of 20 at a time. */
export function ProductsList({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Products');
  const tt = useTranslations('Table');
  const locale = useLocale() as Locale;
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [status, setStatus] = useState<'active' | 'archived' | 'all'>('active');
  const [offset, setOffset] = useState(0);
  const [categories, setCategories] = useState<AdminCategoryList>([]);
  const { data: list, state } = useListLoader(
    useCallback(() => {
      const query = new URLSearchParams({ status, limit: String(PAGE), offset: String(offset) });
      if (q.trim()) query.set('q', q.trim());
      if (categoryId) query.set('categoryId', categoryId);
      return api<AdminProductList>('GET', `/admin/products?${query}`);
    }, [q, categoryId, status, offset]),
    {
      initial: null as AdminProductList | null,
      isEmpty: (result) => result?.products.length === 0,
      loadFailed: tt('loadFailed'),
      retryLabel: tt('retry'),
      serverMessage: true,
      // Typing waits a moment before asking again.
      delayMs: 250,
    },
  );

  useEffect(() => {
    api<AdminCategoryList>('GET', '/admin/categories').then(setCategories, () => setCategories([]));
  }, []);

  const money = new Intl.NumberFormat(locale === 'ar' ? 'ar-AE' : 'en-AE', {
    style: 'currency',
    currency: 'AED',
    minimumFractionDigits: 2,
  });
  const name = (en: string, ar: string) => (locale === 'ar' ? ar : en);
  const columns = [
    { key: 'image', header: <span className="sr-only">{t('image')}</span>, className: 'w-16' },
    { key: 'name', header: t('name') },
    { key: 'category', header: t('category'), className: 'hidden md:table-cell' },
    { key: 'price', header: t('price') },
    { key: 'stock', header: t('stock') },
    { key: 'sales', header: t('sales') },
    { key: 'options', header: t('options'), className: 'hidden lg:table-cell' },
    { key: 'status', header: t('status') },
  ];

  return (
    <div className="space-y-4">
      <search className="flex flex-wrap items-end gap-3">
        <label className="block min-w-56 flex-1 text-sm">
          <span className="mb-1 block font-medium text-stone-700">{t('search')}</span>
          <input
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setOffset(0);
            }}
            placeholder={t('searchPlaceholder')}
            className={inputClass}
          />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-stone-700">{t('category')}</span>
          <select
            value={categoryId}
            onChange={(e) => {
              setCategoryId(e.target.value);
              setOffset(0);
            }}
            className={inputClass}
          >
            <option value="">{t('allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {name(c.name, c.nameAr)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-stone-700">{t('status')}</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setOffset(0);
            }}
            className={inputClass}
          >
            <option value="active">{t('statusActive')}</option>
            <option value="archived">{t('statusArchived')}</option>
            <option value="all">{t('statusAll')}</option>
          </select>
        </label>
      </search>
      <DataTable
        caption={t('caption')}
        columns={columns}
        state={state}
        loadingLabel={tt('loading')}
        empty={{ title: t('empty'), body: canEdit ? t('emptyHint') : undefined }}
      >
        {list?.products.map((p) => (
          <tr key={p.id} className="hover:bg-stone-50">
            <td className="px-4 py-2">
              {p.imageUrl ? (
                // biome-ignore lint/performance/noImgElement: a thumbnail from the gateway or the image host, drawn as it is
                <img src={adminImageSrc(p.imageUrl)} alt="" className="size-10 rounded object-cover" />
              ) : (
                <span className="block size-10 rounded bg-stone-200" />
              )}
            </td>
            <td className="px-4 py-2">
              <Link
                href={`/backend/products/${p.id}`}
                className="font-medium text-coffee-800 hover:underline"
              >
                {name(p.name, p.nameAr)}
              </Link>
              <div className="text-xs text-stone-500" dir="ltr">
                {p.slug}
              </div>
            </td>
            <td className="hidden px-4 py-2 md:table-cell">{name(p.category.name, p.category.nameAr)}</td>
            <td className="px-4 py-2 tabular-nums">{money.format(p.price)}</td>
            <td className={`px-4 py-2 tabular-nums ${p.stock === 0 ? 'font-semibold text-red-700' : ''}`}>
              {p.stock}
            </td>
            <td className="px-4 py-2 tabular-nums">{p.sales}</td>
            <td className="hidden px-4 py-2 text-xs text-stone-600 lg:table-cell">
              {[p.weights.join(', '), p.beans.join(', '), p.additions.join(', ')]
                .filter(Boolean)
                .join(' · ') || '—'}
            </td>
            <td className="px-4 py-2">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  p.archivedAt
                    ? 'bg-stone-200 text-stone-700'
                    : p.isActive
                      ? 'bg-emerald-100 text-emerald-800'
                      : 'bg-amber-100 text-amber-800'
                }`}
              >
                {p.archivedAt ? t('archived') : p.isActive ? t('active') : t('inactive')}
              </span>
              {p.featured ? <span className="ms-1 text-xs text-amber-700">★</span> : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {list && list.total > PAGE ? (
        <nav aria-label={t('pages')} className="flex items-center justify-between text-sm">
          <button
            type="button"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
            className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
          >
            {t('previous')}
          </button>
          <span>
            {t('range', { from: offset + 1, to: Math.min(offset + PAGE, list.total), total: list.total })}
          </span>
          <button
            type="button"
            disabled={offset + PAGE >= list.total}
            onClick={() => setOffset(offset + PAGE)}
            className="rounded-md border border-stone-300 px-3 py-1.5 disabled:opacity-50"
          >
            {t('next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
