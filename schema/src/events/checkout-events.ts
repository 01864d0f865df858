import { z } from 'zod';
import { PayLaterOutcome } from '../payments/pay-later';
import { PAYMENT_PROVIDERS } from '../reference/constants';
import { envelope, FilsAmount } from './envelope';

export const CheckoutStarted = envelope(
  'CheckoutStarted',
  z.object({
    checkoutId: z.string(),
    email: z.string().optional(),
    cartValueFils: FilsAmount,
    itemCount: z.number().int().nonnegative(),
  }),
).meta({ id: 'CheckoutStartedEvent' });
export type CheckoutStarted = z.infer<typeof CheckoutStarted>;

export const PaymentSucceeded = envelope(
  'PaymentSucceeded',
  z.object({
    checkoutId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    paymentId: z.string(),
    amountFils: FilsAmount,
    currency: z.string().optional(),
    /** card or wallet (Stripe), pay_later (Tabby). */
    method: z.string().optional(),
    /** The order the payment made; absent when it needs attention instead. */
    orderId: z.string().optional(),
    /** Money was taken but no order made (amount or currency mismatch, stock gone): staff must act. */
    needsAttention: z.boolean().optional(),
    attentionReason: z.string().optional(),
  }),
).meta({ id: 'PaymentSucceededEvent' });
export type PaymentSucceeded = z.infer<typeof PaymentSucceeded>;

export const PaymentFailed = envelope(
  'PaymentFailed',
  z.object({
    checkoutId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    paymentId: z.string().optional(),
    /** The provider's code, e.g. card_declined. */
    reason: z.string(),
    /** The text the shopper saw. */
    message: z.string().optional(),
    amountFils: FilsAmount.optional(),
    currency: z.string().optional(),
    method: z.string().optional(),
  }),
).meta({ id: 'PaymentFailedEvent' });
export type PaymentFailed = z.infer<typeof PaymentFailed>;

export const TabbyApproved = envelope(
  'TabbyApproved',
  z.object({ checkoutId: z.string(), paymentId: z.string(), amountFils: FilsAmount }),
).meta({ id: 'TabbyApprovedEvent' });
export type TabbyApproved = z.infer<typeof TabbyApproved>;

/** Every pay-later refusal carries its SPEC 8 outcome. */
export const TabbyRejected = envelope(
  'TabbyRejected',
  z.object({
    checkoutId: z.string(),
    paymentId: z.string().optional(),
    outcome: PayLaterOutcome,
    /** What the session asked for, so the payments read model can show it. */
    amountFils: FilsAmount.optional(),
  }),
).meta({ id: 'TabbyRejectedEvent' });
export type TabbyRejected = z.infer<typeof TabbyRejected>;

/**
 * Money went back on a payment (docs/payments.md "Refunds and disputes"): Stripe's
 * `charge.refunded`, a refund the store asked for (a staff refund, a cancelled order's), or
 * Stripe's own answer when a checkout found its charge refunded. `refundedFils` is the running
 * total the writer knew, so copies and any arrival order give the same row (the read model keeps
 * the largest).
 */
export const PaymentRefunded = envelope(
  'PaymentRefunded',
  z.object({
    checkoutId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    paymentId: z.string(),
    /** What the payment took. */
    amountFils: FilsAmount,
    /** What has gone back so far, all refunds together. */
    refundedFils: FilsAmount,
    currency: z.string().optional(),
    method: z.string().optional(),
    orderId: z.string().optional(),
    /** The provider's refund (re_…), when one refund is meant. */
    refundId: z.string().optional(),
  }),
).meta({ id: 'PaymentRefundedEvent' });
export type PaymentRefunded = z.infer<typeof PaymentRefunded>;

/** The cardholder disputed the payment with their bank (Stripe's `charge.dispute.created`): staff must answer it. */
export const PaymentDisputed = envelope(
  'PaymentDisputed',
  z.object({
    checkoutId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    paymentId: z.string(),
    disputeId: z.string(),
    /** What the cardholder disputed. */
    amountFils: FilsAmount,
    currency: z.string().optional(),
    /** Stripe's reason: fraudulent, product_not_received, … */
    reason: z.string(),
    orderId: z.string().optional(),
  }),
).meta({ id: 'PaymentDisputedEvent' });
export type PaymentDisputed = z.infer<typeof PaymentDisputed>;

/**
 * Staff settled a flagged payment without an order from the store and kept the money (they filled
 * it another way); the payment no longer needs attention. Why is in the audit log.
 */
export const PaymentResolved = envelope(
  'PaymentResolved',
  z.object({
    checkoutId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    paymentId: z.string(),
    resolution: z.enum(['resolved_by_staff']),
  }),
).meta({ id: 'PaymentResolvedEvent' });
export type PaymentResolved = z.infer<typeof PaymentResolved>;

/**
 * The payment aggregate's events (card and pay later), by type: everything published under
 * `commerce.payment.*`, for a consumer of that subject to parse (the payments projection).
 */
export const PAYMENT_EVENTS = {
  PaymentSucceeded,
  PaymentFailed,
  PaymentRefunded,
  PaymentDisputed,
  PaymentResolved,
  TabbyApproved,
  TabbyRejected,
};
export type PaymentEvent = z.infer<(typeof PAYMENT_EVENTS)[keyof typeof PAYMENT_EVENTS]>;
