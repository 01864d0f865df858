import type { AdminPaymentFilter } from '@qahwa/schema/contracts';
import {
  ATTENTION_REASON_PREFIXES,
  type AttentionKind,
  WEBHOOK_MISSING_REASON,
} from '@qahwa/schema/payments';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { checkouts, orders, payments, refunds, webhookEvents } from '../../schema';
import { gulfDaysWhere } from '../gulf-days';

export type PaymentRecord = typeof payments.$inferSelect;

/** LIKE's own wildcards in staff's text are literal characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The provider's webhook deliveries about a payment: Stripe's event carries the intent as
 * `data.object` (or a charge or dispute naming its `payment_intent`), Tabby's body is the payment
 * itself (gateway/src/routes/webhooks.ts, pay-later.ts).
 */
const webhookPaymentId = sql`coalesce(${webhookEvents.payload}->'data'->'object'->>'payment_intent', ${webhookEvents.payload}->'data'->'object'->>'id', ${webhookEvents.payload}->>'id')`;
const hasWebhook = sql`exists (select 1 from ${webhookEvents} where ${webhookEvents.provider} = ${payments.provider} and ${webhookPaymentId} = ${payments.id})`;

/** The attention kinds as SQL, by the one rule's prefixes (schema/src/payments/attention.ts). */
function attentionKindWhere(kind: AttentionKind): SQL {
  if (kind !== 'capture_failed') {
    return sql`${payments.attentionReason} like ${`${ATTENTION_REASON_PREFIXES[kind]}%`}`;
  }
  // Captured, no order: every reason no other kind claims.
  const others = Object.values(ATTENTION_REASON_PREFIXES).map(
    (prefix) => sql`${payments.attentionReason} not like ${`${prefix}%`}`,
  );
  return sql`(${payments.attentionReason} is null or (${sql.join(others, sql` and `)}))`;
}

export function paymentFilterWhere(filter: AdminPaymentFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.provider) where.push(eq(payments.provider, filter.provider));
  if (filter.method) where.push(eq(payments.method, filter.method));
  if (filter.status) where.push(eq(payments.status, filter.status));
  if (filter.reason) where.push(eq(payments.needsAttention, true), attentionKindWhere(filter.reason));
  else if (filter.attention) where.push(eq(payments.needsAttention, filter.attention === 'true'));
  where.push(...gulfDaysWhere(payments.createdAt, filter));
  const q = filter.q?.trim();
  if (q) {
    const number = /^(?:qh-?)?(\d{1,12})$/i.exec(q)?.[1];
    const alternatives: SQL[] = [ilike(payments.id, `%${likeEscape(q)}%`)];
    if (number) alternatives.push(eq(payments.orderId, `QH-${number}`));
    where.push(or(...alternatives) as SQL);
  }
  return where.length ? and(...where) : undefined;
}

/**
 * The back office's payments (docs/payments-logs.md): the payments read model as staff
 * search it, one payment with its refunds, webhooks and order, and the workers' webhook watch.
 */
export function createPaymentsAdminRepository(db: DbOrTx) {
  return {
    async list(filter: AdminPaymentFilter, page: { limit: number; offset: number }) {
      const where = paymentFilterWhere(filter);
      const [rows, [total], [attention]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(where)
          .orderBy(desc(payments.createdAt), asc(payments.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
        db.select({ n: sql<number>`count(*)::int` }).from(payments).where(eq(payments.needsAttention, true)),
      ]);
      return { rows, total: total?.n ?? 0, attentionCount: attention?.n ?? 0 };
    },

    async detail(id: string) {
      const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      if (!payment) return null;
      const [refundRows, webhookRows, orderRows, checkoutRows] = await Promise.all([
        payment.orderId
          ? db
              .select()
              .from(refunds)
              .where(or(eq(refunds.paymentId, id), eq(refunds.orderId, payment.orderId)))
              .orderBy(asc(refunds.createdAt))
          : db.select().from(refunds).where(eq(refunds.paymentId, id)).orderBy(asc(refunds.createdAt)),
        db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.provider, payment.provider), sql`${webhookPaymentId} = ${id}`))
          .orderBy(asc(webhookEvents.receivedAt)),
        payment.orderId
          ? db
              .select({
                id: orders.id,
                status: orders.status,
                customerName: orders.customerName,
                totalFils: orders.totalFils,
                createdAt: orders.createdAt,
              })
              .from(orders)
              .where(eq(orders.id, payment.orderId))
              .limit(1)
          : Promise.resolve([]),
        // The checkout the payment paid for: its state decides what staff may still do.
        db.select().from(checkouts).where(eq(checkouts.providerPaymentId, id)).limit(1),
      ]);
      return {
        payment,
        refunds: refundRows,
        webhooks: webhookRows,
        order: orderRows[0] ?? null,
        checkout: checkoutRows[0] ?? null,
      };
    },

    /**
     * The webhook watch (workers/src/maintenance/webhook-watch.ts): a card or pay-later payment
     * the read model holds as taken (or still pending) for longer than `olderThanMs` with no
     * webhook delivery of its provider about it is flagged `WEBHOOK_MISSING`; one whose webhook
     * came after all is cleared. Only payments first recorded within `lookbackMs` are looked at, so
     * the pass stays small however old the store gets.
     */
    async watchWebhooks(window: { olderThanMs: number; lookbackMs: number }) {
      const older = sql`now() - make_interval(secs => ${window.olderThanMs / 1000})`;
      const since = sql`now() - make_interval(secs => ${window.lookbackMs / 1000})`;
      const flagged = await db
        .update(payments)
        .set({ needsAttention: true, attentionReason: WEBHOOK_MISSING_REASON, updatedAt: sql`now()` })
        .where(
          and(
            sql`${payments.provider} in ('STRIPE', 'TABBY')`,
            sql`${payments.status} in ('succeeded', 'pending', 'processing')`,
            eq(payments.needsAttention, false),
            sql`${payments.createdAt} < ${older}`,
            sql`${payments.createdAt} > ${since}`,
            sql`not ${hasWebhook}`,
          ),
        )
        .returning({ id: payments.id });
      const cleared = await db
        .update(payments)
        .set({ needsAttention: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.needsAttention, true),
            eq(payments.attentionReason, WEBHOOK_MISSING_REASON),
            hasWebhook,
          ),
        )
        .returning({ id: payments.id });
      return { flagged: flagged.map((r) => r.id), cleared: cleared.map((r) => r.id) };
    },

    /**
     * Cash on delivery in the read model (`cod-<order>`): to be collected while the order is open,
     * collected once delivered, cancelled with the order. Read from the order itself, so events
     * that arrive out of order or twice give the same row.
     */
    async syncCashOnDelivery(orderId: string): Promise<boolean> {
      // One statement: the row follows the order as it is now (status, total), or nothing for a
      // card or pay-later order.
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into ${payments} (id, provider, method, status, amount_fils, currency, checkout_id, order_id, created_at)
        select 'cod-' || o.id, 'COD', 'cod',
          case o.status when 'delivered' then 'collected' when 'cancelled' then 'cancelled' else 'pending' end,
          o.total_fils, 'AED', o.checkout_id, o.id, o.created_at
        from ${orders} o
        where o.id = ${orderId} and o.payment_provider = 'COD'
        on conflict (id) do update set status = excluded.status, amount_fils = excluded.amount_fils, updated_at = now()
        returning id`);
      return rows.length > 0;
    },
  };
}
export type PaymentsAdminRepository = ReturnType<typeof createPaymentsAdminRepository>;
