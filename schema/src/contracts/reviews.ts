import { z } from 'zod';
import { reviewFormSchema } from '../validation/review-form';
import { EntityId, ProductRef } from './ids';

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

/** A review as staff moderate it: with its status and the author's e-mail. */
export const AdminReview = Review.extend({
  status: ReviewStatus,
  email: z.string().nullable(),
  productName: z.string(),
  moderatedAt: z.string().nullable(),
}).meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewList = z.array(AdminReview).meta({ id: 'AdminReviewList' });
export type AdminReviewList = z.infer<typeof AdminReviewList>;

export const AdminReviewQuery = z.object({
  status: ReviewStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export const ReviewIdParams = z.object({ id: EntityId() });
