import { createHash, randomUUID } from 'node:crypto';
import { createOrdersRepository } from '@qahwa/db';
import { CreateOrderRequest, CreateOrderResponse, type Locale, message, toAed } from '@qahwa/schema';
import { CHECKOUT_FAILURE, type CheckoutFailureDetails } from '@qahwa/workflows/checkout/errors';
import { runCheckout } from '@qahwa/workflows/client';
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** The business failure inside a failed workflow run, if it was one. */
function applicationFailureOf(err: unknown): ApplicationFailure | null {
  let cause: unknown = err;
  for (let depth = 0; depth < 5 && cause; depth++) {
    if (cause instanceof ApplicationFailure && cause.type) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

function failureMessage(failure: ApplicationFailure, locale: Locale): { status: 409 | 422; error: string } {
  const details = (failure.details?.[0] ?? {}) as CheckoutFailureDetails;
  const name = (locale === 'ar' ? details.productNameAr : details.productName) ?? '';
  switch (failure.type) {
    case CHECKOUT_FAILURE.outOfStock:
      return { status: 409, error: t('outOfStock', locale, { available: details.available ?? 0, name }) };
    case CHECKOUT_FAILURE.itemUnavailable:
      return { status: 409, error: t('itemUnavailable', locale) };
    case CHECKOUT_FAILURE.invalidAddress:
      return { status: 422, error: t('invalidAddress', locale) };
    default:
      return { status: 422, error: message('order.codFailed', locale) };
  }
}

/**
 * SPEC 7 POST /api/orders. Cash on delivery in this release. The browser's prices are a claim:
 * the workflow re-prices every line from the database, and the answer carries the real total.
 */
export async function orderRoutes(app: FastifyInstance) {
  const { config, temporal } = app.deps;
  const orders = createOrdersRepository(app.deps.db);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders',
    {
      schema: {
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: CreateOrderRequest,
        response: {
          200: CreateOrderResponse,
          202: CreateOrderResponse,
          400: CreateOrderResponse.extend({
            code: z.string().optional(),
            issues: z.array(z.object({ path: z.string(), message: z.string().optional() })).optional(),
          }),
          409: CreateOrderResponse,
          422: CreateOrderResponse,
          501: CreateOrderResponse,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const body = req.body;
      const locale: Locale = body.locale ?? localeOf(req.headers);
      if (body.paymentIntentId || (body.paymentProvider && body.paymentProvider !== 'COD')) {
        return reply.code(501).send({ success: false, error: t('paymentNotAvailable', locale) });
      }

      const key = req.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new HttpError(400, 'BAD_IDEMPOTENCY_KEY', t('badIdempotencyKey', locale), { success: false });
      }
      // Without a key every request is its own checkout; with one, the same key is the same order.
      const checkoutId = key
        ? `cod-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`
        : `cod-${randomUUID()}`;

      const existing = await orders.findByCheckoutId(checkoutId);
      if (existing) {
        return {
          success: true,
          orderId: existing.id,
          isNewCustomer: false,
          userId: existing.customerId,
          totalAmount: toAed(existing.totalFils),
        };
      }

      try {
        const result = await Promise.race([
          runCheckout(
            temporal,
            { checkoutId, requestId: req.id, order: { ...body, locale } },
            config.checkoutTaskQueue,
          ),
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new HttpError(202, 'STILL_PROCESSING', t('stillProcessing', locale))),
              config.orderTimeoutMs,
            ),
          ),
        ]);
        req.log.info({ orderId: result.orderId, checkoutId }, 'order created');
        return {
          success: true,
          orderId: result.orderId,
          isNewCustomer: result.isNewCustomer,
          userId: result.customerId,
          totalAmount: toAed(result.totalFils),
        };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 202) {
          // The workflow goes on; the same Idempotency-Key will return the order once it exists.
          return reply.code(202).send({ success: false, error: err.message });
        }
        const failure = err instanceof WorkflowFailedError ? applicationFailureOf(err) : null;
        if (failure) {
          const { status, error } = failureMessage(failure, locale);
          req.log.warn({ code: failure.type, checkoutId }, 'checkout rejected');
          return reply.code(status).send({ success: false, error });
        }
        throw err;
      }
    },
  );
}
