import { type Db, sql, type Tx, tables } from '@qahwa/db';
import {
  PAYMENT_EVENTS,
  type PaymentEvent,
  type PaymentFailed,
  type PaymentSucceeded,
  type TabbyApproved,
  type TabbyRejected,
} from '@qahwa/schema';
import type { DurableConsumer } from '../jetstream';
import { messageJson, parseEnvelope } from '../jetstream';
import { applyDisputed, applyRefunded, applyResolved, REVERSED_STATUSES } from './payment-reversals';
import { createProjectionConsumer, firstTimeFor, type ProjectionOptions } from './projection-consumer';

const { payments } = tables;

export const PAYMENTS_DURABLE = 'payments';

export type PaymentsProjectionOptions = ProjectionOptions;

/**
 * Keeps the payments read model (one row per provider payment id: provider, method, status,
 * amount, order, needs attention) from PaymentSucceeded and PaymentFailed, and what happened to
 * the money after (PaymentRefunded, PaymentDisputed, PaymentResolved: payment-reversals.ts), for
 * the back office's payments screen. Each event applies once (processed-event guard in the same
 * transaction). Events of one payment may arrive in any order: a success is never overwritten by
 * a failure (an earlier declined card), a refund or dispute never by a success, and an order,
 * once known, stays.
 */
export function createPaymentsProjection(options: PaymentsProjectionOptions): DurableConsumer {
  return createProjectionConsumer(options, {
    name: 'payments',
    durable: PAYMENTS_DURABLE,
    subject: 'commerce.payment.>',
    async handle(m, log, durable) {
      const raw = messageJson(m);
      const event = parsePaymentEvent(raw);
      if (!event) {
        log.debug('not an event this projection keeps');
        return;
      }
      const applied = await applyPaymentEventOnce(options.db, durable, event);
      log.info(
        { eventId: event.id, type: event.type, paymentId: event.data.paymentId, applied },
        'payments projection',
      );
    },
  });
}

/** The payment events this projection keeps (card and pay later: all of `commerce.payment.*`); null for others. */
export function parsePaymentEvent(raw: unknown): PaymentEvent | null {
  return parseEnvelope(raw, PAYMENT_EVENTS);
}

export async function applyPaymentEventOnce(db: Db, consumer: string, event: PaymentEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await firstTimeFor(tx, consumer, event.id))) return false;
    if (event.type === 'PaymentSucceeded') await applySucceeded(tx, event);
    else if (event.type === 'PaymentFailed') await applyFailed(tx, event);
    else if (event.type === 'PaymentRefunded') await applyRefunded(tx, event);
    else if (event.type === 'PaymentDisputed') await applyDisputed(tx, event);
    else if (event.type === 'PaymentResolved') await applyResolved(tx, event);
    else if (event.type === 'TabbyApproved') await applyTabbyApproved(tx, event);
    else await applyTabbyRejected(tx, event);
    return true;
  });
}

async function applySucceeded(tx: Tx, event: PaymentSucceeded) {
  const d = event.data;
  const attention = d.needsAttention === true;
  await tx
    .insert(payments)
    .values({
      id: d.paymentId,
      provider: d.provider,
      method: d.method ?? 'card',
      status: 'succeeded',
      amountFils: d.amountFils,
      currency: d.currency ?? 'AED',
      checkoutId: d.checkoutId,
      orderId: d.orderId ?? null,
      needsAttention: attention,
      attentionReason: d.attentionReason ?? null,
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: {
        status: sql`case when ${payments.status} in ${REVERSED_STATUSES} then ${payments.status} else 'succeeded' end`,
        method: sql`excluded.method`,
        amountFils: sql`excluded.amount_fils`,
        currency: sql`excluded.currency`,
        checkoutId: sql`excluded.checkout_id`,
        orderId: sql`coalesce(${payments.orderId}, excluded.order_id)`,
        // An order made settles it; "needs attention" only while there is no order. A dispute
        // keeps its flag and reason; money wholly given back leaves nothing to do.
        needsAttention: sql`case when ${payments.status} = 'disputed' then ${payments.needsAttention}
          when ${payments.status} = 'refunded' then false
          else coalesce(${payments.orderId}, excluded.order_id) is null and (${payments.needsAttention} or excluded.needs_attention) end`,
        attentionReason: sql`case when ${payments.status} = 'disputed' then ${payments.attentionReason}
          else coalesce(excluded.attention_reason, ${payments.attentionReason}) end`,
        updatedAt: sql`now()`,
      },
    });
}

async function applyFailed(tx: Tx, event: PaymentFailed) {
  const d = event.data;
  if (!d.paymentId) return;
  await tx
    .insert(payments)
    .values({
      id: d.paymentId,
      provider: d.provider,
      method: d.method ?? 'card',
      status: 'failed',
      amountFils: d.amountFils ?? 0,
      currency: d.currency ?? 'AED',
      checkoutId: d.checkoutId,
      lastError: d.message ?? d.reason,
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: {
        // A later success (another card on the same intent) is not undone by an older failure.
        status: sql`case when ${payments.status} = 'succeeded' or ${payments.status} in ${REVERSED_STATUSES} then ${payments.status} else 'failed' end`,
        lastError: sql`excluded.last_error`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Pay later (docs/pay-later.md): TabbyApproved comes with the order's PaymentSucceeded (either
 * may arrive first; both say succeeded). TabbyRejected carries the SPEC 8 outcome as the status
 * (cancelled, rejected, not_available, amount_too_high, amount_too_low, failed — an expiry is
 * `failed`), and never undoes a success.
 */
async function applyTabbyApproved(tx: Tx, event: TabbyApproved) {
  const d = event.data;
  await tx
    .insert(payments)
    .values({
      id: d.paymentId,
      provider: 'TABBY',
      method: 'pay_later',
      status: 'succeeded',
      amountFils: d.amountFils,
      currency: 'AED',
      checkoutId: d.checkoutId,
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: { status: 'succeeded', method: 'pay_later', updatedAt: sql`now()` },
    });
}

async function applyTabbyRejected(tx: Tx, event: TabbyRejected) {
  const d = event.data;
  if (!d.paymentId) return;
  await tx
    .insert(payments)
    .values({
      id: d.paymentId,
      provider: 'TABBY',
      method: 'pay_later',
      status: d.outcome,
      amountFils: d.amountFils ?? 0,
      currency: 'AED',
      checkoutId: d.checkoutId,
      lastError: d.outcome,
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: {
        status: sql`case when ${payments.status} = 'succeeded' then ${payments.status} else excluded.status end`,
        lastError: sql`excluded.last_error`,
        updatedAt: sql`now()`,
      },
    });
}
