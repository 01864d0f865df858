import { sql, type Tx, tables } from '@qahwa/db';
import type { PaymentDisputed, PaymentRefunded, PaymentResolved } from '@qahwa/schema';
import { DISPUTED_REASON } from '@qahwa/schema/payments';

const { payments } = tables;

/**
 * The statuses money leaving a payment gives it (docs/payments.md "Refunds and disputes"): a
 * later PaymentSucceeded or PaymentFailed of the same payment never takes them back.
 */
export const REVERSED_STATUSES = sql`('refunded', 'partially_refunded', 'disputed')`;

/**
 * A refund: the running total rises to the largest any writer knew (a webhook delivered twice,
 * Stripe's event and the store's own record of the same refund, in any order, give one figure).
 * Wholly refunded: `refunded`, nothing left for staff. In part: `partially_refunded`, and a
 * payment with no order stays flagged (the rest is still held). A dispute keeps its status.
 */
export async function applyRefunded(tx: Tx, event: PaymentRefunded) {
  const d = event.data;
  const fully = d.refundedFils >= d.amountFils;
  const total = sql`greatest(${payments.refundedFils}, excluded.refunded_fils)`;
  await tx
    .insert(payments)
    .values({
      id: d.paymentId,
      provider: d.provider,
      method: d.method ?? 'card',
      status: fully ? 'refunded' : 'partially_refunded',
      amountFils: d.amountFils,
      currency: d.currency ?? 'AED',
      checkoutId: d.checkoutId,
      orderId: d.orderId ?? null,
      refundedFils: d.refundedFils,
      needsAttention: !fully && !d.orderId,
      attentionReason:
        !fully && !d.orderId ? `PAYMENT_REFUNDED: ${d.refundedFils} of ${d.amountFils} fils, no order` : null,
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: {
        refundedFils: total,
        status: sql`case when ${payments.status} = 'disputed' then 'disputed'
          when ${total} >= excluded.amount_fils then 'refunded' else 'partially_refunded' end`,
        orderId: sql`coalesce(${payments.orderId}, excluded.order_id)`,
        needsAttention: sql`case when ${payments.status} <> 'disputed' and ${total} >= excluded.amount_fils
          then false else ${payments.needsAttention} end`,
        updatedAt: sql`now()`,
      },
    });
}

/** A dispute: `disputed`, flagged for staff with Stripe's reason, whatever the payment was. */
export async function applyDisputed(tx: Tx, event: PaymentDisputed) {
  const d = event.data;
  await tx
    .insert(payments)
    .values({
      id: d.paymentId,
      provider: d.provider,
      method: 'card',
      status: 'disputed',
      amountFils: d.amountFils,
      currency: d.currency ?? 'AED',
      checkoutId: d.checkoutId,
      orderId: d.orderId ?? null,
      needsAttention: true,
      attentionReason: `${DISPUTED_REASON}: ${d.reason}`,
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: {
        status: 'disputed',
        needsAttention: true,
        attentionReason: sql`excluded.attention_reason`,
        orderId: sql`coalesce(${payments.orderId}, excluded.order_id)`,
        updatedAt: sql`now()`,
      },
    });
}

/** Staff settled a flagged payment another way: it no longer needs attention (the reason stays for the record). */
export async function applyResolved(tx: Tx, event: PaymentResolved) {
  await tx
    .update(payments)
    .set({ needsAttention: false, updatedAt: sql`now()` })
    .where(sql`${payments.id} = ${event.data.paymentId} and ${payments.status} <> 'disputed'`);
}
