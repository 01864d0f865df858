import type { Fils } from '../money/money';
import { FALLBACK_SHIPPING_COST_FILS, FREE_SHIPPING_THRESHOLD_FILS } from '../reference/constants';

/** SPEC 3 "Shipping rule", money in fils. `cities` empty means every city. */
export interface ShippingRule {
  id: string;
  name: string;
  nameAr: string;
  type: 'FREE' | 'STANDARD';
  description: string;
  descriptionAr: string;
  costFils: Fils;
  freeShippingThresholdFils: Fils | null;
  isActive: boolean;
  estimatedDays: string;
  cities: string[];
}

/** SPEC 3 "Shipping calculation result", money in fils. */
export interface ShippingQuote {
  shippingCostFils: Fils;
  shippingRule: ShippingRule | null;
  freeShippingThresholdFils: Fils | null;
  amountToFreeShippingFils: Fils;
}

/** SPEC 8: the local fallback — free at 200 AED or more, else 25 AED with a nudge for the remainder. */
export function fallbackShipping(orderTotalFils: Fils): ShippingQuote {
  if (orderTotalFils <= 0) {
    return {
      shippingCostFils: 0,
      shippingRule: null,
      freeShippingThresholdFils: null,
      amountToFreeShippingFils: 0,
    };
  }
  const free = orderTotalFils >= FREE_SHIPPING_THRESHOLD_FILS;
  return {
    shippingCostFils: free ? 0 : FALLBACK_SHIPPING_COST_FILS,
    shippingRule: null,
    freeShippingThresholdFils: FREE_SHIPPING_THRESHOLD_FILS,
    amountToFreeShippingFils: free ? 0 : FREE_SHIPPING_THRESHOLD_FILS - orderTotalFils,
  };
}

/**
 * Evaluates the shipping rules for an order total and a city (SPEC 3, 7).
 * A total of 0 or less ships for 0. Only active rules that cover the city count (no cities = all).
 * A FREE rule whose threshold is met (or has none) wins; otherwise the cheapest STANDARD rule,
 * and if it has a threshold that the order can still reach, the nudge says how far away it is.
 * With no rule at all, the SPEC 8 fallback applies.
 */
export function calculateShipping(
  rules: readonly ShippingRule[],
  orderTotalFils: Fils,
  city?: string | null,
): ShippingQuote {
  if (orderTotalFils <= 0) {
    return {
      shippingCostFils: 0,
      shippingRule: null,
      freeShippingThresholdFils: null,
      amountToFreeShippingFils: 0,
    };
  }
  const applicable = rules.filter(
    (r) => r.isActive && (r.cities.length === 0 || !city || r.cities.includes(city)),
  );
  if (applicable.length === 0) return fallbackShipping(orderTotalFils);

  const freeRule = applicable.find(
    (r) =>
      r.type === 'FREE' &&
      (r.freeShippingThresholdFils === null || orderTotalFils >= r.freeShippingThresholdFils),
  );
  const standard = applicable.filter((r) => r.type === 'STANDARD').sort((a, b) => a.costFils - b.costFils)[0];
  const threshold =
    applicable
      .map((r) => r.freeShippingThresholdFils)
      .filter((t): t is number => t !== null)
      .sort((a, b) => a - b)[0] ?? null;

  if (freeRule) {
    return {
      shippingCostFils: 0,
      shippingRule: freeRule,
      freeShippingThresholdFils: threshold,
      amountToFreeShippingFils: 0,
    };
  }
  if (!standard) return fallbackShipping(orderTotalFils);
  const standardFree =
    standard.freeShippingThresholdFils !== null && orderTotalFils >= standard.freeShippingThresholdFils;
  return {
    shippingCostFils: standardFree ? 0 : standard.costFils,
    shippingRule: standard,
    freeShippingThresholdFils: threshold,
    amountToFreeShippingFils:
      threshold !== null && orderTotalFils < threshold ? threshold - orderTotalFils : 0,
  };
}
