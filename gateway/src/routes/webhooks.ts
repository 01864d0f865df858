import { ErrorBody } from '@qahwa/schema';
import { isOpenCheckout } from '@qahwa/schema/payments/checkout-status';
import { isCheckoutUnavailable, signalPaymentSucceeded } from '@qahwa/workflows/client';
import { paymentFailedEvent } from '@qahwa/workflows/payments/stripe-events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { localeOf, t } from '../i18n/messages';
import { cardCheckoutInput } from '../payments/card-checkout';
import { recordChargeEvent } from '../payments/charge-webhooks';
import { HttpError } from '../platform/errors';

const WebhookAnswer = z.object({ received: z.boolean() }).meta({ id: 'WebhookAnswer' });

/**
 * POST /api/webhooks/stripe (docs/payments.md). Called by Stripe, straight to the gateway (the
 * storefront's proxy does not forward it). The signature is checked over the raw bytes with the
 * endpoint secret and a 300 s tolerance BEFORE anything is read or written: a forged, stale or
 * altered delivery is a 400 and leaves no trace but a log line.
 *
 * - `payment_intent.succeeded` signals-with-start the card checkout of that intent (the same
 *   workflow the browser's POST /api/orders runs), so the order exists even when the shopper
 *   closed the tab right after paying. It answers once the signal is taken, not when the order
 *   is made: Stripe wants a quick 2xx, and the workflow is durable from there. A checkout in a
 *   final state (ordered, refunded, disputed, resolved by staff) is not signalled: no run starts
 *   for it again (docs/payments.md "Checkout states").
 * - `payment_intent.payment_failed` records the failure: PaymentFailed through the outbox (the
 *   payments read model), once per Stripe event however often it is delivered.
 * - `charge.refunded`, `charge.dispute.created`: what happened to the money after
 *   (payments/charge-webhooks.ts), once per Stripe event.
 * - Anything else: 200, nothing done (Stripe would retry a non-2xx for days).
 * Temporal unreachable: 503, so Stripe delivers again later.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { config, db, temporal } = app.deps;
  const stripe = app.deps.stripe;
  const { checkouts, outbox } = app.repos;

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
      const log = req.log.child({ stripeEventId: event.id, type: event.type });

      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        const row = await checkouts.byPaymentId(intent.id);
        if (!row) {
          // Not a checkout of this store (another integration on the account, a deleted test).
          log.warn({ paymentIntentId: intent.id }, 'payment succeeded for an intent we do not know');
          await checkouts.recordWebhook({
            id: event.id,
            provider: 'STRIPE',
            type: event.type,
            payload: event,
          });
          return { received: true };
        }
        if (!isOpenCheckout(row.status)) {
          await checkouts.recordWebhook({
            id: event.id,
            provider: 'STRIPE',
            type: event.type,
            payload: event,
          });
          log.info(
            { checkoutId: row.id, paymentIntentId: intent.id, status: row.status },
            'payment succeeded for a closed checkout: nothing to start',
          );
          return { received: true };
        }
        try {
          const outcome = await signalPaymentSucceeded(temporal, cardCheckoutInput(row), event.id, {
            taskQueue: config.checkoutTaskQueue,
          });
          log.info(
            { checkoutId: row.id, paymentIntentId: intent.id, outcome },
            'payment succeeded: checkout signalled',
          );
        } catch (err) {
          if (isCheckoutUnavailable(err)) {
            log.error({ err }, 'payment succeeded but Temporal is unreachable; Stripe will deliver again');
            throw new HttpError(
              503,
              'CHECKOUT_UNAVAILABLE',
              t('checkoutUnavailable', locale),
              {},
              {
                'retry-after': '15',
              },
            );
          }
          throw err;
        }
        await checkouts.recordWebhook({ id: event.id, provider: 'STRIPE', type: event.type, payload: event });
        return { received: true };
      }

      if (event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object;
        const row = await checkouts.byPaymentId(intent.id);
        await db.transaction(async (tx) => {
          const first = await checkouts.recordWebhook(
            { id: event.id, provider: 'STRIPE', type: event.type, payload: event },
            tx,
          );
          if (!first || !row) return;
          await outbox.append(
            paymentFailedEvent({
              stripeEventId: event.id,
              checkoutId: row.id,
              paymentIntentId: intent.id,
              amountFils: intent.amount,
              currency: intent.currency,
              reason: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'failed',
              message: intent.last_payment_error?.message,
              requestId: row.requestId ?? undefined,
            }),
            tx,
          );
        });
        log.info({ paymentIntentId: intent.id, known: Boolean(row) }, 'payment failed: recorded');
        return { received: true };
      }

      if (await recordChargeEvent(db, app.repos, event, log)) return { received: true };

      log.debug('stripe event not handled');
      return { received: true };
    },
  );
}
