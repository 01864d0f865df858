import { REFUND_CALL, RefundRefusedError, refundCheckoutCharge } from '@qahwa/checkout/payments';
import { type Db, eq, recordAudit, tables } from '@qahwa/db';
import type { Locale } from '@qahwa/schema';
import type { AdminPaymentRefunded } from '@qahwa/schema/contracts';
import { isOpenCheckout } from '@qahwa/schema/payments';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import {
  cardCheckoutLookup,
  closedError,
  type StaffActionContext,
  stripeUnavailable,
} from './staff-payment-checks';

/**
 * The idempotency key of a staff refund, sent to Stripe: one payment, one refund, however often
 * it is asked (a double click, a retry after a timeout). Intent ids are Stripe's and never reused.
 */
export const staffRefundReferenceOf = (paymentIntentId: string) => `staff-refund-${paymentIntentId}`;

export interface StaffRefundDeps {
  db: Db;
  repos: Pick<Repositories, 'checkouts' | 'orders' | 'outbox'>;
  logger: Logger;
  stripe: Stripe | undefined;
}

/**
 * **Refund** of a flagged card payment with no order (docs/payments.md "Staff actions"), under
 * the checkout's row lock; a repeat answers what was done (`already: true`).
 */
export function createStaffRefund({ db, repos, logger, stripe }: StaffRefundDeps) {
  const { orders } = repos;
  const cardCheckoutOf = cardCheckoutLookup({ db, repos });

  /** Stripe's charge of the intent, read before any lock is taken. */
  async function paidCharge(paymentId: string, locale: Locale): Promise<Stripe.Charge> {
    if (!stripe) throw stripeUnavailable(locale);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] }, REFUND_CALL);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new HttpError(409, 'PAYMENT_NOT_PAID', t('adminPaymentNotPaid', locale));
      }
      throw stripeUnavailable(locale);
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
      let refundId: string | null = null;
      try {
        ({ refundId } = await refundCheckoutCharge(tx, stripe!, {
          checkoutId: checkout.id,
          paymentId,
          charge,
          reference,
          reason: note ?? 'no order was made of this payment',
          metadata: { reason: 'no_order' },
          requestId: ctx.requestId,
        }));
      } catch (err) {
        if (!(err instanceof RefundRefusedError)) {
          logger.error({ err, paymentId }, 'staff refund: Stripe unreachable; nothing recorded');
          throw stripeUnavailable(ctx.locale);
        }
        if (err.code === 'charge_disputed') {
          throw new HttpError(409, 'PAYMENT_DISPUTED', t('adminPaymentDisputed', ctx.locale));
        }
        logger.warn({ paymentId, reason: err.message }, 'staff refund refused by Stripe');
        throw new HttpError(
          409,
          'REFUND_REFUSED',
          t('adminRefundRefused', ctx.locale, { reason: err.message }),
        );
      }
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
        { paymentId, checkoutId: checkout.id, refundId, amountFils: charge.amount - charge.amount_refunded },
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

  return refund;
}
