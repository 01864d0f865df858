import { z } from 'zod';
import { storableText, validationText } from '../validation/fields';
import { reviewFormSchema } from '../validation/review-form';
import { EntityId, ProductRef } from './ids';
import { QueryInt } from './leads';

const t = validationText('en');

export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const ReviewStatus = z.enum(REVIEW_STATUSES).meta({ id: 'ReviewStatus' });
export type ReviewStatus = z.infer<typeof ReviewStatus>;

/** A published review as shoppers see it: no e-mail. */
export const Review = z
  .object({
    id: z.string(),
    productId: z.string(),
    authorName: z.string(),
    rating: z.number().int(),
    title: z.string(),
    body: z.string(),
    locale: z.enum(['en', 'ar']),
    /** Staff's answer, if any. */
    reply: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

/** GET /api/products/{id}/reviews: approved reviews, newest first, with their average and count. */
export const ProductReviews = z
  .object({
    reviews: z.array(Review),
    /** 1..5 with one decimal, null while no review is approved. */
    average: z.number().nullable(),
    count: z.number().int(),
  })
  .meta({ id: 'ProductReviews' });
export type ProductReviews = z.infer<typeof ProductReviews>;

export const ProductReviewsParams = z.object({ id: ProductRef() });
export const ProductReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** POST /api/products/{id}/reviews: the review form (same rules and English messages as the form). */
export const ReviewSubmitRequest = reviewFormSchema('en')
  .extend({ locale: z.enum(['en', 'ar']).optional() })
  .meta({ id: 'ReviewSubmitRequest' });
export type ReviewSubmitRequest = z.infer<typeof ReviewSubmitRequest>;

/**
 * A review as staff moderate it: with its status, the author's e-mail and `version`, the token
 * of optimistic concurrency: a moderation or reply sent with the version the staff
 * member saw is refused with 409 when someone else changed the review in between.
 */
export const AdminReview = Review.extend({
  status: ReviewStatus,
  email: z.string().nullable(),
  productName: z.string(),
  productNameAr: z.string(),
  productSlug: z.string(),
  moderatedAt: z.string().nullable(),
  /** Opaque; changes with every staff write to the review. */
  version: z.string(),
}).meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof AdminReview>;

/** The moderation queue: one page of reviews, how many match, and how many wait in each status. */
export const AdminReviewList = z
  .object({
    reviews: z.array(AdminReview),
    total: z.number().int(),
    counts: z.object({ PENDING: z.number().int(), APPROVED: z.number().int(), REJECTED: z.number().int() }),
  })
  .meta({ id: 'AdminReviewList' });
export type AdminReviewList = z.infer<typeof AdminReviewList>;

/** The queue's filter: PENDING first, then newest first, whatever is filtered. */
export const AdminReviewQuery = z.object({
  status: ReviewStatus.optional(),
  productId: EntityId().optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: QueryInt(0, 1_000_000, 0),
});
export type AdminReviewQuery = z.infer<typeof AdminReviewQuery>;
export const ReviewIdParams = z.object({ id: EntityId() });

/** The version token as the list gave it: digits (microseconds), nothing a client invents differently. */
const ReviewVersion = z.string().regex(/^\d{1,20}$/, { error: t('validation.id') });

/**
 * POST /api/admin/reviews/{id}/approve|reject, body `{version}` (`{}` for a caller that does not
 * track versions: then moving a review to the status it already has is refused as already moderated).
 */
export const ModerateReviewRequest = z
  .object({ version: ReviewVersion.optional() })
  .meta({ id: 'ModerateReviewRequest' });
export type ModerateReviewRequest = z.infer<typeof ModerateReviewRequest>;

/** POST /api/admin/reviews/{id}/reply: the roastery's answer, shown under the review; empty removes it. */
export const ReviewReplyRequest = z
  .object({
    reply: z
      .string()
      .overwrite(storableText)
      .trim()
      .max(2000, { error: t('validation.tooLong', { max: 2000 }) }),
    version: ReviewVersion.optional(),
  })
  .meta({ id: 'ReviewReplyRequest' });
export type ReviewReplyRequest = z.infer<typeof ReviewReplyRequest>;
