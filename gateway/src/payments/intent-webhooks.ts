import { paymentFailedEvent } from '@qahwa/checkout/payments';
import { createStockRepository, type Db } from '@qahwa/db';
import type { Locale } from '@qahwa/schema';
import { isOpenCheckout } from '@qahwa/schema/payments';
import { isCheckoutUnavailable, signalPaymentSucceeded } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { ServerTiming } from '../checkout/server-timing';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { cardCheckoutInput } from './card-checkout';
import type { PaidOrders } from './paid-order';

export interface IntentWebhookDeps {
  db: Db;
  temporal: Client;
  /** A paid checkout's order in the request (payments/paid-order.ts). */
  placePaid: PaidOrders['placePaid'];
  repos: Pick<Repositories, 'checkouts' | 'outbox'>;
  taskQueue: string;
}

/**
 * What Stripe tells us of a payment intent (docs/payments.md), after the route checked the
 * signature:
 * - `payment_intent.succeeded` makes the order of that intent's checkout, as the browser's POST
 *   /api/orders does (payments/paid-order.ts), so the order exists even when the shopper closed
 *   the tab right after paying; when Stripe says it has not succeeded yet, or Stripe or the
 *   database keep failing, it signals-with-start the card checkout's workflow instead, which is
 *   durable from there. A checkout in a final
 *   state (ordered, refunded, disputed, resolved by staff) is not signalled: no run starts for it
 *   again (docs/payments.md "Checkout states"). Temporal unreachable: 503, so Stripe delivers again.
 * - `payment_intent.payment_failed` records the failure: PaymentFailed through the outbox (the
 *   payments read model), once per Stripe event however often it is delivered.
 * - `payment_intent.canceled` (staff in Stripe's dashboard, or Stripe itself): nothing can pay the
 *   intent any more, so its stock hold goes back, once per Stripe event.
 * Returns false for other event types.
 */
export async function recordIntentEvent(
  { db, temporal, placePaid, repos, taskQueue }: IntentWebhookDeps,
  event: Stripe.Event,
  log: FastifyBaseLogger,
  locale: Locale,
): Promise<boolean> {
  const { checkouts, outbox } = repos;

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
      return true;
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
      return true;
    }
    // The order is made here, as the browser's request makes it (payments/paid-order.ts): whichever
    // of the two comes first makes it, the other finds it. The webhook answers 2xx only once the
    // order exists, the payment went back, or the workflow took it durably: until then Stripe
    // delivers again, for days.
    const input = cardCheckoutInput(row);
    try {
      const paid = await placePaid(input, locale, new ServerTiming(), log);
      if (paid.kind === 'ordered') {
        log.info({ checkoutId: row.id, orderId: paid.result.orderId }, 'payment succeeded: order made');
        await checkouts.recordWebhook({ id: event.id, provider: 'STRIPE', type: event.type, payload: event });
        return true;
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // Refused for good (and the payment given back, or flagged for staff): the shopper's answer
      // is the browser's to give; Stripe needs to hear nothing more.
      log.info({ checkoutId: row.id, code: err.code }, 'payment succeeded: no order made of it');
      await checkouts.recordWebhook({ id: event.id, provider: 'STRIPE', type: event.type, payload: event });
      return true;
    }
    try {
      const outcome = await signalPaymentSucceeded(temporal, input, event.id, { taskQueue });
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
    return true;
  }

  if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
    const intent = event.data.object;
    const row = await checkouts.byPaymentId(intent.id);
    await db.transaction(async (tx) => {
      const first = await checkouts.recordWebhook(
        { id: event.id, provider: 'STRIPE', type: event.type, payload: event },
        tx,
      );
      if (!first || !row) return;
      // The attempt failed, or nothing can pay the intent any more: its stock goes back to every
      // shopper (docs/payments.md "Stock held for a card payment"); a retry on the same intent
      // that succeeds takes free stock.
      await createStockRepository(tx).releaseHold(row.id, row.requestId ?? undefined, tx);
      if (event.type === 'payment_intent.canceled') return;
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
    log.info(
      { paymentIntentId: intent.id, known: Boolean(row), type: event.type },
      'payment failed or cancelled: recorded',
    );
    return true;
  }

  return false;
}
