import {
  CHECKOUT_FAILURE,
  type CheckoutFailureDetails,
  CheckoutRefusal,
  type OrderPlacement,
} from '@qahwa/checkout';
import { isDatabaseUnavailable } from '@qahwa/db';
import {
  type CheckoutToOrderInput,
  type CheckoutToOrderResult,
  type CreateOrderRequest,
  type CreateOrderResponse,
  filsToDecimalString,
  formatAed,
  type Locale,
  message,
  ORDER_TOTAL_HEADER,
  toAed,
  toFils,
} from '@qahwa/schema';
import { isCheckoutUnavailable, runCheckoutTimed } from '@qahwa/workflows';
import { ApplicationFailure, type Client, ServiceError, WorkflowFailedError } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayConfig } from '../config';
import { t } from '../i18n/messages';
import { cardCheckoutFor, cardFailureError } from '../payments/card-checkout';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { claimCheckout, IDEMPOTENCY_KEY } from './idempotency';
import { couponRefusedError, outOfStockError, variationMismatchError } from './refusals';
import type { ServerTiming } from './server-timing';

/** How long starting a checkout may take before the shopper hears "try again in a moment". */
const START_TIMEOUT_MS = 3000;
/** What a 503 tells the browser to wait before trying again: Temporal restarts in seconds. */
const RETRY_AFTER_SECONDS = 15;

/**
 * How often a cash-on-delivery order is tried in one request before the shopper hears "try again
 * in a minute", and the pause before each retry. What is retried is what Temporal retried when
 * the order was an activity: a lost connection, a deadlock, an automatic promotion that ran out
 * while ordering (the retry reprices). The creation is idempotent by checkout id.
 */
const COD_ATTEMPTS = 3;
const COD_RETRY_PAUSE_MS = [100, 400];

/** The checkout core's refusal (stock, address, coupon, total): answered, never retried. */
const isBusinessFailure = (err: unknown): err is CheckoutRefusal =>
  err instanceof CheckoutRefusal && err.nonRetryable && Boolean(err.type);

/**
 * The answer of an order made, or found again for a replayed key: the same fields either way.
 * Nothing about the customer record (whether the e-mail bought before, its id): anyone may post
 * an order with anyone's e-mail, so that would tell a stranger who shops here (docs/checkout.md).
 */
const orderAnswer = (o: Pick<CheckoutToOrderResult, 'orderId' | 'totalFils'>) =>
  ({
    success: true,
    orderId: o.orderId,
    totalAmount: toAed(o.totalFils),
  }) satisfies CreateOrderResponse;

/** The business failure inside a failed workflow run, if it was one. */
function applicationFailureOf(err: unknown): ApplicationFailure | null {
  let cause: unknown = err;
  for (let depth = 0; depth < 5 && cause; depth++) {
    if (cause instanceof ApplicationFailure && cause.type) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

/** A cash-on-delivery order's refusal, in the shopper's language. */
function codFailureError(failure: CheckoutRefusal, locale: Locale): HttpError {
  const details = (failure.details?.[0] ?? {}) as CheckoutFailureDetails;
  const name = (locale === 'ar' ? details.productNameAr : details.productName) ?? '';
  switch (failure.type) {
    case CHECKOUT_FAILURE.outOfStock:
      return outOfStockError(details.available ?? 0, name, locale);
    case CHECKOUT_FAILURE.itemUnavailable:
      return new HttpError(409, 'ITEM_UNAVAILABLE', t('itemUnavailable', locale));
    case CHECKOUT_FAILURE.invalidAddress:
      return new HttpError(422, 'INVALID_ADDRESS', t('invalidAddress', locale));
    case CHECKOUT_FAILURE.invalidInput:
      return new HttpError(400, 'VALIDATION_FAILED', t('validation', locale));
    case CHECKOUT_FAILURE.variationMismatch:
      return variationMismatchError(details, locale);
    case CHECKOUT_FAILURE.priceChanged: {
      // Nothing was ordered: the shopper sees the server's total and places the order again
      // claiming it (the same Idempotency-Key joins: amounts are not in its fingerprint).
      const totalFils = details.totalFils ?? 0;
      return new HttpError(
        409,
        'PRICE_CHANGED',
        t('priceChanged', locale, { total: formatAed(totalFils, locale) }),
        {},
        { [ORDER_TOTAL_HEADER]: filsToDecimalString(totalFils) },
      );
    }
    case CHECKOUT_FAILURE.tooManyOrders:
      return new HttpError(
        429,
        'TOO_MANY_ORDERS',
        t('tooManyOrders', locale),
        {},
        { 'retry-after': String(details.retryAfterSeconds ?? 3600) },
      );
    case CHECKOUT_FAILURE.couponRefused:
      // The code no longer holds (its last use went to another order, it expired): the browser
      // offers to place the order without it. Nothing was ordered or counted.
      return couponRefusedError(details.refusal, locale);
    default:
      return new HttpError(422, 'ORDER_FAILED', message('order.codFailed', locale));
  }
}

const checkoutUnavailable = (locale: Locale) =>
  new HttpError(
    503,
    'CHECKOUT_UNAVAILABLE',
    t('checkoutUnavailable', locale),
    {},
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

/** What came of an order request: the order (made now or before), or a card checkout still running. */
export type TakenOrder =
  | { kind: 'ordered'; answer: CreateOrderResponse }
  | { kind: 'stillProcessing'; answer: CreateOrderResponse };

export interface OrderRequest {
  body: CreateOrderRequest;
  locale: Locale;
  idempotencyKey: string | undefined;
  requestId: string;
  log: FastifyBaseLogger;
  /** Where the time went, for the answer's Server-Timing header. */
  timing: ServerTiming;
}

export interface OrderTakingDeps {
  config: Pick<GatewayConfig, 'checkoutTaskQueue' | 'orderTimeoutMs'>;
  temporal: Client;
  /** A client on this process's own worker, while it runs (checkout/eager-worker.ts). */
  eagerCheckout?: () => Client | null;
  repos: Pick<Repositories, 'orders' | 'idempotency' | 'checkouts'>;
  placeOrder: OrderPlacement['placeOrder'];
}

/**
 * Taking an order (SPEC 7 POST /api/orders, docs/checkout.md): the card checkout the intent
 * stored, or the Idempotency-Key's claim; a replayed key's order found again; then cash on
 * delivery placed in this request's own transaction, or card and wallet through the
 * checkoutToOrder workflow. Refusals are thrown as HttpError in the shopper's language.
 */
export function createOrderTaking({ config, temporal, eagerCheckout, repos, placeOrder }: OrderTakingDeps) {
  const { orders, idempotency, checkouts } = repos;

  /** The cash-on-delivery order, with the retries a transient failure deserves. */
  async function placeCodOrder(input: CheckoutToOrderInput, fresh: boolean, log: FastifyBaseLogger) {
    const claimedTotalFils = toFils(input.order.totalAmount);
    for (let attempt = 1; ; attempt++) {
      try {
        // A retry looks for the order first: the attempt before may have committed.
        return await placeOrder(input, null, undefined, { fresh: fresh && attempt === 1, claimedTotalFils });
      } catch (err) {
        // No connection in time is not retried here: under a rush that only adds to the queue.
        if (isBusinessFailure(err) || isDatabaseUnavailable(err) || attempt >= COD_ATTEMPTS) throw err;
        log.warn({ err, attempt, checkoutId: input.checkoutId }, 'cash-on-delivery order retried');
        await new Promise((r) => setTimeout(r, COD_RETRY_PAUSE_MS[attempt - 1] ?? 400));
      }
    }
  }

  /** Cash on delivery, made here: no workflow (docs/checkout.md "Cash on delivery without a workflow"). */
  async function takeCodOrder(req: OrderRequest, checkoutId: string, fresh: boolean): Promise<TakenOrder> {
    const { body, locale, log, timing } = req;
    const input: CheckoutToOrderInput = { checkoutId, requestId: req.requestId, order: { ...body, locale } };
    try {
      const placing = performance.now();
      const result = await placeCodOrder(input, fresh, log);
      timing.add('order', performance.now() - placing);
      timing.add('db', result.timings?.dbMs);
      log.info({ orderId: result.orderId, checkoutId }, 'order created');
      return { kind: 'ordered', answer: orderAnswer(result) };
    } catch (err) {
      if (isBusinessFailure(err)) {
        log.warn({ code: err.type, checkoutId }, 'checkout rejected');
        throw codFailureError(err, locale);
      }
      // The database kept failing: nothing was committed (the transaction is one), and the
      // key stays bound to this order, so the shopper's retry makes it once.
      log.error({ err, checkoutId }, 'cash-on-delivery order failed');
      throw checkoutUnavailable(locale);
    }
  }

  /** Card and wallet: the checkoutToOrder workflow, waited for up to config.orderTimeoutMs. */
  async function takeCardOrder(req: OrderRequest, card: CheckoutToOrderInput): Promise<TakenOrder> {
    const { locale, log, timing } = req;
    const { checkoutId } = card;
    let timer: NodeJS.Timeout | undefined;
    try {
      // This process's own worker takes the checkout when it runs (eager start); otherwise the
      // lazily connected client, which answers 503 while Temporal is down.
      const eager = eagerCheckout?.() ?? null;
      const { result, timings, eagerlyStarted } = await Promise.race([
        runCheckoutTimed(eager ?? temporal, card, {
          taskQueue: config.checkoutTaskQueue,
          startTimeoutMs: START_TIMEOUT_MS,
          eager: eager !== null,
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new HttpError(202, 'STILL_PROCESSING', t('stillProcessing', locale))),
            config.orderTimeoutMs,
          );
        }),
      ]);
      timing.add('start', timings.startMs, eagerlyStarted ? 'eager' : undefined);
      timing.add('workflow', timings.workflowMs);
      timing.add('activity', result.timings?.activityMs);
      timing.add('db', result.timings?.dbMs);
      log.info({ orderId: result.orderId, checkoutId }, 'order created');
      return { kind: 'ordered', answer: orderAnswer(result) };
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 202) {
        // The workflow goes on; the same Idempotency-Key will return the order once it exists.
        return { kind: 'stillProcessing', answer: { success: false, error: err.message } };
      }
      if (isCheckoutUnavailable(err)) {
        // No order, stock or event was written. The key stays bound to this order: a start that
        // timed out may still have reached the server, and the retry with the same key must
        // then join that checkout, not make a second one.
        log.error({ err, checkoutId }, 'checkout refused: Temporal unreachable');
        throw checkoutUnavailable(locale);
      }
      const failure = err instanceof WorkflowFailedError ? applicationFailureOf(err) : null;
      if (failure) {
        log.warn({ code: failure.type, checkoutId }, 'checkout rejected');
        throw cardFailureError(failure, locale);
      }
      if (err instanceof ServiceError) {
        // The checkout started, but waiting for its result failed (Temporal refusing more long
        // polls under load, a dropped connection): the run goes on, and the same payment joins it.
        log.warn({ err, checkoutId }, 'checkout result not awaited');
        return { kind: 'stillProcessing', answer: { success: false, error: t('stillProcessing', locale) } };
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The steps of one order request; the route maps what comes of it to its status. */
  async function takeOrder(req: OrderRequest): Promise<TakenOrder> {
    const { body, locale, log, timing } = req;
    if (body.paymentProvider === 'TABBY' && !body.paymentIntentId) {
      throw new HttpError(501, 'PAYMENT_NOT_AVAILABLE', t('paymentNotAvailable', locale));
    }
    // Card and wallet (docs/payments.md): the order is the checkout the server stored when it
    // made the intent; the workflow id comes from the intent, so the browser, a double submit
    // and the webhook all join one run, and no Idempotency-Key is needed.
    let card: CheckoutToOrderInput | null = null;
    if (body.paymentIntentId || body.paymentProvider === 'STRIPE') {
      card = await cardCheckoutFor(checkouts, body.paymentIntentId, locale);
    }

    const key = req.idempotencyKey;
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new HttpError(400, 'BAD_IDEMPOTENCY_KEY', t('badIdempotencyKey', locale));
    }
    const claim = card
      ? ({ kind: 'run', checkoutId: card.checkoutId, fresh: false } as const)
      : await timing.time('idem', () => claimCheckout(idempotency, key, body));
    if (claim.kind === 'mismatch') {
      log.warn('idempotency key reused with another order');
      throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', t('idempotencyKeyReused', locale));
    }
    const { checkoutId } = claim;

    // A replay of a key whose order exists: answer from the database, no workflow involved.
    if (!claim.fresh) {
      const existing = await timing.time('lookup', () => orders.findByCheckoutId(checkoutId));
      if (existing) {
        return {
          kind: 'ordered',
          answer: orderAnswer({ orderId: existing.id, totalFils: existing.totalFils }),
        };
      }
    }
    return card ? takeCardOrder(req, card) : takeCodOrder(req, checkoutId, claim.fresh);
  }

  return { takeOrder };
}
