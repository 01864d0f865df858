import { type Locale, message, normalizeCouponCode } from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config';
import { HttpError } from '../platform/errors';

/** The 429 of every coupon limit: the one error body, Retry-After, the shopper's language. */
export function tooManyCouponTries(locale: Locale, retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    'RATE_LIMITED',
    message('coupon.tooManyTries', locale),
    {},
    { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
  );
}

/**
 * The limits of POST /api/promotions/validate that are counted whoever asks (docs/promotions.md
 * "Validate"): refused checks of one typed code, and refused checks of the whole store. Per
 * address, the route's own `config.rateLimit` counts every check.
 *
 * Only refusals count, and every caller is checked before the code is looked at: a shopper whose
 * code works never uses up the budget, and past it nobody — a guesser included — learns whether
 * a code works until the window ends. Counters live in @fastify/rate-limit's store, which is the
 * shared one of every gateway (platform/shared-limits.ts): a guesser spreading tries over several
 * gateways spends the same budget; the keys name the limit, as the store asks of a route-less one.
 */
export function createCouponAttempts(app: FastifyInstance, limits: { perCode: RateLimit; all: RateLimit }) {
  const codeOf = (req: FastifyRequest) => normalizeCouponCode((req.body as { code?: string }).code ?? '');
  const limiters = [
    app.createRateLimit({ ...limits.perCode, keyGenerator: (req) => `coupon:${codeOf(req)}` }),
    app.createRateLimit({ ...limits.all, keyGenerator: () => 'coupons' }),
  ];
  return {
    /** Throws the 429 when either budget is spent; counts nothing. */
    async check(req: FastifyRequest, locale: Locale): Promise<void> {
      for (const limiter of limiters) {
        const state = await limiter(req, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) throw tooManyCouponTries(locale, state.ttlInSeconds);
      }
    },
    /** One refused check of this code. */
    async refused(req: FastifyRequest): Promise<void> {
      for (const limiter of limiters) await limiter(req);
    },
  };
}
