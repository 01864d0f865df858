'use client';

import { type PageSize, pageButtons } from '@qahwa/schema/catalogue';
import { VARIATION_PAGE_SIZES } from '@qahwa/schema/reference';
import { useTranslations } from 'next-intl';

const shape = 'min-w-9 rounded-md border px-2.5 py-1.5 text-sm disabled:opacity-50';
const button = `${shape} border-stone-300 bg-white text-stone-800 hover:bg-stone-50`;
const currentButton = `${shape} border-coffee-700 bg-coffee-700 text-white`;

/** SPEC 2.3: sizes 5, 10, 20, 50; Previous, Next; first, last and neighbours with ellipses. */
export function VariationPagination({
  page,
  pages,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  pages: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const t = useTranslations('Variations');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <label className="flex items-center gap-2 text-sm text-stone-700">
        {t('pageSize')}
        <select
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value) as PageSize)}
          className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
        >
          {VARIATION_PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <nav aria-label={t('pagination')} className="flex flex-wrap items-center gap-1">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('previous')}
        </button>
        {pageButtons(page, pages).map((p, i) =>
          p === 'ellipsis' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place
            <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={p === page ? currentButton : button}
              aria-current={p === page ? 'page' : undefined}
              aria-label={t('page', { page: p })}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          ),
        )}
        <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('next')}
        </button>
      </nav>
    </div>
  );
}
