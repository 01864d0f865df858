import { z } from 'zod';
import type { Locale } from '../money/money';
import {
  isRecommendationType,
  PROMOTION_DEFAULTS,
  PROMOTION_TYPES,
  type PromotionType,
  RelationshipType,
} from '../promotions/promotion';
import { addDays, gulfDate, windowEndMs, windowStartMs } from '../reference/gulf-time';
import { storableText, TEXT_LIMITS, type ValidationText, validationText } from './fields';

/** What POST/PATCH /api/promotions carry (SPEC 7), after the per-type rules of SPEC 5. */
export interface PromotionPayload {
  name: string;
  nameAr?: string;
  description: string;
  descriptionAr?: string;
  /** Null for an automatic promotion: an empty string would collide in a unique index. */
  code: string | null;
  type: PromotionType;
  /** Percent for PERCENTAGE, AED for FIXED_AMOUNT, 0 when the type has no value. */
  value: number;
  startDate: string;
  endDate: string;
  isActive: boolean;
  /** Listed to shoppers (docs/promotions.md); always false for an automatic promotion. */
  isPublic: boolean;
  /** Empty: applies to all products. */
  productIds: string[];
  minOrderAmount?: number;
  maxUses?: number;
  buyQuantity?: number;
  getQuantity?: number;
  bundleDiscount?: number;
  targetProductIds?: string[];
  relationshipType?: RelationshipType;
}

/** A form number: '' and null mean empty; text is read as a number (NaN if it is not one). */
const formNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.union([z.number(), z.nan()]).nullable(),
);
const formText = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string().overwrite(storableText).trim(),
);

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const isWhole = (n: number) => Number.isInteger(n);
const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;
/** Bounds beyond any real promotion, inside what the database columns and fils arithmetic hold. */
const MAX_AMOUNT = 10_000_000;
const MAX_USES = 2_147_483_647;
const MAX_QUANTITY = 1000;

/** The raw fields of the promotion form (also the shape of the API body). */
const promotionFields = z.object({
  name: formText,
  // The optional texts may come as null (read back from a promotion): the document says so.
  nameAr: formText.nullable().optional(),
  // Optional in the body (an empty description is ''): the OpenAPI document says so too.
  description: formText.nullable().optional(),
  descriptionAr: formText.nullable().optional(),
  // Null (an automatic promotion read back) is the empty code.
  code: formText.nullable().transform((c) => (c ?? '').toUpperCase()),
  type: formText,
  value: formNumber.optional(),
  startDate: formText,
  endDate: formText,
  isActive: z.boolean().default(PROMOTION_DEFAULTS.isActive),
  // Off unless staff say so: an old client that does not send it keeps a code private.
  isPublic: z.boolean().default(false),
  productIds: z.array(z.string()).default([]),
  minOrderAmount: formNumber.optional(),
  maxUses: formNumber.optional(),
  buyQuantity: formNumber.optional(),
  getQuantity: formNumber.optional(),
  bundleDiscount: formNumber.optional(),
  targetProductIds: z.array(z.string()).default([]),
  relationshipType: formText.nullable().optional(),
});
type PromotionFields = z.output<typeof promotionFields>;

const isType = (t: string): t is PromotionType => (PROMOTION_TYPES as readonly string[]).includes(t);

function checkPromotion(v: PromotionFields, t: ValidationText, ctx: z.RefinementCtx): void {
  const issue = (path: string | null, message: string) =>
    ctx.addIssue({ code: 'custom', path: path === null ? [] : [path], message });
  const start = windowStartMs(v.startDate);
  const end = windowEndMs(v.endDate);
  if (
    v.name === '' ||
    !isType(v.type) ||
    v.startDate === '' ||
    v.endDate === '' ||
    Number.isNaN(start) ||
    Number.isNaN(end)
  ) {
    issue(null, t('promotionForm.requiredFields'));
  } else if (end < start) {
    issue('endDate', t('promotionForm.dateOrder'));
  }
  if (v.name.length > TEXT_LIMITS.name) issue('name', t('validation.tooLong', { max: TEXT_LIMITS.name }));
  if (v.code !== '' && (!COUPON_CODE_PATTERN.test(v.code) || v.code.length > TEXT_LIMITS.code)) {
    issue('code', t('validation.couponFormat'));
  }
  // A number field that is not a number is refused whatever the type (the API takes JSON numbers;
  // the form's text inputs read as NaN), so nothing unreadable is kept on the side.
  const numberMessages = {
    value: 'promotionForm.amountRange',
    minOrderAmount: 'promotionForm.minOrderAmount',
    maxUses: 'promotionForm.maxUses',
    buyQuantity: 'promotionForm.quantityMin',
    getQuantity: 'promotionForm.quantityMin',
    bundleDiscount: 'promotionForm.bundleRange',
  } as const;
  for (const [key, code] of Object.entries(numberMessages) as [
    keyof typeof numberMessages,
    (typeof numberMessages)[keyof typeof numberMessages],
  ][]) {
    // The value of PERCENTAGE and FIXED_AMOUNT has its own words below.
    const ownCheck = key === 'value' && (v.type === 'PERCENTAGE' || v.type === 'FIXED_AMOUNT');
    if (!ownCheck && Number.isNaN(v[key])) issue(key, t(code));
  }
  const value = v.value ?? null;
  if (v.type === 'PERCENTAGE' || v.type === 'FIXED_AMOUNT') {
    if (value === null) issue('value', t('promotionForm.valueRequired'));
    else if (v.type === 'PERCENTAGE' && !(isWhole(value) && value >= 0 && value <= 100)) {
      issue('value', t('promotionForm.percentageRange'));
    } else if (v.type === 'FIXED_AMOUNT' && !(value >= 0 && value <= MAX_AMOUNT && twoDecimals(value))) {
      issue('value', t('promotionForm.amountRange'));
    }
  }
  const min = v.minOrderAmount ?? null;
  if (min !== null && !(min >= 0 && min <= MAX_AMOUNT && twoDecimals(min)))
    issue('minOrderAmount', t('promotionForm.minOrderAmount'));
  const maxUses = v.maxUses ?? null;
  if (maxUses !== null && !(isWhole(maxUses) && maxUses >= 1 && maxUses <= MAX_USES))
    issue('maxUses', t('promotionForm.maxUses'));
  if (v.type === 'BUY_X_GET_Y') {
    for (const key of ['buyQuantity', 'getQuantity'] as const) {
      const q = v[key] ?? null;
      if (q === null || !(isWhole(q) && q >= 1 && q <= MAX_QUANTITY))
        issue(key, t('promotionForm.quantityMin'));
    }
  }
  if (v.type === 'BUNDLE') {
    const b = v.bundleDiscount ?? null;
    if (b === null || !(b >= 0 && b <= 100 && twoDecimals(b)))
      issue('bundleDiscount', t('promotionForm.bundleRange'));
  }
  if (isType(v.type) && isRecommendationType(v.type) && v.relationshipType) {
    if (!RelationshipType.safeParse(v.relationshipType).success) {
      issue('relationshipType', t('promotionForm.relationshipType'));
    }
  }
}

/**
 * SPEC 5: which fields are sent. minOrderAmount and maxUses only if filled; buy/get only for
 * BUY_X_GET_Y; the bundle discount only for BUNDLE; target products and the relationship only
 * for UPSELL, CROSS_SELL and DOWNSELL. Call it on fields that passed `checkPromotion`.
 */
export function toPromotionPayload(v: PromotionFields): PromotionPayload {
  const type = v.type as PromotionType;
  const payload: PromotionPayload = {
    name: v.name,
    description: v.description ?? '',
    code: v.code === '' ? null : v.code,
    type,
    // SPEC 5: a value only for PERCENTAGE and FIXED_AMOUNT; the other types carry 0.
    value: type === 'PERCENTAGE' || type === 'FIXED_AMOUNT' ? (v.value ?? 0) : 0,
    startDate: v.startDate,
    endDate: v.endDate,
    isActive: v.isActive,
    // Only a code can be listed or not: an automatic promotion prices every cart anyway.
    isPublic: v.code === '' ? false : v.isPublic,
    productIds: [...new Set(v.productIds)],
  };
  if (v.nameAr) payload.nameAr = v.nameAr;
  if (v.descriptionAr) payload.descriptionAr = v.descriptionAr;
  if (v.minOrderAmount !== null && v.minOrderAmount !== undefined) payload.minOrderAmount = v.minOrderAmount;
  if (v.maxUses !== null && v.maxUses !== undefined) payload.maxUses = v.maxUses;
  if (type === 'BUY_X_GET_Y') {
    payload.buyQuantity = v.buyQuantity ?? PROMOTION_DEFAULTS.buyQuantity;
    payload.getQuantity = v.getQuantity ?? PROMOTION_DEFAULTS.getQuantity;
  }
  if (type === 'BUNDLE') payload.bundleDiscount = v.bundleDiscount ?? PROMOTION_DEFAULTS.bundleDiscount;
  if (isRecommendationType(type)) {
    payload.targetProductIds = [...new Set(v.targetProductIds)];
    payload.relationshipType = (v.relationshipType ||
      PROMOTION_DEFAULTS.relationshipType) as RelationshipType;
  }
  return payload;
}

/** The promotion form (SPEC 2.2, 5): validates and yields exactly the body to send. */
export function promotionFormSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return promotionFields.superRefine((v, ctx) => checkPromotion(v, t, ctx)).transform(toPromotionPayload);
}

/**
 * The body of POST/PATCH /api/promotions, checked by the same rules but left untransformed so
 * OpenAPI can describe it; the gateway then calls `toPromotionPayload` to drop fields the type
 * does not use.
 */
export function promotionRequestSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return promotionFields.superRefine((v, ctx) => checkPromotion(v, t, ctx));
}

/** SPEC 9: a new promotion's form values — PERCENTAGE, today to 30 days later (Dubai dates), active. */
export function promotionFormDefaults(now: Date) {
  const today = gulfDate(now);
  return {
    name: '',
    description: '',
    code: '',
    type: PROMOTION_DEFAULTS.type as PromotionType,
    value: null as number | null,
    startDate: today,
    endDate: addDays(today, PROMOTION_DEFAULTS.durationDays),
    isActive: PROMOTION_DEFAULTS.isActive,
    isPublic: false,
    productIds: [] as string[],
    minOrderAmount: null as number | null,
    maxUses: null as number | null,
    buyQuantity: PROMOTION_DEFAULTS.buyQuantity,
    getQuantity: PROMOTION_DEFAULTS.getQuantity,
    bundleDiscount: PROMOTION_DEFAULTS.bundleDiscount,
    targetProductIds: [] as string[],
    relationshipType: PROMOTION_DEFAULTS.relationshipType as RelationshipType,
  };
}

/** SPEC 2.2: the target-products section shows only for UPSELL, CROSS_SELL and DOWNSELL. */
export function showsTargetProducts(type: PromotionType): boolean {
  return isRecommendationType(type);
}
