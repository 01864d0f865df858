import {
  AcceptedResponse,
  ContactRequest,
  ErrorBody,
  MessageResponse,
  message,
  ProductViewParams,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeOf } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { newsletterRoutes } from './newsletter';

/**
 * What shoppers send besides orders: product views, contact messages, newsletter
 * signups (newsletter.ts: double opt-in and unsubscribe). Each is stored with its event in one
 * transaction (views: the event only).
 */
export async function engagementRoutes(app: FastifyInstance) {
  const { engagement, catalogue } = app.repos;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/products/:id/views',
    {
      logLevel: 'warn',
      // A page view per product page; a generous limit, so a script cannot inflate the counts much.
      config: { access: 'public', rateLimit: app.deps.config.rateLimits.views },
      schema: { params: ProductViewParams, response: { 202: AcceptedResponse, 404: ErrorBody } },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const productId = await catalogue.activeProductId(req.params.id);
      if (!productId)
        throw new HttpError(404, 'PRODUCT_NOT_FOUND', message('catalogue.productNotFound', locale));
      await engagement.productViewed(productId, locale, String(req.id));
      return reply.code(202).header('cache-control', 'no-store').send({ success: true });
    },
  );

  r.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit: app.deps.config.rateLimits.messages },
      schema: { body: ContactRequest, response: { 201: MessageResponse } },
    },
    async (req, reply) => {
      const locale = req.body.locale ?? localeOf(req.headers);
      const { id } = await engagement.contact({ ...req.body, locale }, String(req.id));
      req.log.info({ contactId: id, subject: req.body.subject }, 'contact message received');
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ success: true, message: message('contact.received', locale) });
    },
  );

  await app.register(newsletterRoutes);
}
