import { priceCheckout } from '@qahwa/checkout';
import {
  type CouponAudience,
  type CouponValidation,
  can,
  couponRefusalFor,
  couponValidationResponse,
  ErrorBody,
  isListedToShoppers,
  type Locale,
  message,
  type PromotionCart,
  PromotionList,
  PromotionListQuery,
  PromotionValidateRequest,
  PromotionValidateResponse,
  toFils,
  validatePromotionCode,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeOf } from '../i18n/messages';
import { createCouponAttempts, tooManyCouponTries } from '../promotions/coupon-attempts';
import { currentSettings } from './admin-settings';

/** What a code does for this cart now; `outranked` holds, but an automatic promotion gives more. */
type CouponCheck = CouponValidation | { valid: false; code: 'coupon.outranked' };

/**
 * SPEC 7 POST /api/promotions/validate and GET /api/promotions?active=true.
 *
 * Validate answers 200 with `valid: false` for a code that does not hold (SPEC 8: "the server's
 * error, or 'Invalid coupon code'"); only a malformed request is a 400. When the browser sends its
 * items with their variations, the answer is the order's own pricing (`priceCheckout`: database
 * prices, automatic promotions, stacking), so what the box shows is what the order will take off;
 * otherwise the SPEC 7 body alone ({code, orderAmount, productIds}) is checked against the
 * promotion's rules. Who asks decides how much a refusal says (docs/promotions.md "Validate"):
 * staff signed in to the back office get the reason, anyone else one "not usable" answer; and
 * anyone else is rate-limited per address, per code and for the whole store.
 */
export async function promotionRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const limits = app.deps.config.rateLimits;
  const promotions = app.repos.promotions;
  const attempts = createCouponAttempts(app, { perCode: limits.couponCode, all: limits.couponsAll });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Staff of the promotions module, signed in (the back office's session cookie). */
  async function audienceOf(req: FastifyRequest): Promise<CouponAudience> {
    const user = await req.sessionUser();
    return user && can(user, 'promotions', 'view') ? 'staff' : 'shopper';
  }

  async function check(body: PromotionValidateRequest, now: Date, req: FastifyRequest): Promise<CouponCheck> {
    const items = body.items ?? [];
    const priced = items.length > 0 && items.every((i) => i.variationId);
    if (priced) {
      const pricing = await priceCheckout(db, {
        items: items.map((i) => ({ variationId: i.variationId as string, quantity: i.quantity })),
        couponCode: body.code,
        now,
      });
      const outcome = pricing.coupon;
      if (pricing.missing.length === 0 && outcome.status !== 'none') {
        if (outcome.status === 'refused') return { valid: false, ...outcome.refusal };
        if (outcome.status === 'outranked') return { valid: false, code: 'coupon.outranked' };
        const [promotion] = await promotions.byIds([outcome.promotionId]);
        if (promotion) {
          return {
            valid: true,
            promotion,
            discount: {
              promotionId: promotion.id,
              type: promotion.type,
              discountFils: outcome.discountFils,
              freeShipping: outcome.freeShipping,
            },
          };
        }
      }
    }
    // The SPEC 7 body alone: the claimed amount and products. Advisory only — the order is
    // priced again from the database whatever this says.
    const [promotion, settings] = await Promise.all([
      promotions.byCode(body.code),
      currentSettings(app, req),
    ]);
    const cart: PromotionCart = {
      lines:
        items.length > 0
          ? items.map((i) => ({ productId: i.productId, unitFils: toFils(i.price), quantity: i.quantity }))
          : body.productIds.map((productId) => ({ productId, unitFils: 0, quantity: 1 })),
      subtotalFils: toFils(body.orderAmount),
    };
    return validatePromotionCode(promotion ? [promotion] : [], body.code, cart, now, settings.values.sale);
  }

  r.post(
    '/api/promotions/validate',
    {
      config: {
        access: 'public',
        // Every check from one address counts here, before the body is read; the coupon's own
        // words for the 429 (the generic one would not say what to wait for).
        rateLimit: {
          ...limits.coupons,
          errorResponseBuilder: (req, context) =>
            tooManyCouponTries(localeOf(req.headers), Math.ceil(context.ttl / 1000)),
        },
      },
      schema: {
        body: PromotionValidateRequest,
        response: { 200: PromotionValidateResponse, 429: ErrorBody },
      },
    },
    async (req) => {
      const body = req.body;
      const locale: Locale = body.locale ?? localeOf(req.headers);
      const audience = await audienceOf(req);
      if (audience === 'shopper') await attempts.check(req, locale);
      const result = await check(body, new Date(), req);
      if (result.valid || result.code === 'coupon.outranked') {
        return result.valid
          ? couponValidationResponse(result, locale)
          : { valid: false, error: message(result.code, locale), errorCode: result.code };
      }
      if (audience === 'shopper') await attempts.refused(req);
      return couponValidationResponse({ valid: false, ...couponRefusalFor(result, audience) }, locale);
    },
  );

  r.get(
    '/api/promotions',
    {
      // The full list (switched off, finished, limited codes) is the back office's: staff only.
      // `?active=true` (the raw text, before validation) is the storefront's; anything else asks
      // for the full list, and the handler below gives the full list only then.
      config: {
        access: {
          module: 'promotions',
          action: 'view',
          publicWhen: (req) => (req.query as Record<string, unknown>).active === 'true',
        },
      },
      schema: {
        querystring: PromotionListQuery,
        response: { 200: PromotionList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => {
      if (req.query.active !== true) return promotions.all();
      return (await promotions.active(new Date())).filter(isListedToShoppers);
    },
  );
}
