import { CreateOrderRequest, CreateOrderResponse, ErrorBody, type Locale } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY } from '../checkout/idempotency';
import { ServerTiming } from '../checkout/server-timing';
import { createOrderTaking } from '../checkout/take-order';
import { localeOf } from '../i18n/messages';
import { trackingToken, withOrderToken } from '../orders/tracking-token';

/**
 * SPEC 7 POST /api/orders: cash on delivery, or card and wallet with `paymentIntentId` (docs/payments.md;
 * pay later has its own routes). The browser's prices are a claim: the order creation re-prices
 * every line from the database, and the answer carries the real total. Cash on delivery is made
 * in the request's own transaction (docs/checkout.md "Cash on delivery without a workflow"), and so
 * are card and wallet once Stripe says the payment succeeded (docs/payments.md "The paid order in
 * the request"; the checkoutToOrder workflow only before that): the steps are
 * checkout/take-order.ts's, the statuses this route's. The answer's Server-Timing header says where the time went.
 */
export async function orderRoutes(app: FastifyInstance) {
  const { config, temporal } = app.deps;
  const { placeOrder, placePaid } = app.orders;
  const { takeOrder } = createOrderTaking({
    config,
    db: app.deps.db,
    temporal,
    eagerCheckout: app.deps.eagerCheckout,
    repos: app.repos,
    placeOrder,
    placePaid,
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders',
    {
      schema: {
        // The key's shape is published (a client, or the fuzzer, can tell a good key) but checked in
        // the handler, which answers BAD_IDEMPOTENCY_KEY in the shopper's words.
        headers: z
          .object({ 'idempotency-key': z.string().meta({ pattern: IDEMPOTENCY_KEY.source }).optional() })
          .passthrough(),
        body: CreateOrderRequest,
        response: {
          200: CreateOrderResponse,
          202: CreateOrderResponse,
          400: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          501: ErrorBody,
        },
      },
      config: { access: 'public', rateLimit: config.rateLimits.orders },
    },
    async (req, reply) => {
      const began = performance.now();
      const timing = new ServerTiming();
      reply.header('cache-control', 'no-store');
      const locale: Locale = req.body.locale ?? localeOf(req.headers);
      const taken = await takeOrder({
        body: req.body,
        locale,
        idempotencyKey: req.headers['idempotency-key'],
        requestId: req.id,
        log: req.log,
        timing,
      }).catch((err: unknown) => {
        throw withOrderToken(err, config.leadLinkSecret);
      });
      // An order made or found: 200; a card checkout still running: 202 (the same payment joins it).
      timing.add('total', performance.now() - began);
      const { answer } = taken;
      // The order's page link for the confirmation page: whoever holds the order's key placed it.
      const tracked =
        answer.success && answer.orderId
          ? { ...answer, trackingToken: trackingToken(answer.orderId, config.leadLinkSecret) }
          : answer;
      return reply
        .code(taken.kind === 'ordered' ? 200 : 202)
        .header('server-timing', timing.header())
        .send(tracked);
    },
  );
}
