import { isWithinWindow } from '../reference/gulf-time';
import {
  isRecommendationType,
  type Promotion,
  type RecommendationPromotionType,
  type RelationshipType,
} from './promotion';

export interface Recommendation {
  promotionId: string;
  type: RecommendationPromotionType;
  relationshipType: RelationshipType;
  /** Target products not already in the cart. */
  productIds: string[];
}

/**
 * UPSELL, CROSS_SELL and DOWNSELL give no discount: they recommend their target products with
 * their relationship type, when the cart holds one of their products (no products = any cart).
 * Targets already in the cart are left out; a promotion with nothing left to show is skipped.
 * A missing relationship type reads as RECOMMENDED (the form's default, SPEC 9).
 */
export function recommendations(
  promotions: readonly Promotion[],
  cartProductIds: readonly string[],
  now: Date,
): Recommendation[] {
  const inCart = new Set(cartProductIds);
  if (inCart.size === 0) return [];
  const out: Recommendation[] = [];
  for (const p of promotions) {
    if (!isRecommendationType(p.type) || !p.isActive || !isWithinWindow(p.startDate, p.endDate, now))
      continue;
    if (p.productIds.length > 0 && !p.productIds.some((id) => inCart.has(id))) continue;
    const productIds = [...new Set(p.targetProductIds)].filter((id) => !inCart.has(id));
    if (productIds.length === 0) continue;
    out.push({
      promotionId: p.id,
      type: p.type,
      relationshipType: p.relationshipType ?? 'RECOMMENDED',
      productIds,
    });
  }
  return out;
}

/** The product ids to show in a 'You might also like' block: unique, in order, at most `limit`. */
export function recommendedProductIds(recs: readonly Recommendation[], limit = 4): string[] {
  return [...new Set(recs.flatMap((r) => r.productIds))].slice(0, limit);
}
