import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { Pager } from '@/crm/pager';
import { currentSession } from '@/lib/current-user';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { ReviewCard } from '@/reviews/review-card';
import { getReviewQueue, REVIEWS_PAGE_SIZE, reviewParams, reviewQueryFrom } from '@/reviews/review-data';
import { ReviewFilters } from '@/reviews/review-filters';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('ReviewQueue'))('title') };
}

export default async function ReviewsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params, user, locale] = await Promise.all([
    getTranslations('ReviewQueue'),
    searchParams,
    currentSession(),
    getLocale(),
  ]);
  const query = reviewQueryFrom(params);
  const result = await loadOrDeny(() => getReviewQueue(query));
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  const { reviews, total, counts } = result.data;
  const canEdit = user ? can(user, 'reviews', 'edit') : false;
  const first = reviews[0];
  const productName =
    query.productId && first ? (locale === 'ar' ? first.productNameAr : first.productName) : null;
  return (
    <>
      <PageHeader title={t('title')}>
        <p className="text-sm text-stone-600">
          {counts.PENDING > 0 ? t('waiting', { count: counts.PENDING }) : t('nothingWaiting')}
        </p>
      </PageHeader>
      {canEdit ? null : (
        <p className="mb-4 rounded-md border border-stone-200 bg-stone-50 px-4 py-2 text-sm text-stone-700">
          {t('viewOnly')}
        </p>
      )}
      <ReviewFilters query={query} counts={counts} productName={productName} />
      {reviews.length === 0 ? (
        <EmptyState title={query.status === 'PENDING' ? t('nothingPending') : t('empty')} />
      ) : (
        <ul aria-label={t('listLabel')} className="space-y-3">
          {reviews.map((review) => (
            // Keyed by version: a card redrawn after someone's write starts from the review as it is now.
            <ReviewCard key={`${review.id}-${review.version}`} review={review} canEdit={canEdit} />
          ))}
        </ul>
      )}
      <Pager
        base="/backend/reviews"
        params={reviewParams(query)}
        page={query.page}
        pageSize={REVIEWS_PAGE_SIZE}
        total={total}
      />
    </>
  );
}
