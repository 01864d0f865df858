import type { AuditActor, CheckoutRow, Db, DbOrTx } from '@qahwa/db';
import { eq, tables } from '@qahwa/db';
import type { Locale } from '@qahwa/schema';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';

/** Who acts, for which request, in which language: what every staff action on a payment carries. */
export interface StaffActionContext {
  actor: AuditActor;
  requestId: string;
  locale: Locale;
}

/** The payment is not one the read model knows. */
export const paymentNotFound = (locale: Locale) =>
  new HttpError(404, 'PAYMENT_RECORD_NOT_FOUND', t('adminPaymentNotFound', locale));

/** Stripe did not answer: nothing was changed, the staff member may try again. */
export const stripeUnavailable = (locale: Locale) =>
  new HttpError(
    503,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    t('adminStripeUnavailable', locale),
    {},
    {
      'retry-after': '5',
    },
  );

/** A checkout no longer open: why nothing can be done to it, in the staff member's words. */
export function closedError(checkout: CheckoutRow, locale: Locale): HttpError {
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

/**
 * The card checkout of a payment the read model knows; 404 / 409 otherwise. With `tx`, its row
 * is locked until the transaction ends.
 */
export function cardCheckoutLookup({ db, repos }: { db: Db; repos: Pick<Repositories, 'checkouts'> }) {
  const { checkouts } = repos;
  async function cardCheckoutOf(paymentId: string, locale: Locale, tx?: DbOrTx): Promise<CheckoutRow> {
    const [payment] = await (tx ?? db)
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.id, paymentId))
      .limit(1);
    const checkout = tx
      ? await checkouts.lockByPaymentId(paymentId, tx)
      : await checkouts.byPaymentId(paymentId);
    if (!payment && !checkout) throw paymentNotFound(locale);
    if (payment?.provider !== 'STRIPE' || checkout?.provider !== 'STRIPE') {
      throw new HttpError(409, 'PAYMENT_NOT_ACTIONABLE', t('adminPaymentNotActionable', locale));
    }
    return checkout;
  }

  return cardCheckoutOf;
}
