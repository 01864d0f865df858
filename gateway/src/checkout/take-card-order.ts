import { CHECKOUT_FAILURE } from '@qahwa/checkout';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import { isCheckoutUnavailable, runCheckoutTimed } from '@qahwa/workflows';
import { ApplicationFailure, type Client, ServiceError, WorkflowFailedError } from '@temporalio/client';
import type { GatewayConfig } from '../config';
import { t } from '../i18n/messages';
import { cardFailureError, unfilledRefundedError } from '../payments/card-checkout';
import type { PaidOrders } from '../payments/paid-order';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { checkoutUnavailable, type OrderRequest, orderAnswer, type TakenOrder } from './order-answer';

/** How long starting a checkout may take before the shopper hears "try again in a moment". */
const START_TIMEOUT_MS = 3000;

/** The business failure inside a failed workflow run, if it was one. */
function applicationFailureOf(err: unknown): ApplicationFailure | null {
  let cause: unknown = err;
  for (let depth = 0; depth < 5 && cause; depth++) {
    if (cause instanceof ApplicationFailure && cause.type) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

export interface CardOrderTakingDeps {
  config: Pick<GatewayConfig, 'checkoutTaskQueue' | 'orderTimeoutMs'>;
  temporal: Client;
  /** A client on this process's own worker, while it runs (checkout/eager-worker.ts). */
  eagerCheckout?: (() => Client | null) | undefined;
  checkouts: Repositories['checkouts'];
  /** A paid checkout's order in the request (payments/paid-order.ts). */
  placePaid: PaidOrders['placePaid'];
}

/**
 * Card and wallet after payment (docs/payments.md): the checkout stored with the intent, its order
 * made in the request once Stripe says the payment succeeded, the checkoutToOrder workflow only
 * before that or while Stripe or the database keep failing.
 */
export function createCardOrderTaking({
  config,
  temporal,
  eagerCheckout,
  checkouts,
  placePaid,
}: CardOrderTakingDeps) {
  /**
   * Card and wallet: the order made in this request once Stripe says the payment succeeded, as cash
   * on delivery is (payments/paid-order.ts); the checkoutToOrder workflow only when the payment has
   * not succeeded yet or Stripe or the database kept failing.
   */
  async function takeCardOrder(req: OrderRequest, card: CheckoutToOrderInput): Promise<TakenOrder> {
    const { locale, log, timing } = req;
    const paid = await placePaid(card, locale, timing, log);
    if (paid.kind === 'ordered') {
      log.info({ orderId: paid.result.orderId, checkoutId: card.checkoutId }, 'order created');
      return { kind: 'ordered', answer: orderAnswer(paid.result) };
    }
    timing.add('fallback', 0, paid.why);
    return takeCardOrderByWorkflow(req, card);
  }

  /** The checkoutToOrder workflow, waited for up to config.orderTimeoutMs. */
  async function takeCardOrderByWorkflow(req: OrderRequest, card: CheckoutToOrderInput): Promise<TakenOrder> {
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
        // The run gave the payment back (payments/paid-order.ts "Paid, but no order"): say so.
        const row = await checkouts.byPaymentId(card.order.paymentIntentId!);
        if (row?.status === 'refunded' && failure.type !== CHECKOUT_FAILURE.paymentRefunded) {
          throw unfilledRefundedError(failure, row.totalFils, locale);
        }
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

  return { takeCardOrder };
}
