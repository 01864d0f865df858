import { createBackInStockRepository } from '@qahwa/db';
import {
  BackInStockAccepted,
  BackInStockCounts,
  BackInStockCountsQuery,
  BackInStockRequest,
  ErrorBody,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * Back-in-stock alerts (docs/back-in-stock.md): the storefront's "Notify me when it's back" on a
 * sold-out variation, and the waiting count the variations editor shows. The one e-mail is the
 * workers' (workers/src/back-in-stock/), when the catalogue announces the stock is back.
 */
export async function backInStockRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const alerts = createBackInStockRepository(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/back-in-stock',
    {
      // What a person types into a form: the forms' limit per client address.
      ...publicRoute({ rateLimit: config.rateLimits.messages }),
      schema: {
        body: BackInStockRequest,
        response: { 200: BackInStockAccepted, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req, reply) => {
      const asked = localeOf(req.headers);
      const locale = req.body.locale ?? asked;
      const outcome = await alerts.request({
        variationId: req.body.variationId,
        email: req.body.email,
        locale,
        requestId: String(req.id),
      });
      // The variation and the outcome only: the address is personal data (docs/security.md).
      req.log.info({ variationId: req.body.variationId, outcome }, 'back-in-stock request');
      if (outcome === 'not-found')
        throw new HttpError(404, 'VARIATION_NOT_FOUND', t('backInStockNotFound', asked));
      if (outcome === 'in-stock') throw new HttpError(409, 'IN_STOCK', t('backInStockInStock', asked));
      // The same answer whether the address was already waiting or not.
      return reply
        .header('cache-control', 'no-store')
        .send({ success: true as const, message: t('backInStockWaiting', asked) });
    },
  );

  r.get(
    '/api/admin/back-in-stock',
    {
      // The variations editor's module: whoever sees a product's variations sees who waits for them.
      ...staffOnly('variation', 'view'),
      schema: {
        querystring: BackInStockCountsQuery,
        response: { 200: BackInStockCounts, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req, reply) => {
      const counts = await alerts.waitingCounts(req.query.productId);
      return reply.header('cache-control', 'no-store').send({ counts });
    },
  );
}
