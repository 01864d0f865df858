import { createHash, timingSafeEqual } from 'node:crypto';
import { createTabbyClient } from '@qahwa/checkout/payments';
import {
  ErrorBody,
  type Locale,
  PayLaterReturnRequest,
  PayLaterSessionRequest,
  PayLaterSessionResponse,
  PayLaterStatusResponse,
  TabbyPaymentIdParams,
  TabbyWebhookBody,
} from '@qahwa/schema';
import {
  isPayLaterUnavailable,
  payLaterStateOf,
  signalPayLater,
  waitForPayLaterState,
} from '@qahwa/workflows';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY } from '../checkout/idempotency';
import { localeOf, t } from '../i18n/messages';
import { trackingToken } from '../orders/tracking-token';
import { neverRan, payLaterAnswer, payLaterUnavailable } from '../payments/pay-later-answer';
import { payLaterInputOf } from '../payments/pay-later-inputs';
import { createPayLaterSessions } from '../payments/pay-later-session';
import { createPayLaterWebhook } from '../payments/pay-later-webhook';
import { HttpError } from '../platform/errors';
import { currentSettings } from './admin-settings';

const WebhookAnswer = z.object({ received: z.boolean() }).meta({ id: 'TabbyWebhookAnswer' });

/** Constant-time comparison of the static header (its value is the webhook's only secret). */
function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Pay later through Tabby (docs/pay-later.md): the session (SPEC 7), the shopper's return and its
 * polling, and Tabby's webhook. The gateway decides nothing about a payment: the
 * payLaterReconciliation workflow reads it from Tabby and acts; these routes start it, signal it
 * and report its state. Opening a session is payments/pay-later-session.ts's steps.
 */
export async function payLaterRoutes(app: FastifyInstance) {
  const { config, db, temporal } = app.deps;
  const tabby = app.deps.tabby ?? createTabbyClient(config.tabby);
  const { checkouts } = app.repos;
  const sessions = createPayLaterSessions({ db, tabby, temporal, repos: app.repos, config });
  const clientOpts = { taskQueue: config.checkoutTaskQueue };
  const timing = config.payLater.timing;
  const receiveWebhook = createPayLaterWebhook({ repos: app.repos, temporal, config });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/payments/tabby',
    {
      schema: {
        headers: z
          .object({ 'idempotency-key': z.string().meta({ pattern: IDEMPOTENCY_KEY.source }).optional() })
          .passthrough(),
        body: PayLaterSessionRequest,
        response: {
          200: PayLaterSessionResponse,
          409: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
        },
      },
      config: { access: 'public', rateLimit: config.rateLimits.orders },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const locale: Locale = req.body.locale ?? localeOf(req.headers);
      const key = req.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new HttpError(400, 'BAD_IDEMPOTENCY_KEY', t('badIdempotencyKey', locale));
      }
      return sessions.open({
        body: req.body,
        locale,
        idempotencyKey: key,
        requestId: req.id,
        log: req.log,
        payLaterRange: async () => (await currentSettings(app, req)).values.payLater,
      });
    },
  );

  const rowOf = async (paymentId: string, locale: Locale) => {
    const row = await checkouts.byPaymentId(paymentId);
    if (row?.provider !== 'TABBY')
      throw new HttpError(404, 'PAYMENT_NOT_FOUND', t('payLaterNotFound', locale));
    return row;
  };

  /**
   * An approved checkout's answer carries its order's tracking token, for the confirmation page
   * (docs/order-tracking.md): whoever holds the provider's payment id paid for that order, as
   * whoever holds an order's idempotency key placed it.
   */
  const tracked = (answer: PayLaterStatusResponse): PayLaterStatusResponse =>
    answer.status === 'approved' && answer.orderId
      ? { ...answer, trackingToken: trackingToken(answer.orderId, config.leadLinkSecret) }
      : answer;

  /** The state as the shopper is told it: the workflow's, or the stored checkout's when there is no run. */
  const stateAnswer = async (paymentId: string, locale: Locale, waitMs: number) => {
    const state =
      waitMs > 0
        ? await waitForPayLaterState(temporal, paymentId, waitMs)
        : await payLaterStateOf(temporal, paymentId);
    return tracked(payLaterAnswer(state ?? { status: 'pending' }, locale));
  };

  api.post(
    '/api/payments/tabby/:paymentId/return',
    {
      schema: {
        params: TabbyPaymentIdParams,
        body: PayLaterReturnRequest,
        response: { 200: PayLaterStatusResponse, 404: ErrorBody, 503: ErrorBody },
      },
      config: { access: 'public', rateLimit: config.rateLimits.orders },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const locale = localeOf(req.headers);
      const row = await rowOf(req.params.paymentId, locale);
      if (neverRan(row.status) && !(await payLaterStateOf(temporal, req.params.paymentId))) {
        // Refused at pre-scoring, or not kept (the coupon or the cap): no workflow was ever started.
        return payLaterAnswer({ status: 'rejected', reason: 'rejected' }, locale);
      }
      try {
        await signalPayLater(
          temporal,
          payLaterInputOf(row, timing),
          { returned: { result: req.body.result } },
          clientOpts,
        );
      } catch (err) {
        if (isPayLaterUnavailable(err)) throw payLaterUnavailable(locale);
        throw err;
      }
      req.log.info(
        { checkoutId: row.id, paymentId: req.params.paymentId, result: req.body.result },
        'shopper returned from tabby',
      );
      return stateAnswer(req.params.paymentId, locale, config.payLater.returnWaitMs);
    },
  );

  api.get(
    '/api/payments/tabby/:paymentId',
    {
      schema: {
        params: TabbyPaymentIdParams,
        response: { 200: PayLaterStatusResponse, 404: ErrorBody, 503: ErrorBody },
      },
      config: { access: 'public', rateLimit: config.rateLimits.views },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const locale = localeOf(req.headers);
      const row = await rowOf(req.params.paymentId, locale);
      if (row.status === 'ordered' && row.orderId) {
        return tracked({ status: 'approved', orderId: row.orderId, orderNumber: row.orderId });
      }
      try {
        return await stateAnswer(req.params.paymentId, locale, 0);
      } catch (err) {
        req.log.warn({ err }, 'pay-later state unavailable');
        throw payLaterUnavailable(locale);
      }
    },
  );

  /** Runs before the body is parsed: a forged delivery is refused whatever it carries. */
  const checkHeader = async (req: FastifyRequest) => {
    const { title, value } = config.tabby.webhookHeader;
    const given = req.headers[title.toLowerCase()];
    if (!sameSecret(Array.isArray(given) ? given[0] : given, value)) {
      req.log.warn('tabby webhook refused: missing or wrong static header');
      throw new HttpError(401, 'WEBHOOK_UNAUTHORIZED', t('webhookUnauthorized', localeOf(req.headers)));
    }
  };

  api.post(
    '/api/webhooks/tabby',
    {
      onRequest: checkHeader,
      schema: {
        body: TabbyWebhookBody,
        response: { 200: WebhookAnswer, 401: ErrorBody, 503: ErrorBody },
      },
      config: { access: 'public' },
    },
    async (req) => receiveWebhook({ body: req.body, locale: localeOf(req.headers), log: req.log }),
  );
}
