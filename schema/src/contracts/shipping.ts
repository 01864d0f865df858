import { z } from 'zod';
import { toAed } from '../money/money';
import type { ShippingQuote, ShippingRule } from '../shipping/shipping';

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

/**
 * SPEC 7 POST /api/shipping/calculate: {orderTotal, items}. The city (a slug) is optional: rules
 * may be limited to cities, and the summary is shown before the shopper picks one.
 */
export const ShippingCalculateRequest = z
  .object({
    orderTotal: z.number(),
    items: z
      .array(
        z.object({
          productId: z.string(),
          variationId: z.string().optional(),
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
