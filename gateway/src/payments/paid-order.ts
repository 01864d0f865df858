import { CHECKOUT_FAILURE, CheckoutRefusal, type OrderPlacement } from '@qahwa/checkout';
import { createCardPayments, type UnfilledOutcome, type VerifiedPayment } from '@qahwa/checkout/payments';
import { createCheckoutsRepository, type Db, isDatabaseUnavailable } from '@qahwa/db';
import type { CheckoutToOrderInput, CheckoutToOrderResult, Locale } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { ServerTiming } from '../checkout/server-timing';
import { cardFailureError, duplicatePaymentError, unfilledRefundedError } from './card-checkout';

/**
 * How often the paid order is tried in one request, and the pause before each retry: what is
 * retried is what Temporal retried when the order was an activity (a lost connection, a deadlock).
 * The creation is idempotent by checkout id.
 */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = [100, 400];

/**
 * What came of making a paid checkout's order in the request: the order (made now, or by the other
 * of the browser and the webhook a moment before), or "leave it to the workflow": the intent has
 * not succeeded yet (the browser raced its own confirmation), or Stripe or the database kept
 * failing. A refusal is thrown as the shopper's HttpError, after the payment was given back.
 */
export type PaidOrderOutcome =
  | { kind: 'ordered'; result: CheckoutToOrderResult; payment: VerifiedPayment }
  | { kind: 'workflow'; why: 'not-succeeded' | 'unavailable' };

export interface PaidOrdersDeps {
  db: Db;
  logger: Logger;
  stripe: Stripe | undefined;
  placeOrder: OrderPlacement['placeOrder'];
}

/**
 * The card and wallet order after payment, made in the request that learns of the payment — the
 * browser's POST /api/orders or Stripe's `payment_intent.succeeded` — as cash on delivery is
 * (docs/payments.md "The paid order in the request"). Stripe is asked for the intent (the
 * browser's word and the webhook's copy are not proof), then THE order creation runs with the
 * verified payment. Both entry points may run it at once: the order's unique checkout id lets one
 * commit and the other answers that order. A business refusal (stock gone, a coupon used up, the
 * amount not the total, a second payment of one cart) gives the money back at once
 * (`recordPaymentAttention`: flagged for staff, then refunded) and answers why.
 */
export function createPaidOrders({ db, logger, stripe, placeOrder }: PaidOrdersDeps) {
  const card = createCardPayments({ db, logger, stripe });
  const checkouts = createCheckoutsRepository(db);

  /** The order of another checkout of the same cart (its checkout key), if one was made. */
  async function duplicateOf(checkoutId: string): Promise<string | null> {
    const key = (await checkouts.byId(checkoutId))?.checkoutKey;
    const other = key ? await checkouts.orderedWithKey(key) : null;
    return other && other.checkoutId !== checkoutId ? other.orderId : null;
  }

  /** Stripe's intent as the card path needs it; null when the workflow should carry it. */
  async function verified(
    input: CheckoutToOrderInput,
    locale: Locale,
    timing: ServerTiming,
    log: FastifyBaseLogger,
  ) {
    const paymentIntentId = input.order.paymentIntentId!;
    try {
      return await timing.time('stripe', () => card.retrievePayment(paymentIntentId));
    } catch (err) {
      // Refunded, disputed or unknown at Stripe: refused for good, in the shopper's words — and a
      // second payment of a cart already ordered, refunded by the other entry point a moment
      // ago, hears that, not "place a new order".
      if (err instanceof CheckoutRefusal) {
        if (err.type === CHECKOUT_FAILURE.paymentRefunded) {
          const duplicate = await duplicateOf(input.checkoutId);
          if (duplicate) throw duplicatePaymentError(duplicate, locale);
        }
        throw cardFailureError(err, locale);
      }
      log.warn(
        { err, checkoutId: input.checkoutId },
        'Stripe unreachable for the paid order; the workflow takes it',
      );
      return null;
    }
  }

  /** The order refused: the payment is flagged and given back, and the shopper hears why. */
  async function refuse(
    input: CheckoutToOrderInput,
    payment: VerifiedPayment,
    refusal: CheckoutRefusal,
    timing: ServerTiming,
    log: FastifyBaseLogger,
  ): Promise<UnfilledOutcome | 'flagged'> {
    log.warn({ code: refusal.type, checkoutId: input.checkoutId }, 'paid, but the order was refused');
    try {
      return await timing.time('refund', () =>
        card.recordPaymentAttention({
          checkoutId: input.checkoutId,
          requestId: input.requestId,
          payment,
          reason: `${refusal.type}: ${refusal.message}`,
        }),
      );
    } catch (err) {
      // Flagged for staff before the refund was tried: nothing is lost, staff see it.
      log.error(
        { err, checkoutId: input.checkoutId },
        'automatic refund failed; the payment is flagged for staff',
      );
      return 'flagged';
    }
  }

  /**
   * The paid orders this process is making now, by intent: Stripe sends its webhook as it answers
   * Stripe.js, so the browser's order and the webhook usually reach one gateway together. The
   * second joins the first's Stripe look-up and order instead of asking Stripe again and waiting
   * on the checkout's lock only to find the order made. Only an order is shared: a refusal or
   * "leave it to the workflow" is decided again by the joiner (idempotent by checkout id and by
   * the refund's name), in its own shopper's language. Across gateways the checkout's row lock
   * and the order's unique checkout id still make one order.
   */
  const inFlight = new Map<string, Promise<PaidOrderOutcome>>();

  async function placePaid(
    input: CheckoutToOrderInput,
    locale: Locale,
    timing: ServerTiming,
    log: FastifyBaseLogger,
  ): Promise<PaidOrderOutcome> {
    const paymentIntentId = input.order.paymentIntentId!;
    const running = inFlight.get(paymentIntentId);
    if (running) {
      const joining = performance.now();
      const joined = await running.catch(() => null);
      if (joined?.kind === 'ordered') {
        timing.add('join', performance.now() - joining);
        return joined;
      }
    }
    const placing = placePaidHere(input, locale, timing, log);
    if (!running) {
      inFlight.set(paymentIntentId, placing);
      const done = () => inFlight.delete(paymentIntentId);
      placing.then(done, done);
    }
    return placing;
  }

  async function placePaidHere(
    input: CheckoutToOrderInput,
    locale: Locale,
    timing: ServerTiming,
    log: FastifyBaseLogger,
  ): Promise<PaidOrderOutcome> {
    const payment = await verified(input, locale, timing, log);
    if (!payment) return { kind: 'workflow', why: 'unavailable' };
    if (payment.status !== 'succeeded') return { kind: 'workflow', why: 'not-succeeded' };
    const placing = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        // Not ordered when this request looked (the caller checked): the order's transaction locks
        // the checkout first and answers an order a racing request committed meanwhile.
        const result = await placeOrder(input, payment, undefined, { fresh: attempt === 1 });
        timing.add('order', performance.now() - placing);
        timing.add('db', result.timings?.dbMs);
        return { kind: 'ordered', result, payment };
      } catch (err) {
        if (err instanceof CheckoutRefusal && err.nonRetryable) {
          timing.add('order', performance.now() - placing);
          // Closed while this request was placing it (a staff refund, a dispute): say how.
          if (err.type === CHECKOUT_FAILURE.checkoutClosed) throw cardFailureError(err, locale);
          const outcome = await refuse(input, payment, err, timing, log);
          // The other of the browser and the webhook made the order meanwhile (the stock came
          // back): nothing was refunded, and this answers that order.
          if (outcome === 'ordered')
            return { kind: 'ordered', result: await placeOrder(input, payment), payment };
          // Closed meanwhile by the other entry point's automatic refund (both refused the order at
          // once; the refund is named by the payment, so only one was made): the money went back
          // all the same, and the shopper hears that, not that staff will be in touch.
          const refunded =
            outcome === 'refunded' ||
            (outcome === 'closed' &&
              (await checkouts.byPaymentId(payment.paymentIntentId))?.status === 'refunded');
          throw refunded
            ? unfilledRefundedError(err, payment.amountFils, locale)
            : cardFailureError(err, locale);
        }
        if (isDatabaseUnavailable(err) || attempt >= ATTEMPTS) {
          log.warn(
            { err, checkoutId: input.checkoutId },
            'paid order not made in the request; the workflow takes it',
          );
          return { kind: 'workflow', why: 'unavailable' };
        }
        log.warn({ err, attempt, checkoutId: input.checkoutId }, 'paid order retried');
        await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS[attempt - 1] ?? 400));
      }
    }
  }

  return { placePaid };
}

export type PaidOrders = ReturnType<typeof createPaidOrders>;
