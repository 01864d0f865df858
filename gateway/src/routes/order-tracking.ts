import { documentsOfOrder, renderDocumentPdf } from '@qahwa/invoices';
import type { Mailer } from '@qahwa/mail';
import {
  ErrorBody,
  orderNumberOf,
  TrackDocumentParams,
  TrackedOrder,
  TrackLinkRequest,
  TrackLookupRequest,
  TrackLookupResponse,
  TrackTokenParams,
  trackContactOf,
} from '@qahwa/schema/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { trackedOrderOf } from '../orders/tracked-order';
import { mailTrackingLink } from '../orders/tracking-mail';
import { orderIdOfToken, trackingToken } from '../orders/tracking-token';
import { HttpError } from '../platform/errors';

/**
 * The guest's order tracking (docs/order-tracking.md). Checkout has no accounts: the order
 * number and the e-mail or phone given at checkout open a signed link (90 days), and the link
 * opens the order's page. Limits per address: the lookup is a guess at a credential, so it has
 * sign-in's (RATE_LIMIT_SIGN_IN); asking for a link mails, so it has the contact form's
 * (RATE_LIMIT_MESSAGES); the page and its documents have the views' (RATE_LIMIT_VIEWS).
 */
export async function orderTrackingRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  const repo = app.repos.orderTracking;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secret = config.leadLinkSecret;

  r.post(
    '/api/orders/track',
    {
      ...publicRoute({ rateLimit: config.rateLimits.signIn }),
      schema: {
        body: TrackLookupRequest,
        response: { 200: TrackLookupResponse, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const number = orderNumberOf(req.body.orderNumber);
      const found = number ? await repo.contactOf(number) : null;
      const typed = trackContactOf(req.body.contact);
      const matches =
        found !== null &&
        ('email' in typed ? typed.email === found.email.toLowerCase() : typed.phone === found.phone);
      // One answer for "no such order" and "not its contact": trying numbers tells nothing.
      if (!found || !matches) throw new HttpError(404, 'ORDER_NOT_FOUND', t('trackingNotFound', locale));
      req.log.info({ orderId: found.id }, 'order tracked');
      return reply.header('cache-control', 'no-store').send({ token: trackingToken(found.id, secret) });
    },
  );

  r.post(
    '/api/orders/track/link',
    {
      ...publicRoute({ rateLimit: config.rateLimits.messages }),
      schema: {
        body: TrackLinkRequest,
        response: {
          202: z.object({ success: z.literal(true), message: z.string() }),
          400: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const number = orderNumberOf(req.body.orderNumber);
      const found = number ? await repo.contactOf(number) : null;
      const matches = found !== null && req.body.email.trim().toLowerCase() === found.email.toLowerCase();
      if (found && matches) {
        // After the answer: the time it takes to send must not tell a match from a miss.
        const orderId = found.id;
        setImmediate(() => {
          void mailTrackingLink(
            { db, mailer: app.deps.mailer as Mailer, logger: req.log },
            { orderId, to: found.email, locale: found.locale === 'ar' ? 'ar' : 'en' },
            { storeUrl: config.mail.storeUrl, secret, requestId: String(req.id) },
          );
        });
      }
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ success: true, message: t('trackingLinkSent', locale) });
    },
  );

  r.get(
    '/api/orders/track/:token',
    {
      ...publicRoute({ rateLimit: config.rateLimits.views }),
      schema: { params: TrackTokenParams, response: { 200: TrackedOrder, 404: ErrorBody, 429: ErrorBody } },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const orderId = orderIdOfToken(req.params.token, secret, locale);
      const record = await repo.view(orderId);
      if (!record) throw new HttpError(404, 'TRACKING_LINK_EXPIRED', t('trackingLinkExpired', locale));
      const [rules, documents] = await Promise.all([
        app.repos.shipping.activeRules(),
        documentsOfOrder(db, orderId),
      ]);
      return reply.header('cache-control', 'no-store').send(trackedOrderOf(record, { rules, documents }));
    },
  );

  r.get(
    '/api/orders/track/:token/documents/:number',
    {
      ...publicRoute({ rateLimit: config.rateLimits.views }),
      schema: {
        params: TrackDocumentParams,
        response: {
          200: { content: { 'application/pdf': { schema: z.string().describe('the document as a PDF') } } },
          404: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const orderId = orderIdOfToken(req.params.token, secret, locale);
      // Only a document of this order: a token opens its own order's papers, no other's.
      const documents = await documentsOfOrder(db, orderId);
      if (!documents.some((d) => d.number === req.params.number)) {
        throw new HttpError(404, 'DOCUMENT_NOT_FOUND', t('trackingDocumentNotFound', locale));
      }
      const pdf = await renderDocumentPdf(db, req.params.number);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${req.params.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          // The declared 200 is the PDF's bytes (a string in the OpenAPI document); Fastify sends a Buffer as is.
          .send(pdf as unknown as string)
      );
    },
  );
}
