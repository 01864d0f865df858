import {
  CHECKOUT_FAILURE,
  type CheckoutFailureDetails,
  CheckoutRefusal,
  type OrderPlacement,
} from '@qahwa/checkout';
import {
  createCardActivities,
  eventIdFor,
  paymentRefundedEvent,
  recordPaidOrder,
  type VerifiedPayment,
} from '@qahwa/checkout/payments';
import {
  type AuditActor,
  type CheckoutRow,
  type Db,
  type DbOrTx,
  eq,
  recordAudit,
  sql,
  tables,
} from '@qahwa/db';
import type { PaymentRecord } from '@qahwa/db/repositories/payments-admin';
import type { Locale, PaymentResolved } from '@qahwa/schema';
import type {
  AdminPaymentActions,
  AdminPaymentCompleteBody,
  AdminPaymentCompleted,
  AdminPaymentRefunded,
} from '@qahwa/schema/contracts/admin-payments';
import { isOpenCheckout } from '@qahwa/schema/payments/checkout-status';
import { RefundRefusedError, refundCard } from '@qahwa/workflows/activities/refunds';
import { orderConfirmationWorkflowId, paymentWorkflowId } from '@qahwa/workflows/workflow-ids';
import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { cardCheckoutInput } from './card-checkout';

/**
 * The idempotency key of a staff refund, sent to Stripe: one payment, one refund, however often
 * it is asked (a double click, a retry after a timeout). Intent ids are Stripe's and never reused.
 */
export const staffRefundReferenceOf = (paymentIntentId: string) => `staff-refund-${paymentIntentId}`;

/**
 * A staff refund holds the checkout's row lock while Stripe answers (so the order's transaction
 * and a second click wait and then see the outcome): the call is bounded well inside the
 * database's idle-in-transaction limit (30 s).
 */
const STRIPE_CALL = { timeout: 8_000, maxNetworkRetries: 1 } as const;

/** What the payments screen may offer for a payment (docs/payments.md "Staff actions"). */
export function paymentActions(payment: PaymentRecord, checkout: CheckoutRow | null): AdminPaymentActions {
  const open =
    payment.provider === 'STRIPE' &&
    checkout?.provider === 'STRIPE' &&
    isOpenCheckout(checkout.status) &&
    !payment.orderId &&
    !checkout.orderId;
  return {
    refund: open && (payment.status === 'succeeded' || payment.status === 'partially_refunded'),
    complete: open && payment.status === 'succeeded',
  };
}

export interface StaffActionContext {
  actor: AuditActor;
  requestId: string;
  locale: Locale;
}

export interface StaffResolutionDeps {
  db: Db;
  repos: Pick<Repositories, 'checkouts' | 'orders' | 'outbox'>;
  logger: Logger;
  stripe: Stripe | undefined;
  placement: OrderPlacement;
  temporal: Client;
  taskQueue: string;
}

/**
 * The two actions on a flagged card payment with no order (docs/payments.md "Staff actions"):
 * **Refund** and **Complete the order** (or mark it resolved another way). Each is one
 * transaction with its outbox event and audit entry, under the checkout's row lock — the same
 * lock the order's transaction takes — so a staff action and a late order, or two clicks, never
 * both happen: whichever commits first decides, the other sees it. A repeat answers what was
 * done (`already: true`); a refund is one Stripe refund under one idempotency key.
 */
export function createStaffResolution({
  db,
  repos,
  logger,
  stripe,
  placement,
  temporal,
  taskQueue,
}: StaffResolutionDeps) {
  const { checkouts, orders, outbox } = repos;

  const notFound = (locale: Locale) =>
    new HttpError(404, 'PAYMENT_RECORD_NOT_FOUND', t('adminPaymentNotFound', locale));
  const unavailable = (locale: Locale) =>
    new HttpError(
      503,
      'PAYMENT_PROVIDER_UNAVAILABLE',
      t('adminStripeUnavailable', locale),
      {},
      {
        'retry-after': '5',
      },
    );

  /**
   * The card checkout of a payment the read model knows; 404 / 409 otherwise. With `tx`, its row
   * is locked until the transaction ends.
   */
  async function cardCheckoutOf(paymentId: string, locale: Locale, tx?: DbOrTx): Promise<CheckoutRow> {
    const [payment] = await (tx ?? db)
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.id, paymentId))
      .limit(1);
    const checkout = tx
      ? await checkouts.lockByPaymentId(paymentId, tx)
      : await checkouts.byPaymentId(paymentId);
    if (!payment && !checkout) throw notFound(locale);
    if (payment?.provider !== 'STRIPE' || checkout?.provider !== 'STRIPE') {
      throw new HttpError(409, 'PAYMENT_NOT_ACTIONABLE', t('adminPaymentNotActionable', locale));
    }
    return checkout;
  }

  /** A checkout no longer open: why nothing can be done to it, in the staff member's words. */
  function closedError(checkout: CheckoutRow, locale: Locale): HttpError {
    switch (checkout.status) {
      case 'ordered':
        return new HttpError(
          409,
          'PAYMENT_ALREADY_ORDERED',
          t('adminPaymentOrdered', locale, { orderId: checkout.orderId ?? '' }),
        );
      case 'refunded':
        return new HttpError(409, 'PAYMENT_REFUNDED', t('adminPaymentRefunded', locale));
      case 'failed':
        return new HttpError(409, 'PAYMENT_DISPUTED', t('adminPaymentDisputed', locale));
      case 'resolved_by_staff':
        return new HttpError(409, 'CHECKOUT_CLOSED', t('adminPaymentResolved', locale));
      default:
        return new HttpError(409, 'PAYMENT_NOT_ACTIONABLE', t('adminPaymentNotActionable', locale));
    }
  }

  /** Stripe's charge of the intent, read before any lock is taken. */
  async function paidCharge(paymentId: string, locale: Locale): Promise<Stripe.Charge> {
    if (!stripe) throw unavailable(locale);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] }, STRIPE_CALL);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new HttpError(409, 'PAYMENT_NOT_PAID', t('adminPaymentNotPaid', locale));
      }
      throw unavailable(locale);
    }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    if (intent.status !== 'succeeded' || !charge) {
      throw new HttpError(409, 'PAYMENT_NOT_PAID', t('adminPaymentNotPaid', locale));
    }
    if (charge.disputed) throw new HttpError(409, 'PAYMENT_DISPUTED', t('adminPaymentDisputed', locale));
    return charge;
  }

  /**
   * **Refund**: Stripe refunds what is left of the charge (the idempotency key is named by the
   * payment), and in the same transaction the refund row, the checkout `refunded`, PaymentRefunded
   * (the read model: refunded, no longer flagged) and the audit entry. A Stripe refusal or outage
   * writes nothing. Money already back another way (Stripe's dashboard) closes it the same, with
   * no second refund.
   */
  async function refund(
    paymentId: string,
    note: string | undefined,
    ctx: StaffActionContext,
  ): Promise<AdminPaymentRefunded> {
    await cardCheckoutOf(paymentId, ctx.locale);
    const charge = await paidCharge(paymentId, ctx.locale);
    const reference = staffRefundReferenceOf(paymentId);
    const r = tables.refunds;
    return db.transaction(async (tx) => {
      const checkout = await cardCheckoutOf(paymentId, ctx.locale, tx);
      if (checkout.status === 'refunded') {
        const [ours] = await tx.select().from(r).where(eq(r.reference, reference));
        return {
          paymentId,
          checkoutStatus: 'refunded' as const,
          refundedFils: charge.amount_refunded,
          refundId: ours?.providerRefundId ?? null,
          already: true,
        };
      }
      if (!isOpenCheckout(checkout.status)) throw closedError(checkout, ctx.locale);
      const existing = await orders.findByCheckoutId(checkout.id, tx);
      if (existing) {
        throw closedError({ ...checkout, status: 'ordered', orderId: existing.id }, ctx.locale);
      }
      const left = charge.amount - charge.amount_refunded;
      let refundId: string | null = null;
      if (left > 0) {
        await tx
          .insert(r)
          .values({
            orderId: null,
            checkoutId: checkout.id,
            paymentId,
            provider: 'STRIPE',
            amountFils: left,
            reference,
            reason: note ?? 'no order was made of this payment',
          })
          .onConflictDoUpdate({
            target: r.reference,
            set: { amountFils: left, status: 'requested', lastError: null, updatedAt: sql`now()` },
          });
        try {
          const made = await refundCard(
            stripe!,
            {
              paymentIntentId: paymentId,
              reference,
              metadata: { checkoutId: checkout.id, reason: 'no_order' },
            },
            STRIPE_CALL,
          );
          refundId = made.id;
          await tx
            .update(r)
            .set({
              status: 'succeeded',
              providerRefundId: made.id,
              amountFils: made.amount,
              updatedAt: sql`now()`,
            })
            .where(eq(r.reference, reference));
        } catch (err) {
          if (err instanceof RefundRefusedError) {
            if (err.code === 'charge_disputed') {
              throw new HttpError(409, 'PAYMENT_DISPUTED', t('adminPaymentDisputed', ctx.locale));
            }
            // Given back meanwhile in Stripe's dashboard: nothing is owed, the checkout closes below.
            if (err.code !== 'charge_already_refunded') {
              logger.warn({ paymentId, reason: err.message }, 'staff refund refused by Stripe');
              throw new HttpError(
                409,
                'REFUND_REFUSED',
                t('adminRefundRefused', ctx.locale, { reason: err.message }),
              );
            }
            await tx.delete(r).where(eq(r.reference, reference));
          } else {
            logger.error({ err, paymentId }, 'staff refund: Stripe unreachable; nothing recorded');
            throw unavailable(ctx.locale);
          }
        }
      }
      await checkouts.close(checkout.id, 'refunded', tx);
      await outbox.append(
        paymentRefundedEvent({
          // Wholly refunded: the same event as Stripe's last charge.refunded for this charge.
          key: `${charge.id}:${charge.amount}`,
          checkoutId: checkout.id,
          paymentId,
          amountFils: charge.amount,
          refundedFils: charge.amount,
          currency: charge.currency,
          method: charge.payment_method_details?.card?.wallet ? 'wallet' : 'card',
          refundId: refundId ?? undefined,
          requestId: ctx.requestId,
        }),
        tx,
      );
      await recordAudit(tx, {
        user: ctx.actor,
        module: 'payments',
        action: 'refund',
        entityType: 'payment',
        entityId: paymentId,
        before: { checkoutStatus: checkout.status, refundedFils: charge.amount_refunded },
        after: { checkoutStatus: 'refunded', refundedFils: charge.amount, refundId, note: note ?? null },
        requestId: ctx.requestId,
      });
      logger.info(
        { paymentId, checkoutId: checkout.id, refundId, amountFils: left },
        'payment refunded by staff',
      );
      return {
        paymentId,
        checkoutStatus: 'refunded' as const,
        refundedFils: charge.amount,
        refundId,
        already: false,
      };
    });
  }

  /** Staff filled it another way and keep the money: the checkout `resolved_by_staff`, the flag cleared. */
  async function resolve(
    paymentId: string,
    note: string,
    ctx: StaffActionContext,
  ): Promise<AdminPaymentCompleted> {
    return db.transaction(async (tx) => {
      const checkout = await cardCheckoutOf(paymentId, ctx.locale, tx);
      const answer = { paymentId, checkoutStatus: 'resolved_by_staff' as const, orderId: null };
      if (checkout.status === 'resolved_by_staff') return { ...answer, already: true };
      if (!isOpenCheckout(checkout.status)) throw closedError(checkout, ctx.locale);
      await checkouts.close(checkout.id, 'resolved_by_staff', tx);
      const event: PaymentResolved = {
        id: eventIdFor(`PaymentResolved:${paymentId}`),
        type: 'PaymentResolved',
        version: 1,
        occurredAt: new Date().toISOString(),
        requestId: ctx.requestId,
        data: { checkoutId: checkout.id, provider: 'STRIPE', paymentId, resolution: 'resolved_by_staff' },
      };
      await outbox.append(event, tx);
      await recordAudit(tx, {
        user: ctx.actor,
        module: 'payments',
        action: 'resolve',
        entityType: 'payment',
        entityId: paymentId,
        before: { checkoutStatus: checkout.status },
        after: { checkoutStatus: 'resolved_by_staff', note },
        requestId: ctx.requestId,
      });
      logger.info({ paymentId, checkoutId: checkout.id }, 'payment resolved by staff');
      return { ...answer, already: false };
    });
  }

  /**
   * **Complete the order**: THE order creation with the payment Stripe confirms now (refused if
   * refunded or disputed), for the stored checkout. Nothing unsafe is skipped: the price must
   * still be what was paid, the coupon must still hold, and stock is never oversold — short, the
   * staff member hears what is missing and nothing changes (restock and complete again, refund,
   * or resolve it another way). In the order's own transaction: the checkout `ordered`,
   * PaymentSucceeded with the order (the read model clears the flag) and the audit entry.
   */
  async function completeOrder(
    paymentId: string,
    note: string | undefined,
    ctx: StaffActionContext,
  ): Promise<AdminPaymentCompleted> {
    const checkout = await cardCheckoutOf(paymentId, ctx.locale);
    if (checkout.status === 'ordered' && checkout.orderId) {
      return { paymentId, checkoutStatus: 'ordered', orderId: checkout.orderId, already: true };
    }
    if (!isOpenCheckout(checkout.status)) throw closedError(checkout, ctx.locale);
    const payment = await verifiedPayment(paymentId, ctx.locale);
    let made = false;
    try {
      const result = await placement.placeOrder(cardCheckoutInput(checkout), payment, async (tx, order) => {
        await recordPaidOrder(tx, {
          checkoutId: order.checkoutId,
          orderId: order.orderId,
          requestId: order.requestId,
          payment,
        });
        await recordAudit(tx, {
          user: ctx.actor,
          module: 'payments',
          action: 'complete',
          entityType: 'payment',
          entityId: paymentId,
          before: { checkoutStatus: checkout.status },
          after: {
            checkoutStatus: 'ordered',
            orderId: order.orderId,
            totalFils: order.totalFils,
            note: note ?? null,
          },
          requestId: ctx.requestId,
        });
        made = true;
      });
      if (made) {
        logger.info(
          { paymentId, checkoutId: checkout.id, orderId: result.orderId },
          'order completed by staff',
        );
        await confirm(result.orderId, paymentId);
      }
      return { paymentId, checkoutStatus: 'ordered', orderId: result.orderId, already: !made };
    } catch (err) {
      if (!(err instanceof CheckoutRefusal) || !err.nonRetryable) throw err;
      if (err.type === CHECKOUT_FAILURE.checkoutClosed) {
        const now = await checkouts.byId(checkout.id);
        throw closedError(now ?? checkout, ctx.locale);
      }
      logger.info({ paymentId, code: err.type }, 'staff could not complete the order');
      throw completeRefusal(err, ctx.locale);
    }
  }

  /** Stripe's word on the payment now, through the checkout's own retrievePayment (refunds and disputes refused). */
  async function verifiedPayment(paymentId: string, locale: Locale): Promise<VerifiedPayment> {
    if (!stripe) throw unavailable(locale);
    const { retrievePayment } = createCardActivities({ db, logger, stripe });
    let payment: VerifiedPayment;
    try {
      payment = await retrievePayment(paymentId);
    } catch (err) {
      if (err instanceof CheckoutRefusal && err.type === CHECKOUT_FAILURE.paymentRefunded) {
        throw new HttpError(409, 'PAYMENT_REFUNDED', t('adminPaymentRefunded', locale));
      }
      if (err instanceof CheckoutRefusal && err.type === CHECKOUT_FAILURE.paymentDisputed) {
        throw new HttpError(409, 'PAYMENT_DISPUTED', t('adminPaymentDisputed', locale));
      }
      if (err instanceof CheckoutRefusal && err.type === CHECKOUT_FAILURE.paymentNotFound) {
        throw new HttpError(409, 'PAYMENT_NOT_PAID', t('adminPaymentNotPaid', locale));
      }
      throw unavailable(locale);
    }
    if (payment.status !== 'succeeded') {
      throw new HttpError(409, 'PAYMENT_NOT_PAID', t('adminPaymentNotPaid', locale));
    }
    return payment;
  }

  /**
   * The shopper's confirmation of an order staff completed, as every card order gets one: the
   * orderConfirmation workflow under the id checkoutToOrder would give it
   * (orderConfirmationWorkflowId of the intent's run). Best effort: the order stands either way.
   */
  async function confirm(orderId: string, paymentId: string): Promise<void> {
    try {
      await temporal.connection.withDeadline(Date.now() + 3000, () =>
        temporal.workflow.start('orderConfirmation', {
          workflowId: orderConfirmationWorkflowId(paymentWorkflowId(paymentId)),
          taskQueue,
          args: [orderId],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowExecutionTimeout: '4 days',
        }),
      );
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      logger.warn({ err, orderId }, 'order completed by staff: confirmation e-mail not started');
    }
  }

  async function complete(
    paymentId: string,
    body: AdminPaymentCompleteBody,
    ctx: StaffActionContext,
  ): Promise<AdminPaymentCompleted> {
    return body.resolution === 'resolved_by_staff'
      ? resolve(paymentId, body.note, ctx)
      : completeOrder(paymentId, body.note, ctx);
  }

  return { refund, complete };
}

/** Why the order could not be made, in the staff member's words, with what they can do instead. */
function completeRefusal(failure: CheckoutRefusal, locale: Locale): HttpError {
  const details = (failure.details?.[0] ?? {}) as CheckoutFailureDetails;
  switch (failure.type) {
    case CHECKOUT_FAILURE.outOfStock: {
      const name = (locale === 'ar' ? details.productNameAr : details.productName) ?? '';
      return new HttpError(
        409,
        'OUT_OF_STOCK',
        t('adminCompleteOutOfStock', locale, { name, available: details.available ?? 0 }),
      );
    }
    case CHECKOUT_FAILURE.itemUnavailable:
      return new HttpError(409, 'ITEM_UNAVAILABLE', t('adminCompleteUnavailable', locale));
    case CHECKOUT_FAILURE.couponRefused:
      return new HttpError(
        409,
        'COUPON_REFUSED',
        t('adminCompleteCoupon', locale, { code: details.couponCode ?? '' }),
      );
    case CHECKOUT_FAILURE.paymentMismatch:
      return new HttpError(409, 'PAYMENT_MISMATCH', t('adminCompleteMismatch', locale));
    default:
      return new HttpError(
        409,
        'ORDER_FAILED',
        t('adminCompleteFailed', locale, { reason: failure.type ?? failure.message }),
      );
  }
}
