import { ErrorBody, type Locale, PaymentIntentRequest, PaymentIntentResponse } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeOf } from '../i18n/messages';
import { withOrderToken } from '../orders/tracking-token';
import { createCardIntents } from '../payments/card-intent';

/**
 * SPEC 7 POST /api/create-payment-intent. The amount is the server's total (`priceCheckout`, the
 * one pricing of every order) in fils, which is the AED total × 100 rounded (SPEC 9); the
 * browser's `amount` is a claim, logged when it differs. The claim and the pricing are kept in
 * `checkouts` so that the webhook alone can make the order. The browser sends back the
 * `paymentIntentId` it holds whenever the amount, the details or the method change: that
 * intent is updated in place (a new one only if there is none, or it belongs to nothing open).
 * The steps are payments/card-intent.ts's.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const { config, db, stripe } = app.deps;
  const intents = createCardIntents({ db, stripe, repos: app.repos, holdMs: config.stockHolds.holdMs });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/create-payment-intent',
    {
      schema: {
        body: PaymentIntentRequest,
        response: { 200: PaymentIntentResponse, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody },
      },
      config: { access: 'public', rateLimit: config.rateLimits.orders },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const locale: Locale = req.body.locale ?? localeOf(req.headers);
      return intents
        .prepare({ body: req.body, locale, requestId: req.id, log: req.log })
        .catch((err: unknown) => {
          throw withOrderToken(err, config.leadLinkSecret);
        });
    },
  );
}
