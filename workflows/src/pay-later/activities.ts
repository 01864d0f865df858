import type { SettlePayment } from '@qahwa/checkout';
import {
  eventIdFor,
  isTabbyError,
  type TabbyClient,
  type TabbyPayment,
  type TabbyPaymentStatus,
  type VerifiedPayment,
} from '@qahwa/checkout/payments';
import {
  createCheckoutsRepository,
  createOutboxRepository,
  createPromotionsRepository,
  type Db,
} from '@qahwa/db';
import {
  type CheckoutToOrderInput,
  type CheckoutToOrderResult,
  eventEnvelope,
  type PayLaterOutcome,
  type PaymentSucceeded,
  type TabbyApproved,
  type TabbyRejected,
} from '@qahwa/schema';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import type { PlaceOrder } from '../checkout/activities';

/** Business failures of pay later (non-retryable ApplicationFailure types). */
export const PAY_LATER_FAILURE = {
  /** Tabby does not know the payment (a forged or mistyped id). */
  paymentNotFound: 'PAY_LATER_PAYMENT_NOT_FOUND',
  /** Tabby refused the capture and holds no capture of ours: no money was taken. */
  notCaptured: 'PAY_LATER_NOT_CAPTURED',
} as const;

/** What the workflow needs of Tabby's payment: the truth it acts on (never a webhook's copy). */
export interface PayLaterPaymentView {
  id: string;
  status: TabbyPaymentStatus;
  amountFils: number;
  currency: string;
  /** The reference ids of its captures: ours is the checkout id. */
  captureReferences: string[];
}

export interface PayLaterActivityDeps {
  db: Db;
  logger: Logger;
  tabby?: TabbyClient | undefined;
  /** THE order creation (checkout/activities.ts `placeOrder`), shared with cash on delivery and card. */
  placeOrder: PlaceOrder;
}

export interface EndPayLaterInput {
  checkoutId: string;
  paymentId: string;
  requestId: string;
  outcome: PayLaterOutcome;
  /** `checkouts.status` to leave: cancelled, rejected, expired, failed. */
  checkoutStatus: string;
  amountFils?: number;
}

const viewOf = (p: TabbyPayment): PayLaterPaymentView => ({
  id: p.id,
  status: p.status,
  amountFils: p.amountFils,
  currency: p.currency,
  captureReferences: p.captures.map((c) => c.referenceId ?? ''),
});

/**
 * The pay-later workflow's activities (docs/pay-later.md). Thin: Tabby calls through the one
 * client, database writes through the repositories, the order through the shared `placeOrder`.
 */
export function createPayLaterActivities({ db, logger, tabby, placeOrder }: PayLaterActivityDeps) {
  const checkouts = createCheckoutsRepository(db);
  const client = () => {
    if (!tabby) throw new Error('this worker has no Tabby client (TABBY_* settings)');
    return tabby;
  };

  /** Tabby's word on the payment. Unknown: a business failure; an outage: Temporal retries. */
  async function readPayLaterPayment(paymentId: string): Promise<PayLaterPaymentView> {
    try {
      return viewOf(await client().getPayment(paymentId));
    } catch (err) {
      if (isTabbyError(err) && err.status === 404) {
        throw ApplicationFailure.nonRetryable(
          `Tabby has no payment ${paymentId}`,
          PAY_LATER_FAILURE.paymentNotFound,
        );
      }
      throw err;
    }
  }

  /**
   * Closes what was not captured (the shopper left, the provider's time ran out, the order could
   * not be made). A payment that cannot be closed (still CREATED, already final) is read again:
   * the answer is its status now, so a payment authorised at that very moment is not lost.
   */
  async function closePayLater(input: {
    paymentId: string;
    requestId: string;
  }): Promise<PayLaterPaymentView> {
    const log = logger.child({ requestId: input.requestId, paymentId: input.paymentId });
    try {
      const closed = viewOf(await client().close(input.paymentId));
      log.info({ status: closed.status }, 'pay-later payment closed');
      return closed;
    } catch (err) {
      if (isTabbyError(err) && !err.retryable) {
        const now = await readPayLaterPayment(input.paymentId);
        log.info({ status: now.status, closeStatus: err.status }, 'pay-later payment not closable; as it is');
        return now;
      }
      throw err;
    }
  }

  /**
   * The order of an authorised payment: the shared order creation (the same transaction as cash
   * on delivery and card: pricing, per-line stock taken last, coupon redeemed), and, after the
   * stock is taken and before the commit, Tabby's capture with the checkout id as `reference_id`.
   * A crash after the capture and before the commit rolls the order back; the retry makes it
   * again and the same reference replays the same capture, so one order and one capture. Stock
   * gone, a coupon used up, an amount that is not the server's total: no capture, no order.
   */
  async function placePayLaterOrder(
    input: CheckoutToOrderInput,
    payment: PayLaterPaymentView,
  ): Promise<CheckoutToOrderResult> {
    const verified: VerifiedPayment = {
      paymentIntentId: payment.id,
      status: payment.status,
      amountFils: payment.amountFils,
      currency: payment.currency.toLowerCase(),
      checkoutId: input.checkoutId,
      method: 'pay_later',
      provider: 'TABBY',
    };
    const settle: SettlePayment = async (tx, order) => {
      const log = logger.child({
        requestId: order.requestId,
        checkoutId: order.checkoutId,
        paymentId: payment.id,
      });
      const reference = order.checkoutId;
      try {
        await client().capture(payment.id, {
          amountFils: order.totalFils,
          referenceId: reference,
          taxFils: order.priced.taxFils,
          shippingFils: order.priced.shippingFils,
          discountFils: order.priced.discountFils,
          items: order.priced.lines.map((l) => ({
            referenceId: l.variationId,
            title: l.name,
            quantity: l.quantity,
            unitPriceFils: l.unitFils,
            category: 'coffee',
          })),
        });
      } catch (err) {
        if (!isTabbyError(err) || err.retryable) throw err;
        // 400 (not AUTHORIZED: a full capture closes it) or 409: ours already went through if
        // Tabby holds a capture with our reference (a retry after a crash); else nothing was taken.
        const now = await readPayLaterPayment(payment.id);
        if (!now.captureReferences.includes(reference)) {
          throw ApplicationFailure.nonRetryable(
            `Tabby refused the capture (${err.status}, payment ${now.status})`,
            PAY_LATER_FAILURE.notCaptured,
          );
        }
        log.info('capture already made by an earlier attempt (same reference_id)');
      }
      await createCheckoutsRepository(tx).mark(
        order.checkoutId,
        { status: 'ordered', orderId: order.orderId },
        tx,
      );
      const outbox = createOutboxRepository(tx);
      const occurredAt = new Date().toISOString();
      const succeeded: PaymentSucceeded = eventEnvelope(
        'PaymentSucceeded',
        {
          checkoutId: order.checkoutId,
          provider: 'TABBY',
          paymentId: payment.id,
          amountFils: order.totalFils,
          currency: 'AED',
          method: 'pay_later',
          orderId: order.orderId,
        },
        { id: eventIdFor(`PaymentSucceeded:${payment.id}`), occurredAt, requestId: order.requestId },
      );
      const approved: TabbyApproved = eventEnvelope(
        'TabbyApproved',
        { checkoutId: order.checkoutId, paymentId: payment.id, amountFils: order.totalFils },
        { id: eventIdFor(`TabbyApproved:${payment.id}`), occurredAt, requestId: order.requestId },
      );
      await outbox.append(succeeded, tx);
      await outbox.append(approved, tx);
      log.info({ orderId: order.orderId, totalFils: order.totalFils }, 'pay-later payment captured');
    };
    return placeOrder(input, verified, settle);
  }

  /**
   * Every ending without an order: the coupon use reserved at the session goes back, the
   * checkout keeps its outcome, and TabbyRejected (with the SPEC 8 outcome) goes out once.
   * Stock was never held (it is taken only in the order's transaction), so none is returned.
   */
  async function endPayLater(input: EndPayLaterInput): Promise<void> {
    const log = logger.child({
      requestId: input.requestId,
      checkoutId: input.checkoutId,
      paymentId: input.paymentId,
    });
    await db.transaction(async (tx) => {
      const released = await createPromotionsRepository(tx).release(input.checkoutId);
      await checkouts.mark(input.checkoutId, { status: input.checkoutStatus }, tx);
      const event: TabbyRejected = eventEnvelope(
        'TabbyRejected',
        {
          checkoutId: input.checkoutId,
          paymentId: input.paymentId,
          outcome: input.outcome,
          ...(input.amountFils !== undefined ? { amountFils: input.amountFils } : {}),
        },
        {
          id: eventIdFor(`TabbyRejected:${input.paymentId}`),
          occurredAt: new Date().toISOString(),
          requestId: input.requestId,
        },
      );
      await createOutboxRepository(tx).append(event, tx);
      log.info(
        { outcome: input.outcome, releasedCoupons: released },
        'pay-later checkout ended without an order',
      );
    });
  }

  return { readPayLaterPayment, closePayLater, placePayLaterOrder, endPayLater };
}
