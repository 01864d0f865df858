import { isTabbyError, RefundRefusedError, refundCard, type TabbyClient } from '@qahwa/checkout/payments';
import {
  and,
  createOutboxRepository,
  createReturnsRepository,
  createStockRepository,
  type Db,
  eq,
  returnEvent,
  sql,
  tables,
} from '@qahwa/db';
import { CreditNoteRequestError, issueCreditNote } from '@qahwa/invoices';
import {
  type Mailer,
  type ReturnEmailData,
  sendEmailOnce,
  signTrackingToken,
  trackingUrl,
} from '@qahwa/mail';
import { type RefundMethod, type ReturnStatus, returnRefundReference } from '@qahwa/schema';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

export interface ReturnActivityDeps {
  db: Db;
  logger: Logger;
  stripe?: Stripe | undefined;
  tabby?: TabbyClient | undefined;
  mailer?: Mailer | undefined;
  storeUrl?: string | undefined;
  /** The back office's origin for staff's reminder link; none: no link. */
  adminUrl?: string | undefined;
  /** Where staff's reminders go (STAFF_NOTIFY_EMAIL). */
  staffEmail?: string | undefined;
  /** Signs the shopper's tracking link in the e-mails (LEAD_LINK_SECRET); none: no link. */
  trackingSecret?: string | undefined;
}

export const RETURN_FAILURE = {
  refused: 'RETURN_REFUND_REFUSED',
  notConfigured: 'RETURN_NOT_CONFIGURED',
  mailNotConfigured: 'RETURN_MAIL_NOT_CONFIGURED',
} as const;

/** What the run needs to know of a return, read fresh each time it wakes. */
export interface ReturnSnapshot {
  status: ReturnStatus;
  requestedAtMs: number;
  decidedAtMs: number;
  arriveByMs: number | null;
  /** The refunds row staff's Refund wrote: none yet, being made, made, or refused by the provider. */
  refund: 'requested' | 'succeeded' | 'failed' | null;
}

/** A worker killed mid-call stops heartbeating; the server then retries on another worker. */
function heartbeating(): () => void {
  let ctx: Context | null = null;
  try {
    ctx = Context.current();
  } catch {
    return () => {};
  }
  const c = ctx;
  const timer = setInterval(() => c.heartbeat(), 1000);
  return () => clearInterval(timer);
}

const METHOD_OF: Record<'STRIPE' | 'TABBY', RefundMethod> = { STRIPE: 'CARD', TABBY: 'PAY_LATER' };

/**
 * The activities of `returnProcess` (docs/returns.md). Each is safe to run again: status moves are
 * guarded updates, the refund is named by its reference (the refunds row's unique key and the
 * provider's idempotency key), e-mails are sent once per (purpose, return).
 */
export function createReturnActivities(deps: ReturnActivityDeps) {
  const { db, logger, stripe, tabby, mailer } = deps;
  const repo = createReturnsRepository(db);
  const r = tables.refunds;

  async function loadReturn(number: string, returnId: string): Promise<ReturnSnapshot | null> {
    const row = await repo.find(number);
    // Another database's return under the same number (a test database, a fresh install): not ours.
    if (!row || row.id !== returnId) return null;
    const [refund] = await db
      .select({ status: r.status })
      .from(r)
      .where(eq(r.reference, returnRefundReference(number)));
    return {
      status: row.status,
      requestedAtMs: row.createdAt.getTime(),
      decidedAtMs: (row.decidedAt ?? row.createdAt).getTime(),
      arriveByMs: row.arriveBy?.getTime() ?? null,
      refund: (refund?.status as ReturnSnapshot['refund']) ?? null,
    };
  }

  /** Approved and the goods never came: expired, once (false when staff received them meanwhile). */
  async function expireReturn(number: string): Promise<boolean> {
    const moved = await repo.move(db, number, ['approved'], 'expired', { expiredAt: new Date() });
    return moved !== null;
  }

  /** The provider's answer recorded, in a transaction of its own: a worker killed before its commit records nothing. */
  async function recordSucceeded(reference: string, providerRefundId: string) {
    await db.transaction(async (tx) => {
      await tx
        .update(r)
        .set({ status: 'succeeded', providerRefundId, lastError: null, updatedAt: sql`now()` })
        .where(and(eq(r.reference, reference), sql`${r.status} <> 'succeeded'`));
    });
  }

  async function refused(reference: string, message: string): Promise<never> {
    await db
      .update(r)
      .set({ status: 'failed', lastError: message, updatedAt: sql`now()` })
      .where(eq(r.reference, reference));
    throw ApplicationFailure.nonRetryable(message, RETURN_FAILURE.refused);
  }

  /**
   * Gives the return's money back where it came from, once. The refunds row (written by staff's
   * Refund) names the refund; the provider is asked with that name as its idempotency key and only
   * then is the row marked. Killed between the two, the retry asks again with the same key: Stripe
   * answers with the refund it already made, and a Tabby payment that already holds a refund with
   * our reference_id is not refunded again.
   */
  async function refundReturn(number: string): Promise<{ providerRefundId: string }> {
    const reference = returnRefundReference(number);
    const [row] = await db.select().from(r).where(eq(r.reference, reference));
    if (!row) throw ApplicationFailure.nonRetryable(`no refund asked for ${number}`, RETURN_FAILURE.refused);
    if (row.status === 'succeeded') return { providerRefundId: row.providerRefundId ?? '' };
    const ret = await repo.find(number);
    if (row.provider === 'COD') {
      // Staff paid it themselves (bank transfer, store credit): their reference is the proof.
      const id = ret?.codReference ?? reference;
      await recordSucceeded(reference, id);
      return { providerRefundId: id };
    }
    const paymentId = row.paymentId ?? '';
    const stop = heartbeating();
    try {
      if (row.provider === 'STRIPE') {
        if (!stripe) throw ApplicationFailure.nonRetryable('No Stripe client', RETURN_FAILURE.notConfigured);
        let made: Stripe.Refund;
        try {
          made = await refundCard(stripe, {
            paymentIntentId: paymentId,
            amountFils: row.amountFils,
            reference,
            metadata: { orderId: row.orderId ?? '', returnNumber: number },
          });
        } catch (err) {
          if (err instanceof RefundRefusedError) return await refused(reference, err.message);
          throw err;
        }
        await recordSucceeded(reference, made.id);
        logger.info({ number, reference, refundId: made.id }, 'return refunded to the card');
        return { providerRefundId: made.id };
      }
      if (!tabby) throw ApplicationFailure.nonRetryable('No Tabby client', RETURN_FAILURE.notConfigured);
      try {
        const payment = await tabby.getPayment(paymentId);
        let ours = payment.refunds.find((m) => m.referenceId === reference);
        if (!ours) {
          const after = await tabby.refund(paymentId, {
            amountFils: row.amountFils,
            referenceId: reference,
            reason: `Return ${number}`,
          });
          ours = after.refunds.find((m) => m.referenceId === reference);
        }
        const id = ours?.id ?? reference;
        await recordSucceeded(reference, id);
        logger.info({ number, reference, refundId: id }, 'return refunded through Tabby');
        return { providerRefundId: id };
      } catch (err) {
        if (isTabbyError(err) && !err.retryable) return await refused(reference, `Tabby: ${err.message}`);
        throw err;
      }
    } finally {
      stop();
    }
  }

  /**
   * What follows the refund's record, in one transaction guarded by the move received → refunded:
   * the credit note, the resaleable units back on sale (CatalogueChanged), the payment's refunded
   * total and RefundIssued for the dashboard. Run twice, the second finds the return refunded.
   */
  async function completeRefund(number: string): Promise<boolean> {
    const reference = returnRefundReference(number);
    return db.transaction(async (tx) => {
      const [refund] = await tx.select().from(r).where(eq(r.reference, reference));
      if (refund?.status !== 'succeeded') return false;
      const ret = await repo.lock(number, tx);
      if (ret?.status !== 'received') return false;
      const order = await repo.orderOf(ret.orderId, tx);
      if (!order) return false;
      const method: RefundMethod =
        ret.refundMethod ?? METHOD_OF[order.paymentProvider as 'STRIPE' | 'TABBY'] ?? 'BANK_TRANSFER';
      const now = new Date();
      await repo.move(tx, number, ['received'], 'refunded', {
        refundedAt: now,
        refundId: refund.id,
        refundMethod: method,
      });
      const lines = (await repo.linesOf([ret.id], tx)).get(ret.id) ?? [];
      try {
        await tx.transaction((sp) =>
          issueCreditNote(sp, {
            orderId: ret.orderId,
            refundId: refund.id,
            lines: lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })),
            shipping: ret.shippingRefundFils > 0,
          }),
        );
      } catch (err) {
        // The money is back; a credit note the invoices refuse (no invoice of this order) is for
        // staff to look at, never a reason to undo the refund's record.
        if (!(err instanceof CreditNoteRequestError)) throw err;
        logger.error({ number, orderId: ret.orderId, err: err.message }, 'no credit note for the return');
      }
      await createStockRepository(tx).giveBack(
        lines
          .filter((l) => l.resaleable)
          .map((l) => ({ productId: l.productId, variationId: l.variationId, quantity: l.quantity })),
        ret.requestId ?? undefined,
        tx,
      );
      if (refund.paymentId && refund.provider !== 'COD') {
        // As the order follow-up records a refund: a card payment's total is raised to what the
        // store's refunds of it add up to, never added to, because Stripe's charge.refunded brings
        // the charge's running total to the same row through the payments projection.
        await tx
          .update(tables.payments)
          .set({
            refundedFils: sql`case when ${tables.payments.provider} = 'STRIPE'
              then greatest(${tables.payments.refundedFils}, (select coalesce(sum(${r.amountFils}), 0)::int from ${r} where ${r.paymentId} = ${refund.paymentId} and ${r.status} = 'succeeded'))
              else ${tables.payments.refundedFils} + ${refund.amountFils} end`,
            updatedAt: sql`now()`,
          })
          .where(eq(tables.payments.id, refund.paymentId));
      }
      await createOutboxRepository(tx).append(
        returnEvent('RefundIssued', {
          returnNumber: number,
          orderId: ret.orderId,
          orderPlacedAt: order.createdAt.toISOString(),
          paymentProvider: order.paymentProvider,
          method,
          amountFils: refund.amountFils,
          shippingFils: ret.shippingRefundFils,
          lines: lines.map((l) => ({
            orderItemId: l.orderItemId,
            productId: l.productId,
            variationId: l.variationId,
            quantity: l.quantity,
            refundFils: l.refundFils,
          })),
          refundedAt: now.toISOString(),
        }),
        tx,
      );
      return true;
    });
  }

  function needMailer(): Mailer {
    if (!mailer) throw ApplicationFailure.nonRetryable('No mailer', RETURN_FAILURE.mailNotConfigured);
    return mailer;
  }

  /** The shopper's e-mail about the return's state, in the order's language, once per state. */
  async function tellShopper(
    number: string,
    kind: 'approved' | 'rejected' | 'refunded' | 'expired',
  ): Promise<{ status: string }> {
    const m = needMailer();
    const ret = await repo.find(number);
    if (!ret) return { status: 'gone' };
    const order = await repo.orderOf(ret.orderId);
    if (!order) return { status: 'gone' };
    const locale = ret.locale === 'ar' ? 'ar' : 'en';
    const link =
      deps.storeUrl && deps.trackingSecret
        ? trackingUrl(deps.storeUrl, signTrackingToken(order.id, deps.trackingSecret), locale)
        : undefined;
    const data: ReturnEmailData = {
      kind,
      returnNumber: number,
      orderId: order.id,
      message: kind === 'approved' || kind === 'rejected' ? ret.staffMessage : null,
      arriveBy: ret.arriveBy?.toISOString() ?? null,
      refundFils: ret.refundFils,
      method: ret.refundMethod,
      ...(link ? { link } : {}),
    };
    return sendEmailOnce(
      { db, mailer: m, logger },
      {
        purpose: `return-${kind}`,
        subjectId: number,
        to: order.customerEmail,
        locale,
        template: { kind: 'return-update', data },
        ...(ret.requestId ? { requestId: ret.requestId } : {}),
      },
    );
  }

  /** The store's inbox hears of a request waiting for a decision (the n-th reminder, once each). */
  async function remindStaff(number: string, n: number): Promise<{ status: string }> {
    const m = needMailer();
    const ret = await repo.find(number);
    if (ret?.status !== 'requested') return { status: 'decided' };
    if (!deps.staffEmail) {
      logger.warn({ number }, 'a return waits for a decision; no staff address to remind');
      return { status: 'no-address' };
    }
    const link = deps.adminUrl ? `${deps.adminUrl.replace(/\/+$/, '')}/backend/returns/${number}` : undefined;
    return sendEmailOnce(
      { db, mailer: m, logger },
      {
        purpose: 'return-reminder',
        subjectId: `${number}-${n}`,
        to: deps.staffEmail,
        locale: 'en',
        template: {
          kind: 'return-update',
          data: {
            kind: 'reminder',
            returnNumber: number,
            orderId: ret.orderId,
            requestedAt: ret.createdAt.toISOString(),
            ...(link ? { link } : {}),
          },
        },
      },
    );
  }

  return { loadReturn, expireReturn, refundReturn, completeRefund, tellShopper, remindStaff };
}
export type ReturnActivities = ReturnType<typeof createReturnActivities>;
