import { CHECKOUT_FAILURE } from '@qahwa/checkout';
import {
  type Locale,
  localize,
  PAY_LATER_PROVIDER_NAME,
  PAYMENT_MESSAGES,
  type PayLaterStatusResponse,
  payLaterOutcomeMessage,
} from '@qahwa/schema';
import type { PayLaterState } from '@qahwa/workflows';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

const FAILURE_DETAILS = (details: unknown) =>
  (typeof details === 'object' && details !== null ? details : {}) as {
    productName?: string;
    productNameAr?: string;
    available?: number;
  };

/**
 * A checkout that ended before any workflow could run for it: refused at pre-scoring (`rejected`)
 * or accepted by Tabby but not kept (`failed`: the coupon's last use went elsewhere, or the cap).
 * Only when no run exists: a run's own ending is the run's to report.
 */
export const neverRan = (status: string) => status === 'rejected' || status === 'failed';

/** The contract's answer for a state, with the SPEC 8 sentence in the shopper's language. */
export function payLaterAnswer(state: PayLaterState, locale: Locale): PayLaterStatusResponse {
  switch (state.status) {
    case 'pending':
      return { status: 'pending' };
    case 'approved':
      return {
        status: 'approved',
        // Nothing about the customer record (whether the e-mail bought before): anyone who has
        // the payment id may ask, as with the order answer (docs/checkout.md "The order answer").
        ...(state.orderId ? { orderId: state.orderId, orderNumber: state.orderId } : {}),
      };
    case 'cancelled':
      return {
        status: 'cancelled',
        reason: 'cancelled',
        message: payLaterOutcomeMessage('cancelled', locale),
      };
    case 'rejected':
      return {
        status: 'rejected',
        reason: state.reason ?? 'rejected',
        message: payLaterOutcomeMessage(
          state.reason === 'not_available'
            ? 'not_available'
            : state.reason === 'order_amount_too_high'
              ? 'amount_too_high'
              : state.reason === 'order_amount_too_low'
                ? 'amount_too_low'
                : 'rejected',
          locale,
        ),
      };
    case 'expired':
      return { status: 'expired', reason: 'expired', message: payLaterOutcomeMessage('failed', locale) };
    case 'failed':
      return { status: 'failed', reason: state.reason ?? 'rejected', message: failedMessage(state, locale) };
  }
}

/**
 * An authorised payment that could not become an order (docs/pay-later.md): the reason the
 * shopper can act on (stock, an item gone, the coupon) and that Tabby took no money.
 */
function failedMessage(state: PayLaterState, locale: Locale): string {
  const d = FAILURE_DETAILS(state.failure?.details);
  const notCharged = t('payLaterNotCharged', locale, { provider: PAY_LATER_PROVIDER_NAME[locale] });
  switch (state.failure?.code) {
    case CHECKOUT_FAILURE.outOfStock:
      return `${t('outOfStock', locale, {
        available: d.available ?? 0,
        name: (locale === 'ar' ? d.productNameAr : d.productName) ?? '',
      })} ${notCharged}`;
    case CHECKOUT_FAILURE.itemUnavailable:
      return `${t('itemUnavailable', locale)} ${notCharged}`;
    case CHECKOUT_FAILURE.couponRefused:
      return `${t('payLaterCouponGone', locale)} ${notCharged}`;
    default:
      return payLaterOutcomeMessage('failed', locale);
  }
}

/** SPEC 8 / docs/domain-decisions.md: 'Failed to create Tabby payment session'. */
export function sessionFailedMessage(locale: Locale): string {
  return localize(PAYMENT_MESSAGES['payment.payLaterSessionFailed'], locale, {
    provider: PAY_LATER_PROVIDER_NAME[locale],
  });
}

export const payLaterUnavailable = (locale: Locale) =>
  new HttpError(503, 'CHECKOUT_UNAVAILABLE', t('checkoutUnavailable', locale), {}, { 'retry-after': '15' });
