import { isTabbyError, RefundRefusedError, refundCard, type TabbyClient } from '@qahwa/checkout/payments';
import { and, type Db, eq, sql, tables } from '@qahwa/db';
import { CreditNoteRequestError, issueFullCreditNote } from '@qahwa/invoices';
import { type Mailer, sendEmailOnce, signTrackingToken, trackingUrl } from '@qahwa/mail';
import type { ShopperNotifiedStatus } from '@qahwa/schema/orders';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { recordCancelledOrderRefund } from './refund-issued';

export interface RefundActivityDeps {
  db: Db;
  logger: Logger;
  /** Card and wallet refunds; a worker without it fails a card refund for good (REFUND_NOT_CONFIGURED). */
  stripe?: Stripe | undefined;
  /** Pay-later refunds and closes: the one Tabby client. */
  tabby?: TabbyClient | undefined;
  mailer?: Mailer | undefined;
  storeUrl?: string | undefined;
  /** LEAD_LINK_SECRET: with storeUrl, each status e-mail carries the order's tracking link and invoice. */
  linkSecret?: string | undefined;
  claimLeaseMs?: number;
}

export const REFUND_FAILURE = {
  notConfigured: 'REFUND_NOT_CONFIGURED',
  /** The provider refused the refund itself (not a network or server error): staff must look. */
  refused: 'REFUND_REFUSED',
  orderNotFound: 'ORDER_NOT_FOUND',
  mailNotConfigured: 'MAIL_NOT_CONFIGURED',
} as const;

export type RefundOutcome = 'none' | 'refunded' | 'closed' | 'already' | 'not-needed';

/** A worker killed mid-call stops heartbeating; the server then retries on another worker. */
function heartbeating(): () => void {
  let ctx: Context | null = null;
  try {
    ctx = Context.current();
  } catch {
    return () => {};
  }
  if (ctx.info.isLocal) return () => {};
  const c = ctx;
  const timer = setInterval(() => c.heartbeat(), 1000);
  return () => clearInterval(timer);
}

/**
 * The follow-up of a staff move (docs/orders.md): the refund a cancellation owes and the shopper's
 * status e-mail. Both are once-only however often they run: the refund by its reference (the
 * idempotency key sent to the provider, unique in `refunds`), the e-mail by (order-<status>, order).
 */
export function createRefundActivities({
  db,
  logger,
  stripe,
  tabby,
  mailer,
  storeUrl,
  linkSecret,
  claimLeaseMs,
}: RefundActivityDeps) {
  const r = tables.refunds;

  /**
   * The status e-mail's links (docs/order-tracking.md): the order's signed tracking page, and the
   * invoice's (or receipt's) download through that page's token when it is issued already. A link,
   * not an attachment: a cash-on-delivery invoice is issued on delivery by its own consumer and
   * may come after this e-mail; the page lists it either way.
   */
  async function orderLinks(orderId: string, locale: 'en' | 'ar', store: string, secret: string) {
    const token = signTrackingToken(orderId, secret);
    // The order's one invoice or receipt (unique per order, immutable once issued).
    const [issued] = await db
      .select({ number: tables.invoices.number })
      .from(tables.invoices)
      .where(eq(tables.invoices.orderId, orderId));
    const invoice = issued?.number;
    return {
      trackingUrl: trackingUrl(store, token, locale),
      ...(invoice
        ? {
            invoiceUrl: `${store.replace(/\/+$/, '')}/api/orders/track/${encodeURIComponent(token)}/documents/${encodeURIComponent(invoice)}`,
          }
        : {}),
    };
  }

  /**
   * Records the provider's answer once: only the attempt that moves the row to 'succeeded' adds the
   * amount to the payment's refunded total, in the same transaction. A card payment's total is
   * raised to what the store's own refunds of it add up to, never added to: Stripe's
   * charge.refunded reaches the same row through the payments projection with the charge's
   * running total, and the larger of the two stands whichever came first.
   */
  async function recordSucceeded(
    reference: string,
    providerRefundId: string,
    amountFils: number,
    paymentId: string,
  ) {
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(r)
        .set({ status: 'succeeded', providerRefundId, lastError: null, updatedAt: sql`now()` })
        .where(and(eq(r.reference, reference), sql`${r.status} <> 'succeeded'`))
        .returning({ id: r.id, orderId: r.orderId, amountFils: r.amountFils, provider: r.provider });
      if (!moved) return;
      if (moved.orderId) {
        // The cancelled order's credit note, with the refund's record (docs/invoices.md). A savepoint:
        // a credit note the invoices refuse is for staff to look at, never a reason to lose the record.
        const orderId = moved.orderId;
        try {
          await tx.transaction((sp) => issueFullCreditNote(sp, { orderId, refundId: moved.id }));
        } catch (err) {
          if (!(err instanceof CreditNoteRequestError)) throw err;
          logger.error({ orderId, reference, err: err.message }, 'no credit note for the refund');
        }
        await recordCancelledOrderRefund(tx, { ...moved, orderId });
      }
      await tx
        .update(tables.payments)
        .set({
          refundedFils: sql`case when ${tables.payments.provider} = 'STRIPE'
            then greatest(${tables.payments.refundedFils}, (select coalesce(sum(${r.amountFils}), 0)::int from ${r} where ${r.paymentId} = ${paymentId} and ${r.status} = 'succeeded'))
            else ${tables.payments.refundedFils} + ${amountFils} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(tables.payments.id, paymentId));
    });
  }

  async function recordRefused(reference: string, message: string): Promise<never> {
    await db
      .update(r)
      .set({ status: 'failed', lastError: message, updatedAt: sql`now()` })
      .where(eq(r.reference, reference));
    throw ApplicationFailure.nonRetryable(message, REFUND_FAILURE.refused);
  }

  /**
   * Gives back what a cancelled order was paid, once. Reads the refund row the cancellation wrote
   * (none for cash on delivery), asks the provider with the row's reference as the idempotency
   * key, and only then marks the row. A worker killed between the provider's answer and the mark
   * is retried: the same key makes Stripe answer with the same refund, and a Tabby payment that
   * already holds a refund with our reference is not refunded again.
   */
  async function refundOrder(orderId: string): Promise<{ outcome: RefundOutcome; amountFils: number }> {
    const [row] = await db.select().from(r).where(eq(r.orderId, orderId));
    if (!row) return { outcome: 'none', amountFils: 0 };
    if (row.status === 'succeeded') return { outcome: 'already', amountFils: row.amountFils };
    const paymentId = row.paymentId ?? '';
    const stop = heartbeating();
    try {
      if (row.provider === 'STRIPE') {
        if (!stripe)
          throw ApplicationFailure.nonRetryable(
            'No Stripe client in this worker',
            REFUND_FAILURE.notConfigured,
          );
        let refund: Stripe.Refund;
        try {
          refund = await refundCard(stripe, {
            paymentIntentId: paymentId,
            amountFils: row.amountFils,
            reference: row.reference,
            metadata: { orderId },
          });
        } catch (err) {
          if (err instanceof RefundRefusedError) return await recordRefused(row.reference, err.message);
          throw err;
        }
        await recordSucceeded(row.reference, refund.id, row.amountFils, paymentId);
        logger.info({ orderId, reference: row.reference, refundId: refund.id }, 'card refunded');
        return { outcome: 'refunded', amountFils: row.amountFils };
      }
      if (row.provider === 'TABBY') {
        if (!tabby)
          throw ApplicationFailure.nonRetryable(
            'No Tabby client in this worker',
            REFUND_FAILURE.notConfigured,
          );
        try {
          const payment = await tabby.getPayment(paymentId);
          const ours = payment.refunds.find((m) => m.referenceId === row.reference);
          if (ours) {
            await recordSucceeded(row.reference, ours.id, row.amountFils, paymentId);
            return { outcome: 'refunded', amountFils: row.amountFils };
          }
          if (payment.status === 'AUTHORIZED') {
            // Authorised, never captured: closing releases the shopper's instalments; no money moved.
            await tabby.close(paymentId);
            await recordSucceeded(row.reference, `close-${paymentId}`, 0, paymentId);
            logger.info({ orderId, paymentId }, 'pay-later payment closed');
            return { outcome: 'closed', amountFils: 0 };
          }
          if (payment.status === 'CLOSED') {
            const after = await tabby.refund(paymentId, {
              amountFils: row.amountFils,
              referenceId: row.reference,
              reason: 'Order cancelled',
            });
            const made = after.refunds.find((m) => m.referenceId === row.reference);
            await recordSucceeded(
              row.reference,
              made?.id ?? `refund-${paymentId}`,
              row.amountFils,
              paymentId,
            );
            logger.info({ orderId, paymentId }, 'pay-later payment refunded');
            return { outcome: 'refunded', amountFils: row.amountFils };
          }
          await recordSucceeded(row.reference, `none-${payment.status}`, 0, paymentId);
          return { outcome: 'not-needed', amountFils: 0 };
        } catch (err) {
          if (isTabbyError(err) && !err.retryable)
            return await recordRefused(row.reference, `Tabby: ${err.message}`);
          throw err;
        }
      }
      return { outcome: 'none', amountFils: 0 };
    } finally {
      stop();
    }
  }

  /** The shopper's e-mail about a move, in the order's language, once per order and status. */
  async function sendOrderStatusEmail(
    orderId: string,
    status: ShopperNotifiedStatus,
    requestId?: string,
  ): Promise<{ status: 'sent' | 'already-sent' | 'suppressed' }> {
    if (!mailer)
      throw ApplicationFailure.nonRetryable('No mailer in this worker', REFUND_FAILURE.mailNotConfigured);
    const [order] = await db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
    if (!order)
      throw ApplicationFailure.nonRetryable(`Order ${orderId} does not exist`, REFUND_FAILURE.orderNotFound);
    const [refund] = await db
      .select({ amountFils: r.amountFils, status: r.status, providerRefundId: r.providerRefundId })
      .from(r)
      .where(eq(r.orderId, orderId));
    const refundFils =
      refund?.status === 'succeeded' && !refund.providerRefundId?.startsWith('none-') ? refund.amountFils : 0;
    const locale = order.locale === 'ar' ? 'ar' : 'en';
    return sendEmailOnce(
      { db, mailer, logger, ...(claimLeaseMs ? { claimLeaseMs } : {}) },
      {
        purpose: `order-${status}`,
        subjectId: orderId,
        to: order.customerEmail,
        locale,
        template: {
          kind: 'order-status',
          order: {
            orderNumber: order.id,
            status,
            placedAt: order.createdAt.toISOString(),
            customerName: order.customerName,
            customerPhone: order.customerPhone,
            address: { emirate: order.emirate, city: order.city, line: order.address },
            paymentMethod: order.paymentProvider,
            totalFils: order.totalFils,
            refundFils,
            ...(storeUrl ? { storeUrl } : {}),
            ...(storeUrl && linkSecret ? await orderLinks(order.id, locale, storeUrl, linkSecret) : {}),
          },
        },
        ...(requestId ? { requestId } : {}),
      },
    );
  }

  return { refundOrder, sendOrderStatusEmail };
}
export type RefundActivities = ReturnType<typeof createRefundActivities>;
