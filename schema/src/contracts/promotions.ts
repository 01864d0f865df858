import { z } from 'zod';
import { message } from '../messages/catalogue';
import { type Locale, toAed } from '../money/money';
import { Promotion, PromotionType } from '../promotions/promotion';
import type { CouponValidation } from '../promotions/validate-code';
import { promotionRequestSchema } from '../validation/promotion-form';
import { EntityId } from './ids';

/**
 * SPEC 7 POST /api/promotions/validate: {code, orderAmount, productIds}. `items` is optional and
 * lets the server compute BUY_X_GET_Y and BUNDLE, which need quantities; without it the server
 * reprices from the product ids alone.
 */
export const PromotionValidateRequest = z
  .object({
    // At least one visible character (SPEC 5: 'Please enter a coupon code'), said as a pattern so
    // the OpenAPI document tells clients (and the fuzzer) what a blank code is.
    code: z
      .string()
      .max(50)
      .regex(/\S/, { error: message('validation.couponEmpty', 'en') }),
    // Bounded so no claim can push the arithmetic past safe integers (a cart of 30 units at most).
    orderAmount: z.number().nonnegative().max(10_000_000),
    productIds: z.array(EntityId()).max(100).default([]),
    items: z
      .array(
        z.object({
          productId: EntityId(),
          variationId: EntityId().optional(),
          quantity: z.number().int().positive().max(1000),
          price: z.number().nonnegative().max(1_000_000),
        }),
      )
      .max(100)
      .optional(),
    locale: z.enum(['en', 'ar']).optional(),
  })
  .meta({ id: 'PromotionValidateRequest' });
export type PromotionValidateRequest = z.infer<typeof PromotionValidateRequest>;

/** SPEC 7 response; `error` in the shopper's language, `errorCode` a stable message code. */
export const PromotionValidateResponse = z
  .object({
    valid: z.boolean(),
    discountAmount: z.number().optional(),
    discountType: PromotionType.optional(),
    promotionId: z.string().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    freeShipping: z.boolean().optional(),
    /**
     * The promotion itself when valid, so the browser's summary prices the cart with the very
     * rules the server uses (`priceCart`); its figures stay a claim the order recomputes.
     */
    promotion: Promotion.optional(),
    error: z.string().optional(),
    errorCode: z.string().optional(),
  })
  .meta({ id: 'PromotionValidateResponse' });
export type PromotionValidateResponse = z.infer<typeof PromotionValidateResponse>;

/** A validation result → the SPEC 7 answer, texts in the shopper's language. */
export function couponValidationResponse(
  result: CouponValidation,
  locale: Locale,
): PromotionValidateResponse {
  if (!result.valid) {
    return { valid: false, error: message(result.code, locale, result.params), errorCode: result.code };
  }
  const p = result.promotion;
  const name = locale === 'ar' && p.nameAr ? p.nameAr : p.name;
  const description = (locale === 'ar' && p.descriptionAr ? p.descriptionAr : p.description) ?? '';
  return {
    valid: true,
    discountAmount: toAed(result.discount.discountFils),
    discountType: p.type,
    promotionId: p.id,
    name,
    description,
    freeShipping: result.discount.freeShipping,
    promotion: p,
  };
}

/** SPEC 3 "Applied coupon", as the browser keeps it. */
export const AppliedCoupon = z
  .object({
    code: z.string(),
    discountAmount: z.number(),
    discountType: PromotionType,
    promotionId: z.string(),
    name: z.string(),
    description: z.string(),
    freeShipping: z.boolean().optional(),
  })
  .meta({ id: 'AppliedCoupon' });
export type AppliedCoupon = z.infer<typeof AppliedCoupon>;

/** SPEC 7 POST /api/promotions and PATCH /api/promotions/{id}: the same body. */
export const PromotionWriteRequest = promotionRequestSchema('en').meta({ id: 'PromotionWriteRequest' });
export type PromotionWriteRequest = z.input<typeof PromotionWriteRequest>;

export const PromotionIdParams = z.object({ id: EntityId() });

/**
 * DELETE /api/promotions/{id}: a promotion no order or checkout ever used is deleted; one that
 * was used is archived (switched off, kept for the orders that name it). `uses`: the checkouts
 * that held or used it, which decided.
 */
export const PromotionRemoval = z
  .object({ id: z.string(), outcome: z.enum(['deleted', 'archived']), uses: z.number().int() })
  .meta({ id: 'PromotionRemoval' });
export type PromotionRemoval = z.infer<typeof PromotionRemoval>;

/** SPEC 7 GET /api/promotions?active=true. */
export const PromotionListQuery = z.object({
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const PromotionList = z.array(Promotion).meta({ id: 'PromotionList' });
export type PromotionList = z.infer<typeof PromotionList>;

/**
 * GET /api/recommendations?productIds=a,b&limit=4 (ours; SPEC 2.5 'You might also like' and the
 * product page's related products): the products UPSELL, CROSS_SELL and DOWNSELL point to from
 * these products, then featured products at random to fill `limit`.
 */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** Up to 50 product ids, comma-separated (the pattern is in the OpenAPI document too). */
const PRODUCT_ID_LIST = new RegExp(`^(?:${UUID}(?:,${UUID}){0,49})?$`);

export const RecommendationsQuery = z.object({
  productIds: z
    .string()
    .regex(PRODUCT_ID_LIST, { error: message('validation.id', 'en') })
    .optional()
    .transform((v) => (v ? v.split(',') : [])),
  limit: z.coerce.number().int().min(1).max(12).default(4),
});
export type RecommendationsQuery = z.infer<typeof RecommendationsQuery>;
