import { createShippingRepository } from '@qahwa/db';
import {
  calculateShipping,
  ShippingCalculateRequest,
  ShippingCalculateResponse,
  shippingQuoteResponse,
  toFils,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** SPEC 7 POST /api/shipping/calculate, answered from the active shipping rules. */
export async function shippingRoutes(app: FastifyInstance) {
  const shipping = createShippingRepository(app.deps.db);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/shipping/calculate',
    {
      config: { access: 'public' },
      schema: { body: ShippingCalculateRequest, response: { 200: ShippingCalculateResponse } },
    },
    async (req) =>
      shippingQuoteResponse(
        calculateShipping(await shipping.activeRules(), toFils(req.body.orderTotal), req.body.city),
      ),
  );
}
