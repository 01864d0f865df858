import {
  CHECKOUT_FAILURE,
  type CheckoutFailureDetails,
  type CheckoutPricing,
  CheckoutRefusal,
  priceCheckout,
} from '@qahwa/checkout';
import type { CheckoutRow, DbOrTx, OrderedCheckout } from '@qahwa/db';
import {
  type CheckoutClaim,
  type CheckoutToOrderInput,
  formatAed,
  isCityOf,
  type Locale,
  ORDER_ID_HEADER,
  toAed,
} from '@qahwa/schema';
import { isOpenCheckout } from '@qahwa/schema/payments';
import type { ApplicationFailure } from '@temporalio/client';
import { couponRefusedError, outOfStockError, variationMismatchError } from '../checkout/refusals';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/** Stripe's smallest charge in AED, in fils (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
export const STRIPE_MIN_AED_FILS = 200;

/**
 * The server's price of a card checkout before the intent is made (the same `priceCheckout` as
 * every order): what Stripe is asked to charge. Refuses, in the shopper's language, what would
 * refuse the order anyway, so no one pays for an order that cannot be made. `checkoutId`: the
 * checkout being repriced (its intent is updated), whose own held stock is its to keep.
 */
export async function quoteCheckout(
  db: DbOrTx,
  claim: CheckoutClaim,
  locale: Locale,
  checkoutId?: string,
): Promise<CheckoutPricing> {
  if (!isCityOf(claim.shippingInfo.emirate, claim.shippingInfo.city)) {
    throw new HttpError(422, 'INVALID_ADDRESS', t('invalidAddress', locale));
  }
  // Before any intent or session exists: a line of another product's variation is refused here
  // exactly as the order would refuse it.
  const priced = await priceCheckout(db, {
    items: claim.items,
    city: claim.shippingInfo.city,
    couponCode: claim.appliedCoupon?.code ?? null,
    ...(checkoutId ? { checkoutId } : {}),
  }).catch((err: unknown) => {
    if (err instanceof CheckoutRefusal && err.type === CHECKOUT_FAILURE.variationMismatch) {
      throw variationMismatchError((err.details?.[0] ?? {}) as CheckoutFailureDetails, locale);
    }
    throw err;
  });
  if (priced.missing.length > 0 || priced.lines.some((l) => !l.isActive)) {
    throw new HttpError(409, 'ITEM_UNAVAILABLE', t('itemUnavailable', locale));
  }
  const short = priced.lines.find((l) => l.quantity > l.stock);
  if (short) {
    const name = locale === 'ar' ? short.nameAr : short.name;
    throw outOfStockError(short.stock, name, locale);
  }
  // "Not usable", as the validate route tells anyone: no door says more than another.
  if (priced.coupon.status === 'refused') throw couponRefusedError(priced.coupon.refusal, locale);
  if (priced.totalFils < STRIPE_MIN_AED_FILS) {
    throw new HttpError(422, 'PAYMENT_TOO_SMALL', t('paymentTooSmall', locale));
  }
  return priced;
}

/**
 * The checkoutToOrder input of a checkout the server kept before the shopper paid (card, wallet,
 * pay later), built only from what it stored — never from the browser's order request, its return
 * or a webhook's body — so whoever starts the workflow starts the very same run with the very same
 * input.
 */
export function storedCheckoutInput(
  row: CheckoutRow,
  payment: { paymentIntentId?: string; paymentProvider: 'STRIPE' | 'TABBY' },
): CheckoutToOrderInput {
  const claim = row.request as CheckoutClaim;
  return {
    checkoutId: row.id,
    requestId: row.requestId ?? row.id,
    order: {
      customerInfo: claim.customerInfo,
      shippingInfo: claim.shippingInfo,
      items: claim.items,
      subtotal: claim.subtotal,
      tax: claim.tax ?? 0,
      shippingCost: claim.shippingCost,
      discount: claim.discount ?? 0,
      appliedCoupon: claim.appliedCoupon ?? null,
      locale: row.locale === 'ar' ? 'ar' : 'en',
      totalAmount: toAed(row.totalFils),
      ...payment,
    },
  };
}

/** A card checkout's input: the intent kept with the checkout is the payment. */
export function cardCheckoutInput(row: CheckoutRow): CheckoutToOrderInput {
  return storedCheckoutInput(row, { paymentIntentId: row.providerPaymentId!, paymentProvider: 'STRIPE' });
}

/**
 * Why a card checkout in a final state makes no order, in the shopper's words (docs/payments.md
 * "Checkout states"); null while a run may still make it (open, needs attention) or when it made
 * one (`ordered`: the caller answers with that order). A card checkout fails only by a dispute.
 */
export function closedCheckoutError(status: string, locale: Locale): HttpError | null {
  if (isOpenCheckout(status) || status === 'ordered') return null;
  if (status === 'refunded') return new HttpError(409, 'PAYMENT_REFUNDED', t('paymentRefunded', locale));
  if (status === 'failed') return new HttpError(409, 'PAYMENT_DISPUTED', t('paymentDisputed', locale));
  return new HttpError(409, 'CHECKOUT_CLOSED', t('checkoutClosed', locale));
}

/**
 * The cart (its checkout key) was already paid for and ordered: the payment step gets no form to
 * pay again with, and is told which order it was (docs/payments.md "One checkout, one payment").
 */
export function alreadyOrderedError(orderId: string, locale: Locale): HttpError {
  return new HttpError(
    409,
    'ALREADY_ORDERED',
    t('alreadyOrdered', locale, { orderId }),
    {},
    {
      [ORDER_ID_HEADER]: orderId,
    },
  );
}

/**
 * The checkoutToOrder input for the shopper's POST /api/orders {paymentIntentId}: the checkout
 * stored with that intent. An unknown intent is PAYMENT_NOT_FOUND; a checkout refunded, disputed
 * or resolved by staff is refused here and never starts a run again (`closedCheckoutError`); an
 * ordered one goes on, and the caller answers with its order.
 */
export async function cardCheckoutFor(
  checkouts: {
    byPaymentId(id: string): Promise<CheckoutRow | null>;
    orderedWithKey(key: string): Promise<OrderedCheckout | null>;
  },
  paymentIntentId: string | undefined,
  locale: Locale,
): Promise<{ input: CheckoutToOrderInput; ordered: boolean }> {
  const row = paymentIntentId ? await checkouts.byPaymentId(paymentIntentId) : null;
  if (row?.provider !== 'STRIPE') {
    throw new HttpError(422, 'PAYMENT_NOT_FOUND', t('paymentNotFound', locale));
  }
  const closed = closedCheckoutError(row.status, locale);
  if (closed) {
    // A second payment of a cart already ordered, given back: the shopper has their order, so
    // not "please place a new order" (docs/payments.md "One checkout, one payment").
    const ordered =
      row.status === 'refunded' && row.checkoutKey ? await checkouts.orderedWithKey(row.checkoutKey) : null;
    if (ordered && ordered.checkoutId !== row.id) throw duplicatePaymentError(ordered.orderId, locale);
    throw closed;
  }
  return { input: cardCheckoutInput(row), ordered: row.status === 'ordered' };
}

/** A second payment for a cart already ordered (`orderId`): refused, and refunded in full. */
export function duplicatePaymentError(orderId: string, locale: Locale): HttpError {
  return new HttpError(
    409,
    'PAYMENT_DUPLICATE_REFUNDED',
    t('paymentDuplicateRefunded', locale, { orderId }),
    {},
    orderId ? { [ORDER_ID_HEADER]: orderId } : {},
  );
}

/**
 * What the shopper hears when a card checkout fails. Unless the payment itself did not complete,
 * was given back or disputed, or the checkout was closed, the money was taken and the payment is
 * marked for staff: the shopper is told so, not asked to pay again.
 */
export function cardFailureError(
  failure: Pick<ApplicationFailure, 'type' | 'details'> | CheckoutRefusal,
  locale: Locale,
): HttpError {
  switch (failure.type) {
    case CHECKOUT_FAILURE.paymentNotCompleted:
      return new HttpError(409, 'PAYMENT_NOT_COMPLETED', t('paymentNotCompleted', locale));
    case CHECKOUT_FAILURE.paymentNotFound:
      return new HttpError(422, 'PAYMENT_NOT_FOUND', t('paymentNotFound', locale));
    case CHECKOUT_FAILURE.paymentMismatch:
      return new HttpError(409, 'PAYMENT_NEEDS_ATTENTION', t('paymentMismatch', locale));
    case CHECKOUT_FAILURE.paymentRefunded:
      return new HttpError(409, 'PAYMENT_REFUNDED', t('paymentRefunded', locale));
    case CHECKOUT_FAILURE.paymentDisputed:
      return new HttpError(409, 'PAYMENT_DISPUTED', t('paymentDisputed', locale));
    case CHECKOUT_FAILURE.duplicatePayment: {
      // The cart was already ordered through another payment: this one is refunded in full.
      const details = failure.details?.[0] as CheckoutFailureDetails | undefined;
      return duplicatePaymentError(details?.existingOrderId ?? '', locale);
    }
    case CHECKOUT_FAILURE.checkoutClosed: {
      // Closed while this run was placing the order (a staff refund won): say how.
      const status = (failure.details?.[0] as CheckoutFailureDetails | undefined)?.checkoutStatus ?? '';
      return (
        closedCheckoutError(status, locale) ??
        new HttpError(409, 'CHECKOUT_CLOSED', t('checkoutClosed', locale))
      );
    }
    default:
      return new HttpError(409, 'PAYMENT_NEEDS_ATTENTION', t('paymentAttention', locale));
  }
}

/**
 * What the shopper hears when a paid order could not be made and the payment went back in full
 * at once (docs/payments.md "Paid, but no order"): the reason and the amount refunded. A refusal
 * with words of its own (a second payment of a cart already ordered) keeps them.
 */
export function unfilledRefundedError(
  refusal: Pick<ApplicationFailure, 'type' | 'details'> | CheckoutRefusal,
  amountFils: number,
  locale: Locale,
): HttpError {
  const amount = formatAed(amountFils, locale);
  if (refusal.type === CHECKOUT_FAILURE.outOfStock) {
    const details = (refusal.details?.[0] ?? {}) as CheckoutFailureDetails;
    const name = (locale === 'ar' ? details.productNameAr : details.productName) ?? '';
    if (name)
      return new HttpError(
        409,
        'ORDER_NOT_PLACED_REFUNDED',
        t('paidSoldOutRefunded', locale, { name, amount }),
      );
  }
  const own = cardFailureError(refusal, locale);
  if (own.code !== 'PAYMENT_NEEDS_ATTENTION') return own;
  return new HttpError(409, 'ORDER_NOT_PLACED_REFUNDED', t('paidNotPlacedRefunded', locale, { amount }));
}
