import {
  CHECKOUT_FAILURE,
  type CheckoutFailureDetails,
  CheckoutRefusal,
  type OrderPlacement,
} from '@qahwa/checkout';
import { type Db, isDatabaseUnavailable } from '@qahwa/db';
import {
  type CheckoutToOrderInput,
  filsToDecimalString,
  formatAed,
  type Locale,
  message,
  ORDER_TOTAL_HEADER,
  toFils,
} from '@qahwa/schema';
import type { Client } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayConfig } from '../config';
import { t } from '../i18n/messages';
import { cardCheckoutFor } from '../payments/card-checkout';
import { releaseCardHoldsOfCart } from '../payments/cart-holds';
import type { PaidOrders } from '../payments/paid-order';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { claimCheckout, IDEMPOTENCY_KEY } from './idempotency';
import { checkoutUnavailable, type OrderRequest, orderAnswer, type TakenOrder } from './order-answer';
import { couponRefusedError, outOfStockError, variationMismatchError } from './refusals';
import { createCardOrderTaking } from './take-card-order';

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

export interface OrderTakingDeps {
  config: Pick<GatewayConfig, 'checkoutTaskQueue' | 'orderTimeoutMs'>;
  db: Db;
  temporal: Client;
  /** A client on this process's own worker, while it runs (checkout/eager-worker.ts). */
  eagerCheckout?: () => Client | null;
  repos: Pick<Repositories, 'orders' | 'idempotency' | 'checkouts'>;
  placeOrder: OrderPlacement['placeOrder'];
  /** A paid checkout's order in the request (payments/paid-order.ts). */
  placePaid: PaidOrders['placePaid'];
}

/**
 * Taking an order (SPEC 7 POST /api/orders, docs/checkout.md): the card checkout the intent
 * stored, or the Idempotency-Key's claim; a replayed key's order found again; then cash on
 * delivery placed in this request's own transaction, or card and wallet through the
 * checkoutToOrder workflow. Refusals are thrown as HttpError in the shopper's language.
 */
export function createOrderTaking({
  config,
  db,
  temporal,
  eagerCheckout,
  repos,
  placeOrder,
  placePaid,
}: OrderTakingDeps) {
  const { orders, idempotency, checkouts } = repos;
  const cardOrders = createCardOrderTaking({ config, temporal, eagerCheckout, checkouts, placePaid });

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
      await releaseCardHoldsOfCart(db, body.checkoutKey, req.requestId, log);
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
    let cardOrdered = false;
    if (body.paymentIntentId || body.paymentProvider === 'STRIPE') {
      ({ input: card, ordered: cardOrdered } = await cardCheckoutFor(
        checkouts,
        body.paymentIntentId,
        locale,
      ));
    }

    const key = req.idempotencyKey;
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new HttpError(400, 'BAD_IDEMPOTENCY_KEY', t('badIdempotencyKey', locale));
    }
    // A card checkout not yet ordered has no order to find: the paid order's own transaction
    // answers the one a racing request (the webhook) commits meanwhile.
    const claim = card
      ? ({ kind: 'run', checkoutId: card.checkoutId, fresh: !cardOrdered } as const)
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
    return card ? cardOrders.takeCardOrder(req, card) : takeCodOrder(req, checkoutId, claim.fresh);
  }

  return { takeOrder };
}
