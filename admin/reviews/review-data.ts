import 'server-only';
import { AdminReviewList, REVIEW_STATUSES, type ReviewStatus } from '@qahwa/schema/contracts';
import { gatewayGet } from '@/lib/gateway';

export const REVIEWS_PAGE_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReviewQueueQuery {
  status?: ReviewStatus | undefined;
  productId?: string | undefined;
  rating?: number | undefined;
  page: number;
}

/** The queue's filter from the URL; anything unknown is ignored, not an error page. */
export function reviewQueryFrom(params: Record<string, string | string[] | undefined>): ReviewQueueQuery {
  const one = (k: string) => {
    const v = params[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  };
  const status = one('status');
  const productId = one('productId');
  const rating = Number(one('rating'));
  return {
    status: (REVIEW_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ReviewStatus)
      : undefined,
    productId: productId && UUID.test(productId) ? productId : undefined,
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    page: Math.max(1, Math.min(50_000, Number.parseInt(one('page') ?? '1', 10) || 1)),
  };
}

/** The filter as URL parameters (without the page), for links that keep it. */
export function reviewParams(q: Omit<ReviewQueueQuery, 'page'>): Record<string, string> {
  return {
    ...(q.status ? { status: q.status } : {}),
    ...(q.productId ? { productId: q.productId } : {}),
    ...(q.rating ? { rating: String(q.rating) } : {}),
  };
}

export function getReviewQueue(q: ReviewQueueQuery) {
  const params = new URLSearchParams({
    ...reviewParams(q),
    limit: String(REVIEWS_PAGE_SIZE),
    offset: String((q.page - 1) * REVIEWS_PAGE_SIZE),
  });
  return gatewayGet(`/api/admin/reviews?${params}`, AdminReviewList);
}
