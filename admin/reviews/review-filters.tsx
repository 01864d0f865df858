import type { AdminReviewList } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { type ReviewQueueQuery, reviewParams } from './review-data';

const href = (params: Record<string, string>) => {
  const q = new URLSearchParams(params).toString();
  return q ? `/backend/reviews?${q}` : '/backend/reviews';
};

/**
 * Status tabs with their counts (under the product and rating filter), the rating filter as a GET
 * form, and the product filter a review card set, shown with a way back to every product.
 */
export function ReviewFilters({
  query,
  counts,
  productName,
}: {
  query: ReviewQueueQuery;
  counts: AdminReviewList['counts'];
  productName: string | null;
}) {
  const t = useTranslations('ReviewQueue');
  const tStatus = useTranslations('ReviewStatus');
  const all = counts.PENDING + counts.APPROVED + counts.REJECTED;
  const tabs = [
    { status: undefined, label: t('all'), count: all },
    ...(['PENDING', 'APPROVED', 'REJECTED'] as const).map((s) => ({
      status: s,
      label: tStatus(s),
      count: counts[s],
    })),
  ];
  return (
    <div className="mb-4 space-y-3">
      <nav aria-label={t('statusFilter')} className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const current = query.status === tab.status;
          return (
            <Link
              key={tab.status ?? 'all'}
              href={href(reviewParams({ ...query, status: tab.status }))}
              aria-current={current ? 'page' : undefined}
              className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset ${
                current
                  ? 'bg-amber-800 text-white ring-amber-800'
                  : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50'
              }`}
            >
              {tab.label} <span className="tabular-nums">({tab.count})</span>
            </Link>
          );
        })}
      </nav>
      <form method="get" action="/backend/reviews" className="flex flex-wrap items-end gap-3">
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        {query.productId ? <input type="hidden" name="productId" value={query.productId} /> : null}
        <label className="block text-sm font-medium text-stone-700">
          {t('rating')}
          <select
            name="rating"
            defaultValue={query.rating ? String(query.rating) : ''}
            className="mt-1 block rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">{t('anyRating')}</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {t('stars', { count: n })}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
        >
          {t('apply')}
        </button>
        {query.productId ? (
          <p className="py-2 text-sm text-stone-700">
            {t('onlyProduct', { name: productName ?? '' })}{' '}
            <Link
              href={href(reviewParams({ ...query, productId: undefined }))}
              className="text-amber-800 underline"
            >
              {t('allProducts')}
            </Link>
          </p>
        ) : null}
      </form>
    </div>
  );
}
