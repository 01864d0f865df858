import { createShippingRepository } from '@qahwa/db';
import { calculateShipping, toAed, toFils } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ShippingRequest = z
  .object({
    orderTotal: z.number().min(0).max(10_000_000),
    items: z.array(z.unknown()).optional(),
    city: z.string().optional(),
  })
  .meta({ id: 'ShippingCalculateRequest' });

const ShippingResponse = z
  .object({
    shippingCost: z.number(),
    shippingRule: z
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
      .nullable(),
    freeShippingThreshold: z.number().nullable(),
    amountToFreeShipping: z.number(),
  })
  .meta({ id: 'ShippingCalculateResponse' });

/** SPEC 7 POST /api/shipping/calculate, answered from the active shipping rules. */
export async function shippingRoutes(app: FastifyInstance) {
  const shipping = createShippingRepository(app.deps.db);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/shipping/calculate',
      { schema: { body: ShippingRequest, response: { 200: ShippingResponse } } },
      async (req) => {
        const quote = calculateShipping(
          await shipping.activeRules(),
          toFils(req.body.orderTotal),
          req.body.city,
        );
        const rule = quote.shippingRule;
        return {
          shippingCost: toAed(quote.shippingCostFils),
          shippingRule: rule
            ? {
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
                cities: rule.cities,
              }
            : null,
          freeShippingThreshold:
            quote.freeShippingThresholdFils === null ? null : toAed(quote.freeShippingThresholdFils),
          amountToFreeShipping: toAed(quote.amountToFreeShippingFils),
        };
      },
    );
}
