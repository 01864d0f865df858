import { CHECKOUT_FAILURE } from '@qahwa/checkout/errors';
import type { CheckoutToOrderInput, PayLaterOutcome } from '@qahwa/schema';
import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  defineQuery,
  defineSignal,
  log,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { confirmOrder } from '../order-confirmation/workflow';
import { SA } from '../search-attributes';
import type { PayLaterPaymentView } from './activities';

/** The shopper's way back from Tabby's page (merchant_urls: success, cancel, failure). */
export type PayLaterReturn = 'success' | 'cancel' | 'failure';

/** What the shopper is told: `pending` until the workflow knows. */
export type PayLaterStatus = 'pending' | 'approved' | 'cancelled' | 'rejected' | 'expired' | 'failed';
export type PayLaterReason =
  | 'cancelled'
  | 'rejected'
  | 'not_available'
  | 'order_amount_too_high'
  | 'order_amount_too_low'
  | 'expired';

export interface PayLaterState {
  status: PayLaterStatus;
  orderId?: string;
  isNewCustomer?: boolean;
  reason?: PayLaterReason;
  /** Why no order could be made of an authorised payment (stock, coupon…): a CHECKOUT_FAILURE code. */
  failure?: { code: string; details?: unknown };
}

export interface PayLaterTiming {
  /** Growing waits between looks at the payment when no news comes. */
  pollMs: number[];
  /** After this long without a final answer the payment is closed: Tabby's own expiry (~30 min). */
  expiryMs: number;
}

export const PAY_LATER_TIMING: PayLaterTiming = {
  pollMs: [10_000, 30_000, 60_000, 120_000, 300_000],
  expiryMs: 30 * 60_000,
};

export interface PayLaterInput {
  /** The order to make, built from what the gateway stored at the session (never the browser's return). */
  checkout: CheckoutToOrderInput;
  /** Tabby's payment id: the workflow id is `payLaterWorkflowId(paymentId)` (../workflow-ids.ts). */
  paymentId: string;
  /** What the session asked for (the read model shows it on refusals). */
  amountFils: number;
  timing?: Partial<PayLaterTiming>;
}

/** Tabby's webhook arrived (its body is not trusted: it only makes the workflow look). */
export const webhookReceivedSignal = defineSignal<[{ status?: string }]>('webhookReceived');
/** The shopper came back to the store (its result is not trusted either, except "I left"). */
export const shopperReturnedSignal = defineSignal<[{ result: PayLaterReturn }]>('shopperReturned');
export const payLaterStateQuery = defineQuery<PayLaterState>('payLaterState');

const reads = proxyActivities<Activities>({
  startToCloseTimeout: '20 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 30,
  },
});
/** The order's transaction with the capture: a local activity, as the other checkouts' orders. */
const local = proxyLocalActivities<Activities>({
  startToCloseTimeout: '40 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: 20,
    nonRetryableErrorTypes: Object.values(CHECKOUT_FAILURE),
  },
});

function businessFailureOf(err: unknown): ApplicationFailure | null {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && cause.nonRetryable ? cause : null;
}

/**
 * payLaterReconciliation (DESIGN.md, docs/pay-later.md): started with the Tabby session. It waits
 * for the webhook or the shopper's return, whichever comes first, and trusts neither: each only
 * makes it read the payment from Tabby, and it acts on what Tabby says. AUTHORIZED → the order
 * (the shared order creation, capture inside its transaction). REJECTED / EXPIRED → no order,
 * the coupon use back. With no news it looks again at growing intervals and, after Tabby's
 * expiry, closes the payment. A shopper who left Tabby's page (cancel, failure) while the payment
 * is still CREATED ends it: the payment is closed first, so it cannot be authorised afterwards.
 */
export async function payLaterReconciliation(input: PayLaterInput): Promise<PayLaterState> {
  const timing = { ...PAY_LATER_TIMING, ...input.timing };
  const { checkout, paymentId } = input;
  const requestId = checkout.requestId;
  let state: PayLaterState = { status: 'pending' };
  let news = 0;
  let returned: PayLaterReturn | null = null;
  setHandler(payLaterStateQuery, () => state);
  setHandler(webhookReceivedSignal, () => {
    news++;
  });
  setHandler(shopperReturnedSignal, ({ result }) => {
    news++;
    returned = result;
  });
  const began = Date.now();

  const end = async (
    status: Exclude<PayLaterStatus, 'pending' | 'approved'>,
    reason: PayLaterReason,
    outcome: PayLaterOutcome,
    failure?: PayLaterState['failure'],
    checkoutStatus: string = status,
  ): Promise<PayLaterState> => {
    await reads.endPayLater({
      checkoutId: checkout.checkoutId,
      paymentId,
      requestId,
      outcome,
      checkoutStatus,
      amountFils: input.amountFils,
    });
    state = { status, reason, ...(failure ? { failure } : {}) };
    log.info('pay-later checkout ended', { requestId, paymentId, status, reason });
    return state;
  };

  const settle = async (payment: PayLaterPaymentView): Promise<PayLaterState> => {
    try {
      const result = await local.placePayLaterOrder(checkout, payment);
      upsertSearchAttributes([{ key: SA.orderNumber, value: result.orderId }]);
      state = { status: 'approved', orderId: result.orderId, isNewCustomer: result.isNewCustomer };
      log.info('pay-later order placed', { requestId, paymentId, orderId: result.orderId });
      // The same confirmation as every other order (docs/email.md); it never fails the order.
      await confirmOrder(result.orderId);
      return state;
    } catch (err) {
      const failure = businessFailureOf(err);
      if (!failure) throw err;
      // No order. The capture is the transaction's last step, so normally nothing was taken:
      // close the authorisation. If Tabby holds our capture anyway (a retry found the order
      // impossible after an earlier attempt captured), staff must refund: the payment is marked.
      const now = await reads.closePayLater({ paymentId, requestId });
      const captured = now.captureReferences.includes(checkout.checkoutId);
      if (captured) {
        await reads.recordPaymentAttention({
          checkoutId: checkout.checkoutId,
          requestId,
          payment: {
            paymentIntentId: paymentId,
            status: now.status,
            amountFils: now.amountFils,
            currency: now.currency.toLowerCase(),
            checkoutId: checkout.checkoutId,
            method: 'pay_later',
            provider: 'TABBY',
          },
          reason: `${failure.type ?? 'FAILED'}: ${failure.message}`,
        });
      }
      return end(
        'failed',
        'rejected',
        'failed',
        { code: failure.type ?? 'FAILED', details: failure.details?.[0] },
        captured ? 'needs_attention' : 'failed',
      );
    }
  };

  for (let look = 0; ; look++) {
    const payment = await reads.readPayLaterPayment(paymentId);
    switch (payment.status) {
      case 'AUTHORIZED':
        return settle(payment);
      case 'CLOSED':
        // Closed with our capture: an earlier attempt took the money; the order follows (idempotent).
        if (payment.captureReferences.includes(checkout.checkoutId)) return settle(payment);
        return end('rejected', 'rejected', 'rejected');
      case 'REJECTED':
        return end('rejected', 'rejected', 'rejected');
      case 'EXPIRED':
        return end('expired', 'expired', 'failed');
      case 'CREATED':
        break;
    }
    if (returned === 'cancel' || returned === 'failure') {
      const now = await reads.closePayLater({ paymentId, requestId });
      // Authorised at that very moment: Tabby's truth wins, the order is made.
      if (now.status === 'AUTHORIZED') continue;
      return returned === 'cancel'
        ? end('cancelled', 'cancelled', 'cancelled')
        : end('rejected', 'rejected', 'rejected');
    }
    const elapsed = Date.now() - began;
    if (elapsed >= timing.expiryMs) {
      const now = await reads.closePayLater({ paymentId, requestId });
      if (now.status === 'AUTHORIZED') continue;
      return end('expired', 'expired', 'failed');
    }
    const wait = Math.min(
      timing.pollMs[Math.min(look, timing.pollMs.length - 1)] ?? 60_000,
      timing.expiryMs - elapsed,
    );
    const seen = news;
    await condition(() => news > seen, wait);
  }
}
