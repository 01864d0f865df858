import { paymentDisputedEvent, paymentRefundedEvent } from '@qahwa/checkout/payments';
import type { Db } from '@qahwa/db';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Repositories } from '../repositories/plugin';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

/**
 * What Stripe tells us happened to a charge after it was paid (docs/payments.md "Refunds and
 * disputes"), recorded once per Stripe event id in one transaction with its outbox event:
 * - `charge.refunded`: PaymentRefunded with the charge's running refunded total (the payments
 *   read model shows refunded or partially_refunded); wholly refunded, an open checkout is closed
 *   `refunded` so no run makes an order of it. An ordered checkout stays ordered (its order's
 *   cancellation, or a goodwill refund in the dashboard).
 * - `charge.dispute.created`: PaymentDisputed (the payment is shown disputed and flagged for
 *   staff); an open checkout is closed `failed`: an order is never made of a disputed payment.
 * A charge of an intent we do not know is only recorded. Returns false for other event types.
 */
export async function recordChargeEvent(
  db: Db,
  repos: Pick<Repositories, 'checkouts' | 'outbox'>,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (event.type !== 'charge.refunded' && event.type !== 'charge.dispute.created') return false;
  const { checkouts, outbox } = repos;
  const object = event.data.object;
  const paymentIntentId = idOf(object.payment_intent);
  const row = paymentIntentId ? await checkouts.byPaymentId(paymentIntentId) : null;
  let closed = false;
  const first = await db.transaction(async (tx) => {
    const first = await checkouts.recordWebhook(
      { id: event.id, provider: 'STRIPE', type: event.type, payload: event },
      tx,
    );
    if (!first || !row || !paymentIntentId) return first;
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      if (charge.refunded || charge.amount_refunded >= charge.amount) {
        closed = await checkouts.close(row.id, 'refunded', tx);
      }
      await outbox.append(
        paymentRefundedEvent({
          // The charge and its running total: the same news from the checkout's own look at Stripe is one event.
          key: `${charge.id}:${charge.amount_refunded}`,
          checkoutId: row.id,
          paymentId: paymentIntentId,
          amountFils: charge.amount,
          refundedFils: charge.amount_refunded,
          currency: charge.currency,
          method: charge.payment_method_details?.card?.wallet ? 'wallet' : 'card',
          orderId: row.orderId ?? undefined,
          requestId: row.requestId ?? undefined,
        }),
        tx,
      );
    } else {
      const dispute = event.data.object;
      closed = await checkouts.close(row.id, 'failed', tx);
      await outbox.append(
        paymentDisputedEvent({
          disputeId: dispute.id,
          checkoutId: row.id,
          paymentId: paymentIntentId,
          amountFils: dispute.amount,
          currency: dispute.currency,
          reason: dispute.reason,
          orderId: row.orderId ?? undefined,
          requestId: row.requestId ?? undefined,
        }),
        tx,
      );
    }
    return first;
  });
  log.info(
    { paymentIntentId, checkoutId: row?.id, known: Boolean(row), first, checkoutClosed: closed },
    row ? 'charge event recorded' : 'charge event for an intent we do not know',
  );
  return true;
}
