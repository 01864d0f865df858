import { z } from 'zod';
import { toAed } from '../money/money';
import { EMIRATES } from '../reference/emirates';
import type { ShippingQuote, ShippingRule } from '../shipping/shipping';
import { storableText } from '../validation/fields';
import { EntityId } from './ids';

/** SPEC 3's city slugs: a rule names only these (a typo would cover nobody). */
const CITY_SLUGS = EMIRATES.flatMap((e) => e.cities.map((c) => c.slug)) as [string, ...string[]];
const StaffText = (max: number) => z.string().overwrite(storableText).trim().max(max);

/** SPEC 3 "Shipping rule" as the API shows it, money in AED. */
export const ShippingRuleView = z
  .object({
    id: z.string(),
    name: z.string(),
    nameAr: z.string(),
    type: z.enum(['FREE', 'STANDARD']),
    description: z.string(),
    descriptionAr: z.string(),
    cost: z.number(),
    freeShippingThreshold: z.number().nullable(),
    isActive: z.boolean(),
    estimatedDays: z.string(),
    cities: z.array(z.string()),
  })
  .meta({ id: 'ShippingRule' });
export type ShippingRuleView = z.infer<typeof ShippingRuleView>;

/** Far above any real basket, far below where AED → fils stops being an exact integer. */
export const MAX_ORDER_TOTAL_AED = 10_000_000;

/**
 * SPEC 7 POST /api/shipping/calculate: {orderTotal, items}. The city (a slug) is optional: rules
 * may be limited to cities, and the summary is shown before the shopper picks one.
 */
export const ShippingCalculateRequest = z
  .object({
    // Bounded: an amount beyond any basket (or below zero) is a bad request, not a number for
    // toFils to overflow on (the fuzzer's -1.99e16 was a 500).
    orderTotal: z.number().min(0).max(MAX_ORDER_TOTAL_AED),
    items: z
      .array(
        z.object({
          productId: EntityId(),
          variationId: EntityId().optional(),
          quantity: z.number().int().positive(),
        }),
      )
      .max(100)
      .default([]),
    emirate: z.string().optional(),
    city: z.string().optional(),
  })
  .meta({ id: 'ShippingCalculateRequest' });
export type ShippingCalculateRequest = z.infer<typeof ShippingCalculateRequest>;

/** SPEC 3 "Shipping calculation result", AED. */
export const ShippingCalculateResponse = z
  .object({
    shippingCost: z.number(),
    shippingRule: ShippingRuleView.nullable(),
    freeShippingThreshold: z.number().nullable(),
    amountToFreeShipping: z.number(),
  })
  .meta({ id: 'ShippingCalculateResponse' });
export type ShippingCalculateResponse = z.infer<typeof ShippingCalculateResponse>;

export function shippingRuleView(rule: ShippingRule): ShippingRuleView {
  return {
    id: rule.id,
    name: rule.name,
    nameAr: rule.nameAr,
    type: rule.type,
    description: rule.description,
    descriptionAr: rule.descriptionAr,
    cost: toAed(rule.costFils),
    freeShippingThreshold:
      rule.freeShippingThresholdFils === null ? null : toAed(rule.freeShippingThresholdFils),
    isActive: rule.isActive,
    estimatedDays: rule.estimatedDays,
    cities: [...rule.cities],
  };
}

/** A quote in fils → the SPEC 7 response in AED. */
export function shippingQuoteResponse(quote: ShippingQuote): ShippingCalculateResponse {
  return {
    shippingCost: toAed(quote.shippingCostFils),
    shippingRule: quote.shippingRule ? shippingRuleView(quote.shippingRule) : null,
    freeShippingThreshold:
      quote.freeShippingThresholdFils === null ? null : toAed(quote.freeShippingThresholdFils),
    amountToFreeShipping: toAed(quote.amountToFreeShippingFils),
  };
}

/**
 * The back office's shipping rule (POST /api/admin/shipping/rules, PUT …/{id}): SPEC 3's
 * fields, money in AED with 2 decimals, cities as the slugs of SPEC 3's table (empty: every city).
 */
export const ShippingRuleWrite = z
  .object({
    name: StaffText(120).min(1),
    nameAr: StaffText(120).min(1),
    type: z.enum(['FREE', 'STANDARD']),
    description: StaffText(500).default(''),
    descriptionAr: StaffText(500).default(''),
    cost: z.number().min(0).max(10_000).multipleOf(0.01),
    freeShippingThreshold: z.number().min(0).max(MAX_ORDER_TOTAL_AED).multipleOf(0.01).nullable(),
    isActive: z.boolean(),
    estimatedDays: StaffText(40).min(1),
    cities: z.array(z.enum(CITY_SLUGS)).max(100),
  })
  .meta({ id: 'ShippingRuleWrite' });
export type ShippingRuleWrite = z.infer<typeof ShippingRuleWrite>;
export const ShippingRuleList = z.array(ShippingRuleView).meta({ id: 'ShippingRuleList' });
export const ShippingRuleIdParams = z.object({ id: EntityId() });
