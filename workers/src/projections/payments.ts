import type { JetStreamClient } from '@nats-io/jetstream';
import { type Db, sql, type Tx, tables } from '@qahwa/db';
import { PaymentFailed, PaymentSucceeded, STREAM_NAME, TabbyApproved, TabbyRejected } from '@qahwa/schema';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  messageJson,
} from '../durable-consumer';
import { InvalidEventError } from '../errors';

const { payments, processedEvents } = tables;

export const PAYMENTS_DURABLE = 'payments';

export interface PaymentsProjectionOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  /** Defaults to `COMMERCE`. */
  stream?: string;
  /** Durable consumer name; also the `consumer` of processed_events. Defaults to `payments`. */
  durable?: string;
  /** Prepended to `commerce.payment.>`; must match the relay's and the stream's prefix. */
  subjectPrefix?: string;
}

export type PaymentEvent = PaymentSucceeded | PaymentFailed | TabbyApproved | TabbyRejected;

/**
 * Keeps the payments read model (one row per provider payment id: provider, method, status,
 * amount, order, needs attention) from PaymentSucceeded and PaymentFailed, for the back office's
 * payments screen. Each event applies once (processed-event guard in the same transaction).
 * Events of one payment may arrive in any order: a success is never overwritten by a failure
 * (an earlier declined card), and an order, once known, stays.
 */
export function createPaymentsProjection(options: PaymentsProjectionOptions): DurableConsumer {
  const durable = options.durable ?? PAYMENTS_DURABLE;
  return createDurableConsumer({
    ...options,
    logger: options.logger.child({ projection: 'payments' }),
    stream: options.stream ?? STREAM_NAME,
    durable,
    filterSubject: `${options.subjectPrefix ?? ''}commerce.payment.>`,
    async handle(m, log) {
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

/** The payment events this projection keeps (card and pay later); null for others. */
export function parsePaymentEvent(raw: unknown): PaymentEvent | null {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') throw new InvalidEventError('message is not an event envelope (no type)');
  const schemas = { PaymentSucceeded, PaymentFailed, TabbyApproved, TabbyRejected } as const;
  const schema = Object.hasOwn(schemas, type) ? schemas[type as keyof typeof schemas] : null;
  if (!schema) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidEventError(`${type} does not match its contract`);
  return parsed.data;
}

export async function applyPaymentEventOnce(db: Db, consumer: string, event: PaymentEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(processedEvents)
      .values({ consumer, eventId: event.id })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId });
    if (first.length === 0) return false;
    if (event.type === 'PaymentSucceeded') await applySucceeded(tx, event);
    else if (event.type === 'PaymentFailed') await applyFailed(tx, event);
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
        status: 'succeeded',
        method: sql`excluded.method`,
        amountFils: sql`excluded.amount_fils`,
        currency: sql`excluded.currency`,
        checkoutId: sql`excluded.checkout_id`,
        orderId: sql`coalesce(${payments.orderId}, excluded.order_id)`,
        // An order made settles it; "needs attention" only while there is no order.
        needsAttention: sql`coalesce(${payments.orderId}, excluded.order_id) is null and (${payments.needsAttention} or excluded.needs_attention)`,
        attentionReason: sql`coalesce(excluded.attention_reason, ${payments.attentionReason})`,
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
        status: sql`case when ${payments.status} = 'succeeded' then ${payments.status} else 'failed' end`,
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
