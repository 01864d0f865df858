import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  contactOf,
  ErrorBody,
  type Locale,
  PayLaterReturnRequest,
  PayLaterSessionRequest,
  PayLaterSessionResponse,
  PayLaterStatusResponse,
  payLaterAmountOutcome,
  payLaterOutcomeFrom,
  payLaterOutcomeMessage,
  TabbyPaymentIdParams,
  type TabbyRejected,
  TabbyWebhookBody,
} from '@qahwa/schema';
import { eventIdFor } from '@qahwa/workflows/payments/event-ids';
import { createTabbyClient, isTabbyError, type TabbySession } from '@qahwa/workflows/payments/tabby';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY } from '../checkout/idempotency';
import { localeOf, t } from '../i18n/messages';
import { quoteCheckout } from '../payments/card-checkout';
import {
  isPayLaterUnavailable,
  type PayLaterStoredRequest,
  payLaterAnswer,
  payLaterInputOf,
  payLaterStateOf,
  payLaterUnavailable,
  sessionFailedMessage,
  sessionRequestOf,
  signalPayLater,
  startPayLater,
  waitForPayLaterState,
} from '../payments/pay-later';
import { createPayLaterHolds } from '../payments/pay-later-holds';
import { HttpError } from '../platform/errors';
import { currentSettings } from './admin-settings';

const WebhookAnswer = z.object({ received: z.boolean() }).meta({ id: 'TabbyWebhookAnswer' });

const REFUSAL_CODE = {
  not_available: 'PAY_LATER_NOT_AVAILABLE',
  amount_too_high: 'PAY_LATER_AMOUNT_TOO_HIGH',
  amount_too_low: 'PAY_LATER_AMOUNT_TOO_LOW',
} as const;

/**
 * A checkout that ended before any workflow could run for it: refused at pre-scoring (`rejected`)
 * or accepted by Tabby but not kept (`failed`: the coupon's last use went elsewhere, or the cap).
 * Only when no run exists: a run's own ending is the run's to report.
 */
const neverRan = (status: string) => status === 'rejected' || status === 'failed';

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
 * and report its state.
 */
export async function payLaterRoutes(app: FastifyInstance) {
  const { config, db, temporal } = app.deps;
  const tabby = app.deps.tabby ?? createTabbyClient(config.tabby);
  const { checkouts, promotions, outbox } = app.repos;
  const holds = createPayLaterHolds({
    db,
    tabby,
    maxOpen: config.payLater.maxOpenSessionsPerContact,
    lifetimeMs: config.payLater.timing.expiryMs,
  });
  const clientOpts = { taskQueue: config.checkoutTaskQueue };
  const timing = config.payLater.timing;
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
      const { amount, currency: _currency, ...claim } = req.body;
      const locale: Locale = claim.locale ?? localeOf(req.headers);
      const key = req.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new HttpError(400, 'BAD_IDEMPOTENCY_KEY', t('badIdempotencyKey', locale));
      }
      const refuse = (outcome: keyof typeof REFUSAL_CODE) =>
        new HttpError(422, REFUSAL_CODE[outcome], payLaterOutcomeMessage(outcome, locale));

      let priced: Awaited<ReturnType<typeof quoteCheckout>>;
      try {
        priced = await quoteCheckout(db, claim, locale);
      } catch (err) {
        // The card's minimum (2 AED) is Stripe's; under it, pay later's own "too low" applies.
        if (err instanceof HttpError && err.code === 'PAYMENT_TOO_SMALL') throw refuse('amount_too_low');
        throw err;
      }
      const claimedFils = Math.round(amount * 100);
      if (claimedFils !== priced.totalFils) {
        req.log.info(
          { claimedFils, totalFils: priced.totalFils },
          'claimed amount differs; the session is for the server total',
        );
      }
      // SPEC 4 / 9: the store's range (1–5000 AED unless staff narrowed it), on the server's total.
      const { payLater } = (await currentSettings(app, req)).values;
      const outOfRange = payLaterAmountOutcome(priced.totalFils, payLater);
      if (outOfRange === 'amount_too_high' || outOfRange === 'amount_too_low') throw refuse(outOfRange);

      // A retry of this very request (same key, same order) answers the session already made.
      const fingerprint = createHash('sha256').update(JSON.stringify(claim)).digest('hex');
      const keyed = key
        ? `tabby-${createHash('sha256').update(`${key}:${fingerprint}`).digest('hex').slice(0, 40)}`
        : null;
      if (keyed) {
        const existing = await checkouts.byId(keyed);
        const stored = existing?.request as PayLaterStoredRequest | undefined;
        if (existing && existing.status === 'open' && stored?.session.webUrl && existing.providerPaymentId) {
          return {
            success: true,
            checkout_url: stored.session.webUrl,
            payment_id: existing.providerPaymentId,
          };
        }
      }
      const checkoutId = keyed && !(await checkouts.byId(keyed)) ? keyed : `tabby-${randomUUID()}`;
      const log = req.log.child({ checkoutId });
      const contact = contactOf(claim.customerInfo);
      await holds.checkCap(contact, locale);
      // A limited code's use is held only once Tabby accepts the session (below); a code already
      // used up was refused by the quote above.
      const code = claim.appliedCoupon?.code?.trim();
      const promotion = code ? await promotions.byCode(code) : null;

      let session: TabbySession;
      try {
        session = await tabby.createSession(
          sessionRequestOf({
            claim,
            priced,
            checkoutId,
            locale,
            storefrontUrl: config.payLater.storefrontUrl,
          }),
        );
      } catch (err) {
        if (isTabbyError(err)) {
          log.error({ err, status: err.status }, 'tabby session could not be created');
          throw new HttpError(
            err.retryable ? 503 : 502,
            'PAY_LATER_UNAVAILABLE',
            sessionFailedMessage(locale),
            {},
            err.retryable ? { 'retry-after': '5' } : {},
          );
        }
        throw err;
      }
      const stored = {
        request: {
          ...claim,
          session: { id: session.id, webUrl: session.webUrl },
          idempotencyKey: key ?? null,
          contact: { email: contact.email, phone: contact.phone },
        } satisfies PayLaterStoredRequest,
        pricing: priced,
        totalFils: priced.totalFils,
        locale,
        requestId: req.id,
      };

      // Pre-scoring said no: nothing to wait for, nothing held. The checkout is kept (rejected) for the read model.
      if (!session.isAvailable || !session.webUrl) {
        const outcome = payLaterOutcomeFrom({ reason: session.rejectionReason ?? 'not_available' });
        await db.transaction(async (tx) => {
          await checkouts.insert(
            {
              id: checkoutId,
              provider: 'TABBY',
              providerPaymentId: session.paymentId,
              status: 'rejected',
              currency: 'AED',
              ...stored,
            },
            tx,
          );
          const event: TabbyRejected = {
            id: eventIdFor(`TabbyRejected:${session.paymentId}`),
            type: 'TabbyRejected',
            version: 1,
            occurredAt: new Date().toISOString(),
            requestId: req.id,
            data: { checkoutId, paymentId: session.paymentId, outcome, amountFils: priced.totalFils },
          };
          await outbox.append(event, tx);
        });
        log.info(
          { paymentId: session.paymentId, reason: session.rejectionReason },
          'tabby pre-scoring rejected the session',
        );
        const code =
          outcome === 'amount_too_high' || outcome === 'amount_too_low' ? outcome : 'not_available';
        throw refuse(code);
      }

      await holds.keep({
        checkout: {
          id: checkoutId,
          provider: 'TABBY',
          providerPaymentId: session.paymentId,
          currency: 'AED',
          ...stored,
        },
        contact,
        limitedPromotionId: promotion && promotion.maxUses !== null ? promotion.id : null,
        locale,
        requestId: req.id,
        log,
      });
      const row = await checkouts.byId(checkoutId);
      try {
        await startPayLater(temporal, payLaterInputOf(row!, timing), clientOpts);
      } catch (err) {
        // The session stands: the webhook or the shopper's return starts the workflow later
        // (signal-with-start from the stored checkout). Until then nothing can go wrong: no
        // money is taken without the workflow, and a coupon use it holds ends with the session.
        if (!isPayLaterUnavailable(err)) throw err;
        log.error(
          { err },
          'pay-later workflow not started (Temporal unreachable); the return or webhook will',
        );
      }
      log.info({ paymentId: session.paymentId, totalFils: priced.totalFils }, 'tabby session created');
      return { success: true, checkout_url: session.webUrl, payment_id: session.paymentId };
    },
  );

  const rowOf = async (paymentId: string, locale: Locale) => {
    const row = await checkouts.byPaymentId(paymentId);
    if (row?.provider !== 'TABBY')
      throw new HttpError(404, 'PAYMENT_NOT_FOUND', t('payLaterNotFound', locale));
    return row;
  };

  /** The state as the shopper is told it: the workflow's, or the stored checkout's when there is no run. */
  const stateAnswer = async (paymentId: string, locale: Locale, waitMs: number) => {
    const state =
      waitMs > 0
        ? await waitForPayLaterState(temporal, paymentId, waitMs)
        : await payLaterStateOf(temporal, paymentId);
    return payLaterAnswer(state ?? { status: 'pending' }, locale);
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
        return { status: 'approved' as const, orderId: row.orderId, orderNumber: row.orderId };
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
    async (req) => {
      const paymentId = req.body.id;
      const status = (req.body.status ?? 'unknown').toLowerCase();
      const log = req.log.child({ paymentId, webhookStatus: status });
      // One row per payment and status: a duplicate delivery only counts up (webhook_events).
      await checkouts.recordWebhook({
        id: `tabby:${paymentId}:${status}`,
        provider: 'TABBY',
        type: status,
        payload: req.body,
      });
      const row = await checkouts.byPaymentId(paymentId);
      if (row?.provider !== 'TABBY') {
        log.warn('tabby webhook for a payment we do not know');
        return { received: true };
      }
      if (neverRan(row.status) && !(await payLaterStateOf(temporal, paymentId))) {
        log.info({ checkoutId: row.id }, 'tabby webhook for a session refused at pre-scoring or not kept');
        return { received: true };
      }
      try {
        const outcome = await signalPayLater(
          temporal,
          payLaterInputOf(row, timing),
          { webhook: { status } },
          clientOpts,
        );
        log.info(
          { checkoutId: row.id, requestId: row.requestId, outcome },
          'tabby webhook: workflow signalled',
        );
      } catch (err) {
        if (isPayLaterUnavailable(err)) {
          log.error({ err }, 'tabby webhook: Temporal unreachable; Tabby will deliver again');
          throw payLaterUnavailable(localeOf(req.headers));
        }
        throw err;
      }
      return { received: true };
    },
  );
}
