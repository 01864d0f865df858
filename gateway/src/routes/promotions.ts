import { createPromotionsRepository } from '@qahwa/db';
import {
  type CouponValidation,
  couponValidationResponse,
  ErrorBody,
  isAutomatic,
  type Locale,
  type Promotion,
  type PromotionCart,
  PromotionList,
  PromotionListQuery,
  PromotionValidateRequest,
  PromotionValidateResponse,
  toFils,
  validatePromotionCode,
} from '@qahwa/schema';
import { priceCheckout } from '@qahwa/workflows/checkout/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeOf } from '../i18n/messages';

/**
 * SPEC 7 POST /api/promotions/validate and GET /api/promotions?active=true.
 *
 * Validate answers 200 with `valid: false` and the reason in the shopper's language for a code
 * that does not hold (SPEC 8: "the server's error, or 'Invalid coupon code'"); only a malformed
 * request is a 400. When the browser sends its items with their variations, the answer is the
 * order's own pricing (`priceCheckout`: database prices, automatic promotions, stacking), so
 * what the box shows is what the order will take off; otherwise the SPEC 7 body alone
 * ({code, orderAmount, productIds}) is checked against the promotion's rules.
 */
export async function promotionRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const promotions = createPromotionsRepository(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/promotions/validate',
    {
      config: { access: 'public' },
      schema: { body: PromotionValidateRequest, response: { 200: PromotionValidateResponse } },
    },
    async (req) => {
      const body = req.body;
      const locale: Locale = body.locale ?? localeOf(req.headers);
      const now = new Date();
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
          if (outcome.status === 'refused') {
            return couponValidationResponse({ valid: false, ...outcome.refusal }, locale);
          }
          if (outcome.status === 'outranked') {
            return couponValidationResponse({ valid: false, code: 'coupon.outranked' }, locale);
          }
          const [promotion] = await promotions.byIds([outcome.promotionId]);
          if (promotion) {
            const result: CouponValidation = {
              valid: true,
              promotion,
              discount: {
                promotionId: promotion.id,
                type: promotion.type,
                discountFils: outcome.discountFils,
                freeShipping: outcome.freeShipping,
              },
            };
            return couponValidationResponse(result, locale);
          }
        }
      }
      // The SPEC 7 body alone: the claimed amount and products. Advisory only — the order is
      // priced again from the database whatever this says.
      const promotion = await promotions.byCode(body.code);
      const cart: PromotionCart = {
        lines:
          items.length > 0
            ? items.map((i) => ({ productId: i.productId, unitFils: toFils(i.price), quantity: i.quantity }))
            : body.productIds.map((productId) => ({ productId, unitFils: 0, quantity: 1 })),
        subtotalFils: toFils(body.orderAmount),
      };
      const result = validatePromotionCode(promotion ? [promotion] : [], body.code, cart, now);
      return couponValidationResponse(result, locale);
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
      return (await promotions.active(new Date())).filter(isPublic);
    },
  );
}

/**
 * What a shopper may see of the promotions in force: the automatic ones (they price every cart)
 * and codes meant for everyone. A code with a usage limit is someone's (a single-use voucher, a
 * partner's batch): listing it would hand it to whoever reads the list first.
 */
function isPublic(p: Promotion): boolean {
  return isAutomatic(p) || p.maxUses === null;
}
