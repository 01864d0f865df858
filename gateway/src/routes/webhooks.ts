import { ErrorBody } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { localeOf, t } from '../i18n/messages';
import { recordChargeEvent } from '../payments/charge-webhooks';
import { recordIntentEvent } from '../payments/intent-webhooks';
import { HttpError } from '../platform/errors';

const WebhookAnswer = z.object({ received: z.boolean() }).meta({ id: 'WebhookAnswer' });

/** What every event the store reads carries: its id, and an object with an id of its own. */
const HandledShape = z.looseObject({
  id: z.string().min(1),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({ id: z.string().min(1) }) }),
});

/**
 * POST /api/webhooks/stripe (docs/payments.md). Called by Stripe, straight to the gateway (the
 * storefront's proxy does not forward it). The signature is checked over the raw bytes with the
 * endpoint secret and a 300 s tolerance BEFORE anything is read or written: a forged, stale or
 * altered delivery is a 400 and leaves no trace but a log line.
 *
 * - `payment_intent.succeeded` makes the order of that intent's checkout (or hands it to its
 *   workflow), so the order exists even when the shopper closed the tab right after paying; `payment_intent.payment_failed`
 *   records the failure once per Stripe event (payments/intent-webhooks.ts).
 * - `charge.refunded`, `charge.dispute.created`: what happened to the money after
 *   (payments/charge-webhooks.ts), once per Stripe event.
 * - Anything else: 200, nothing done (Stripe would retry a non-2xx for days).
 * Temporal unreachable: 503, so Stripe delivers again later.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { config, db, temporal } = app.deps;
  const stripe = app.deps.stripe;
  const { placePaid } = app.orders;
  const intents = { db, temporal, placePaid, repos: app.repos, taskQueue: config.checkoutTaskQueue };

  // In this plugin only: the body stays the exact string Stripe signed (JSON.parse and
  // re-serialise would change it). Any content type: a forgery with another one is still a 400.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/stripe',
    {
      // Public: Stripe authenticates itself with the signature, checked below.
      config: { access: 'public' },
      schema: {
        headers: z.object({ 'stripe-signature': z.string().optional() }).passthrough(),
        body: z.string(),
        response: { 200: WebhookAnswer, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const locale = localeOf(req.headers);
      if (!stripe)
        throw new HttpError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', t('paymentProviderUnavailable', locale));
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          req.body,
          req.headers['stripe-signature'] ?? '',
          config.stripe.webhookSecret,
          config.stripe.webhookToleranceSeconds,
        );
      } catch (err) {
        req.log.warn({ reason: (err as Error).message }, 'stripe webhook refused: bad signature');
        throw new HttpError(400, 'WEBHOOK_SIGNATURE_INVALID', t('webhookSignature', locale));
      }
      // Signed, but not the shape its handlers read (an event id, an object with an id): nothing
      // can be done with it, and a non-2xx would only bring the same body back for three days.
      if (!HandledShape.safeParse(event).success) {
        req.log.warn(
          { type: (event as { type?: unknown }).type },
          'stripe webhook without the fields its type needs: ignored',
        );
        return { received: true };
      }
      const log = req.log.child({ stripeEventId: event.id, type: event.type });

      if (await recordIntentEvent(intents, event, log, locale)) return { received: true };
      if (await recordChargeEvent(db, app.repos, event, log)) return { received: true };

      log.debug('stripe event not handled');
      return { received: true };
    },
  );
}
