import {
  CHECKOUT_FAILURE,
  type CheckoutFailureDetails,
  CheckoutRefusal,
  type OrderPlacement,
} from '@qahwa/checkout';
import {
  createCardPayments,
  eventIdFor,
  recordPaidOrder,
  type VerifiedPayment,
} from '@qahwa/checkout/payments';
import { type Db, recordAudit } from '@qahwa/db';
import { eventEnvelope, type Locale, type PaymentResolved } from '@qahwa/schema';
import type { AdminPaymentCompleteBody, AdminPaymentCompleted } from '@qahwa/schema/contracts';
import { isOpenCheckout } from '@qahwa/schema/payments';
import { orderConfirmationWorkflowId, paymentWorkflowId, startOrderConfirmation } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { cardCheckoutInput } from './card-checkout';
import {
  cardCheckoutLookup,
  closedError,
  type StaffActionContext,
  stripeUnavailable,
} from './staff-payment-checks';

export interface StaffCompletionDeps {
  db: Db;
  repos: Pick<Repositories, 'checkouts' | 'outbox'>;
  logger: Logger;
  stripe: Stripe | undefined;
  placement: OrderPlacement;
  temporal: Client;
  taskQueue: string;
}

/**
 * **Complete the order** of a flagged card payment with no order, or mark it resolved another
 * way (docs/payments.md "Staff actions"): each in one transaction under the checkout's row lock;
 * a repeat answers what was done (`already: true`).
 */
export function createStaffCompletion({
  db,
  repos,
  logger,
  stripe,
  placement,
  temporal,
  taskQueue,
}: StaffCompletionDeps) {
  const { checkouts, outbox } = repos;
  const cardCheckoutOf = cardCheckoutLookup({ db, repos });

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
      const event: PaymentResolved = eventEnvelope(
        'PaymentResolved',
        { checkoutId: checkout.id, provider: 'STRIPE', paymentId, resolution: 'resolved_by_staff' },
        {
          id: eventIdFor(`PaymentResolved:${paymentId}`),
          occurredAt: new Date().toISOString(),
          requestId: ctx.requestId,
        },
      );
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
    if (!stripe) throw stripeUnavailable(locale);
    const { retrievePayment } = createCardPayments({ db, logger, stripe });
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
      throw stripeUnavailable(locale);
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
      await startOrderConfirmation(
        temporal,
        { orderId, workflowId: orderConfirmationWorkflowId(paymentWorkflowId(paymentId)), taskQueue },
        { startTimeoutMs: 3000 },
      );
    } catch (err) {
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

  return complete;
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
