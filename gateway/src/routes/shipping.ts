import {
  calculateShipping,
  ShippingCalculateRequest,
  ShippingCalculateResponse,
  shippingQuoteResponse,
  toFils,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentSettings } from './admin-settings';

/**
 * SPEC 7 POST /api/shipping/calculate, answered from the active shipping rules, and where none
 * covers the order from the store's fallback settings (held in memory, docs/settings.md).
 */
export async function shippingRoutes(app: FastifyInstance) {
  const shipping = app.repos.shipping;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/shipping/calculate',
    {
      config: { access: 'public' },
      schema: { body: ShippingCalculateRequest, response: { 200: ShippingCalculateResponse } },
    },
    async (req) => {
      const [rules, settings] = await Promise.all([shipping.activeRules(), currentSettings(app, req)]);
      return shippingQuoteResponse(
        calculateShipping(rules, toFils(req.body.orderTotal), req.body.city, settings.values.shipping),
      );
    },
  );
}
