import { z } from 'zod';

/** SPEC 4 "Promotion types". */
export const PROMOTION_TYPES = [
  'PERCENTAGE',
  'FIXED_AMOUNT',
  'FREE_SHIPPING',
  'BUY_X_GET_Y',
  'BUNDLE',
  'UPSELL',
  'CROSS_SELL',
  'DOWNSELL',
] as const;
export const PromotionType = z.enum(PROMOTION_TYPES).meta({ id: 'PromotionType' });
export type PromotionType = z.infer<typeof PromotionType>;

/** Types that take money off the goods. */
export const MONEY_PROMOTION_TYPES = ['PERCENTAGE', 'FIXED_AMOUNT', 'BUY_X_GET_Y', 'BUNDLE'] as const;
/** Types that give a discount of any kind (the rest only recommend products). */
export const DISCOUNT_PROMOTION_TYPES = [...MONEY_PROMOTION_TYPES, 'FREE_SHIPPING'] as const;
/** SPEC 2.2: types with target products and a relationship. */
export const RECOMMENDATION_PROMOTION_TYPES = ['UPSELL', 'CROSS_SELL', 'DOWNSELL'] as const;
export type RecommendationPromotionType = (typeof RECOMMENDATION_PROMOTION_TYPES)[number];
export type DiscountPromotionType = (typeof DISCOUNT_PROMOTION_TYPES)[number];

export function isRecommendationType(type: PromotionType): type is RecommendationPromotionType {
  return (RECOMMENDATION_PROMOTION_TYPES as readonly string[]).includes(type);
}

export function isDiscountType(type: PromotionType): type is DiscountPromotionType {
  return (DISCOUNT_PROMOTION_TYPES as readonly string[]).includes(type);
}

/** SPEC 4 "Relationship types". */
export const RelationshipType = z
  .enum(['RECOMMENDED', 'RELATED', 'ALTERNATIVE', 'COMPLEMENTARY'])
  .meta({ id: 'RelationshipType' });
export type RelationshipType = z.infer<typeof RelationshipType>;

/**
 * SPEC 3 "Promotion", as the API reads it. Money in AED. `value` is a percentage 0..100 for
 * PERCENTAGE and AED for FIXED_AMOUNT; `bundleDiscount` is a percentage 0..100. An empty or null
 * code means automatic. `usedCount` is how many orders have used it (needed for `maxUses`).
 * `nameAr`/`descriptionAr` let an Arabic shopper read the coupon in Arabic.
 */
export const Promotion = z
  .object({
    id: z.string(),
    name: z.string(),
    nameAr: z.string().nullable().default(null),
    description: z.string().nullable().default(null),
    descriptionAr: z.string().nullable().default(null),
    code: z.string().nullable().default(null),
    type: PromotionType,
    value: z.number().nullable().default(null),
    minOrderAmount: z.number().nullable().default(null),
    maxUses: z.number().int().nullable().default(null),
    usedCount: z.number().int().nonnegative().default(0),
    startDate: z.string(),
    endDate: z.string(),
    isActive: z.boolean(),
    /**
     * Listed to shoppers (GET /api/promotions?active=true) when its code is meant for everyone.
     * Off unless staff switch it on: a code is someone's (a voucher, a partner's batch) until then.
     * Automatic promotions (no code) are always listed: they price every cart anyway.
     */
    isPublic: z.boolean().default(false),
    productIds: z.array(z.string()).default([]),
    buyQuantity: z.number().int().nullable().default(null),
    getQuantity: z.number().int().nullable().default(null),
    bundleDiscount: z.number().nullable().default(null),
    targetProductIds: z.array(z.string()).default([]),
    relationshipType: RelationshipType.nullable().default(null),
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof Promotion>;

/** SPEC 3: an empty code means an automatic promotion. */
export function isAutomatic(promotion: Pick<Promotion, 'code'>): boolean {
  return (promotion.code ?? '').trim() === '';
}

/** SPEC 9 defaults of the promotion form. */
export const PROMOTION_DEFAULTS = {
  type: 'PERCENTAGE',
  buyQuantity: 1,
  getQuantity: 1,
  bundleDiscount: 10,
  relationshipType: 'RECOMMENDED',
  isActive: true,
  durationDays: 30,
} as const satisfies {
  type: PromotionType;
  buyQuantity: number;
  getQuantity: number;
  bundleDiscount: number;
  relationshipType: RelationshipType;
  isActive: boolean;
  durationDays: number;
};

/** SPEC 3 / 9: the anniversary code and its default percentage. */
export const ANNIVERSARY_DEFAULT_PERCENT = 40;
