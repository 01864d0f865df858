import type { Fils } from '../money/money';
import { FALLBACK_SHIPPING_COST_FILS, FREE_SHIPPING_THRESHOLD_FILS } from '../reference/constants';

/**
 * SPEC 8 / 9: what applies when no shipping rule covers an order — staff set both in the back
 * office (settings 'shipping', docs/settings.md). Zod-free: the storefront's cart uses it.
 */
export interface ShippingSettings {
  /** An order of at least this much ships free. */
  freeShippingThresholdFils: Fils;
  /** What an order below the threshold pays. */
  fallbackCostFils: Fils;
}

/** A fresh database's values: SPEC 9's 200 AED threshold and 25 AED fallback. */
export const DEFAULT_SHIPPING_SETTINGS: Readonly<ShippingSettings> = Object.freeze({
  freeShippingThresholdFils: FREE_SHIPPING_THRESHOLD_FILS,
  fallbackCostFils: FALLBACK_SHIPPING_COST_FILS,
});

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

/**
 * SPEC 8: the fallback — free at the threshold or more, else the fallback cost with a nudge for
 * the remainder. `settings` are the store's (200 AED and 25 AED until staff change them).
 */
export function fallbackShipping(orderTotalFils: Fils, settings: ShippingSettings): ShippingQuote {
  if (orderTotalFils <= 0) {
    return {
      shippingCostFils: 0,
      shippingRule: null,
      freeShippingThresholdFils: null,
      amountToFreeShippingFils: 0,
    };
  }
  const threshold = settings.freeShippingThresholdFils;
  const free = orderTotalFils >= threshold;
  return {
    shippingCostFils: free ? 0 : settings.fallbackCostFils,
    shippingRule: null,
    freeShippingThresholdFils: threshold,
    amountToFreeShippingFils: free ? 0 : threshold - orderTotalFils,
  };
}

/**
 * Evaluates the shipping rules for an order total and a city (SPEC 3, 7).
 * A total of 0 or less ships for 0. Only active rules that cover the city count (no cities = all).
 * A FREE rule whose threshold is met (or has none) wins; otherwise the cheapest STANDARD rule,
 * and if it has a threshold that the order can still reach, the nudge says how far away it is.
 * With no rule at all, the SPEC 8 fallback applies, with the store's `fallback` settings.
 */
export function calculateShipping(
  rules: readonly ShippingRule[],
  orderTotalFils: Fils,
  city: string | null | undefined,
  fallback: ShippingSettings,
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
  if (applicable.length === 0) return fallbackShipping(orderTotalFils, fallback);

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
  if (!standard) return fallbackShipping(orderTotalFils, fallback);
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
