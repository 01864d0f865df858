import {
  createCheckoutsRepository,
  createOrdersRepository,
  createOutboxRepository,
  type Db,
  type DbOrTx,
  eq,
  sql,
  tables,
} from '@qahwa/db';
import { isOpenCheckout } from '@qahwa/schema/payments';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { paymentRefundedEvent } from './stripe-events';

/** Stripe said no to a refund (already refunded, disputed, unknown intent): retrying cannot help. */
export class RefundRefusedError extends Error {
  override readonly name = 'RefundRefusedError';
  constructor(
    message: string,
    /** Stripe's error code (charge_already_refunded, charge_disputed, …), when it gave one. */
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * THE card refund, for a cancelled order (`refundOrder`), a paid checkout staff refund from the
 * payments screen, and a paid checkout no order could be made of (`refundUnfilled`): Stripe
 * refunds the intent under our idempotency key, so a retry (a worker killed mid-call, a double
 * click) answers the first refund instead of making a second. Without `amountFils`, Stripe refunds
 * what is left of the charge — which is also why a retry after Stripe forgot the key (24 h) gives
 * nothing twice: nothing is left, and Stripe answers `charge_already_refunded`. A refusal is a
 * RefundRefusedError; a network or Stripe outage is thrown as it is (retry it, same key).
 */
export async function refundCard(
  stripe: Stripe,
  input: {
    paymentIntentId: string;
    amountFils?: number;
    reference: string;
    metadata: Record<string, string>;
  },
  options: { timeout?: number; maxNetworkRetries?: number } = {},
): Promise<Stripe.Refund> {
  try {
    return await stripe.refunds.create(
      {
        payment_intent: input.paymentIntentId,
        ...(input.amountFils !== undefined ? { amount: input.amountFils } : {}),
        reason: 'requested_by_customer',
        metadata: input.metadata,
      },
      { idempotencyKey: input.reference, ...options },
    );
  } catch (err) {
    const e = err as { type?: string; code?: string; message?: string };
    // 4xx other than rate limiting is Stripe's "no" (already refunded, unknown intent): retrying cannot help.
    if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') {
      throw new RefundRefusedError(`Stripe: ${e.message ?? 'refund refused'}`, e.code);
    }
    throw err;
  }
}

/**
 * A refund holds the checkout's row lock while Stripe answers (so the order's transaction and a
 * second attempt wait and then see the outcome): the call is bounded well inside the database's
 * idle-in-transaction limit (30 s).
 */
export const REFUND_CALL = { timeout: 8_000, maxNetworkRetries: 1 } as const;

/**
 * Gives back what is left of a paid checkout's charge and closes the checkout, inside the caller's
 * transaction (which holds the checkout's row lock): the `refunds` row (named by `reference`, the
 * idempotency key), Stripe's refund, the checkout `refunded`, and PaymentRefunded for the read
 * model. Money already back another way (`charge_already_refunded`) closes it the same with no
 * refund of ours. Any other refusal is thrown (RefundRefusedError), an outage too; the caller's
 * transaction then rolls back and nothing is recorded. Staff's Refund and the automatic refund.
 */
export async function refundCheckoutCharge(
  tx: DbOrTx,
  stripe: Stripe,
  input: {
    checkoutId: string;
    paymentId: string;
    charge: Stripe.Charge;
    reference: string;
    reason: string;
    /** What Stripe keeps with the refund (`reason: no_order`, the refusal). */
    metadata: Record<string, string>;
    requestId?: string | undefined;
  },
): Promise<{ refundId: string | null }> {
  const { checkoutId, paymentId, charge, reference } = input;
  const r = tables.refunds;
  const left = charge.amount - charge.amount_refunded;
  let refundId: string | null = null;
  if (left > 0) {
    await tx
      .insert(r)
      .values({
        orderId: null,
        checkoutId,
        paymentId,
        provider: 'STRIPE',
        amountFils: left,
        reference,
        reason: input.reason,
      })
      .onConflictDoUpdate({
        target: r.reference,
        set: { amountFils: left, status: 'requested', lastError: null, updatedAt: sql`now()` },
      });
    try {
      const made = await refundCard(
        stripe,
        { paymentIntentId: paymentId, reference, metadata: { checkoutId, ...input.metadata } },
        REFUND_CALL,
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
      if (!(err instanceof RefundRefusedError && err.code === 'charge_already_refunded')) throw err;
      // Given back meanwhile (Stripe's dashboard, an earlier attempt whose key Stripe forgot):
      // nothing is owed, the checkout closes below.
      await tx.delete(r).where(eq(r.reference, reference));
    }
  }
  await createCheckoutsRepository(tx).close(checkoutId, 'refunded', tx);
  await createOutboxRepository(tx).append(
    paymentRefundedEvent({
      // Wholly refunded: the same event as Stripe's last charge.refunded for this charge.
      key: `${charge.id}:${charge.amount}`,
      checkoutId,
      paymentId,
      amountFils: charge.amount,
      refundedFils: charge.amount,
      currency: charge.currency,
      method: charge.payment_method_details?.card?.wallet ? 'wallet' : 'card',
      refundId: refundId ?? undefined,
      requestId: input.requestId,
    }),
    tx,
  );
  return { refundId };
}

/** The idempotency key of the automatic refund of a payment no order could be made of. */
export const autoRefundReferenceOf = (paymentIntentId: string) => `auto-refund-${paymentIntentId}`;

/** What the card path's payment operations work with: the database, the log and Stripe. */
export interface CardPaymentsDeps {
  db: Db;
  logger: Logger;
  stripe?: Stripe | undefined;
}

/** What came of `refundUnfilled`. */
export type UnfilledOutcome =
  /** The payment went back in full; the checkout is closed `refunded`. */
  | 'refunded'
  /** An order exists for it after all (another attempt made it first): nothing was refunded. */
  | 'ordered'
  /** Already closed (refunded, disputed, settled by staff): nothing to do. */
  | 'closed'
  /** Disputed at the bank: staff answer it in Stripe's dashboard; no refund from here. */
  | 'disputed'
  /** Stripe has no successful charge for it, or no checkout of ours: nothing to give back. */
  | 'nothing';

/**
 * A payment that succeeded but can never be an order (stock gone, a coupon used up, the amount not
 * the server's total, a second payment for a checkout already paid): given back in full at once,
 * with no hand work in Stripe's dashboard (docs/payments.md "Paid, but no order"). Under the
 * checkout's row lock — the lock the order's transaction takes to mark it ordered — so an order and
 * this refund never both happen: whichever commits first decides. Idempotent: the refund is named
 * by the payment (`auto-refund-<pi>`), a repeat finds the checkout closed. Stripe unreachable: thrown
 * (the caller leaves the payment flagged for staff, and a retry — Temporal's, Stripe's next webhook
 * delivery — refunds it).
 */
export function createUnfilledRefund(deps: CardPaymentsDeps) {
  const { db, logger, stripe } = deps;
  const checkouts = createCheckoutsRepository(db);
  const orders = createOrdersRepository(db);

  return async function refundUnfilled(input: {
    requestId: string;
    paymentIntentId: string;
    reason: string;
  }): Promise<UnfilledOutcome> {
    if (!stripe) throw new Error('this process has no Stripe client (STRIPE_* settings)');
    const paymentId = input.paymentIntentId;
    const intent = await stripe.paymentIntents.retrieve(
      paymentId,
      { expand: ['latest_charge'] },
      REFUND_CALL,
    );
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    if (intent.status !== 'succeeded' || !charge) return 'nothing';
    if (charge.disputed) return 'disputed';
    const outcome = await db.transaction(async (tx): Promise<UnfilledOutcome> => {
      const checkout = await checkouts.lockByPaymentId(paymentId, tx);
      if (!checkout) return 'nothing';
      if (!isOpenCheckout(checkout.status)) return checkout.status === 'ordered' ? 'ordered' : 'closed';
      if (await orders.findByCheckoutId(checkout.id, tx)) return 'ordered';
      await refundCheckoutCharge(tx, stripe, {
        checkoutId: checkout.id,
        paymentId,
        charge,
        reference: autoRefundReferenceOf(paymentId),
        reason: `automatic: ${input.reason}`,
        metadata: { reason: 'no_order', refusal: input.reason.slice(0, 200) },
        requestId: input.requestId,
      });
      return 'refunded';
    });
    logger.warn(
      { requestId: input.requestId, paymentIntentId: paymentId, amountFils: charge.amount, outcome },
      'paid, but no order could be made: automatic refund',
    );
    return outcome;
  };
}
