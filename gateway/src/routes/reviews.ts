import { isReviewModerationError } from '@qahwa/db';
import {
  AdminReview,
  AdminReviewList,
  AdminReviewQuery,
  ErrorBody,
  type Locale,
  MessageResponse,
  ModerateReviewRequest,
  message,
  ProductReviews,
  ProductReviewsParams,
  ProductReviewsQuery,
  ReviewIdParams,
  ReviewReplyRequest,
  ReviewSubmitRequest,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * Reviews: shoppers read the approved ones and send their own, which waits for staff
 * (ReviewSubmitted); staff approve, reject and answer them (docs/customers-reviews.md).
 * Approval changes the product's average, so it announces CatalogueChanged and the in-memory
 * catalogue follows. Staff writes carry the version the moderator saw: two at once, one wins.
 */
export async function reviewRoutes(app: FastifyInstance) {
  const { reviews, catalogue } = app.repos;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  const productIdOf = async (ref: string, locale: Locale) => {
    const id = await catalogue.activeProductId(ref);
    if (!id) throw new HttpError(404, 'PRODUCT_NOT_FOUND', message('catalogue.productNotFound', locale));
    return id;
  };

  r.get(
    '/api/products/:id/reviews',
    {
      logLevel: 'warn',
      config: { access: 'public', rateLimit: app.deps.config.rateLimits.contentReads },
      schema: {
        params: ProductReviewsParams,
        querystring: ProductReviewsQuery,
        response: { 200: ProductReviews, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const productId = await productIdOf(req.params.id, localeOf(req.headers));
      // A newly approved review may wait a minute in a shared cache; the shopper's own is pending anyway.
      reply.header('cache-control', 'public, max-age=60');
      return reviews.approvedFor(productId, req.query.limit);
    },
  );

  r.post(
    '/api/products/:id/reviews',
    {
      // A person writes a review or two, not dozens: the limit stops a script filling the queue.
      config: { access: 'public', rateLimit: app.deps.config.rateLimits.messages },
      schema: {
        params: ProductReviewsParams,
        body: ReviewSubmitRequest,
        response: { 201: MessageResponse, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const locale = req.body.locale ?? localeOf(req.headers);
      const productId = await productIdOf(req.params.id, locale);
      const { id } = await reviews.submit({ ...req.body, productId, locale }, String(req.id));
      req.log.info({ reviewId: id, productId }, 'review submitted');
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({
          success: true,
          message: message('review.received', locale),
        });
    },
  );

  r.get(
    '/api/admin/reviews',
    {
      ...staffOnly('reviews'),
      schema: { querystring: AdminReviewQuery, response: { 200: AdminReviewList, ...denied } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reviews.listForStaff(req.query);
    },
  );

  /** A refused staff write in the staff member's words: 404, or 409 saying who got there first. */
  const refused = (error: unknown, locale: Locale): never => {
    if (!isReviewModerationError(error)) throw error;
    if (error.code === 'not-found') throw new HttpError(404, 'REVIEW_NOT_FOUND', t('reviewNotFound', locale));
    const who = error.current?.by ?? t('someoneElse', locale);
    const status = error.current?.status ?? 'PENDING';
    if (error.code === 'already') {
      throw new HttpError(
        409,
        'REVIEW_ALREADY_MODERATED',
        t(status === 'APPROVED' ? 'reviewAlreadyApproved' : 'reviewAlreadyRejected', locale, { who }),
      );
    }
    const statusWord = t(
      status === 'APPROVED'
        ? 'reviewStatusApproved'
        : status === 'REJECTED'
          ? 'reviewStatusRejected'
          : 'reviewStatusPending',
      locale,
    );
    throw new HttpError(409, 'REVIEW_CHANGED', t('reviewChanged', locale, { who, status: statusWord }));
  };
  const conflict = { 404: ErrorBody, 409: ErrorBody, ...denied };

  for (const [action, status] of [
    ['approve', 'APPROVED'],
    ['reject', 'REJECTED'],
  ] as const) {
    r.post(
      `/api/admin/reviews/:id/${action}`,
      {
        ...staffOnly('reviews', 'edit'),
        schema: {
          params: ReviewIdParams,
          body: ModerateReviewRequest,
          response: { 200: AdminReview, ...conflict },
        },
      },
      async (req, reply) => {
        const review = await reviews
          .moderate(req.params.id, status, String(req.id), await auditActor(req), req.body.version)
          .catch((e: unknown) => refused(e, localeOf(req.headers)));
        req.log.info({ reviewId: review.id, status }, 'review moderated');
        return reply.header('cache-control', 'no-store').send(review);
      },
    );
  }

  r.post(
    '/api/admin/reviews/:id/reply',
    {
      ...staffOnly('reviews', 'edit'),
      schema: {
        params: ReviewIdParams,
        body: ReviewReplyRequest,
        response: { 200: AdminReview, ...conflict },
      },
    },
    async (req, reply) => {
      const review = await reviews
        .reply(req.params.id, req.body.reply, await auditActor(req), String(req.id), req.body.version)
        .catch((e: unknown) => refused(e, localeOf(req.headers)));
      req.log.info({ reviewId: review.id, replied: review.reply !== null }, 'review answered');
      return reply.header('cache-control', 'no-store').send(review);
    },
  );
}
