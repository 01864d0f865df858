/**
 * Why a payment needs a member of staff (docs/payments-logs.md). The read model keeps
 * the reason as text (`attention_reason`, written by the payment flows and the workers' webhook
 * watch); this is the one place that sorts it into the kinds the payments screen shows.
 */
export const ATTENTION_KINDS = ['amount_mismatch', 'capture_failed', 'webhook_missing', 'disputed'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/**
 * The reason the workers' webhook watch writes: the provider took the money (or the order was made
 * from the shopper's return) and its webhook never reached the gateway within the threshold.
 */
export const WEBHOOK_MISSING_REASON = 'WEBHOOK_MISSING';

/** The reason the payments projection writes when the cardholder disputes a payment (`PAYMENT_DISPUTED: <Stripe's reason>`). */
export const DISPUTED_REASON = 'PAYMENT_DISPUTED';

/**
 * Reason prefixes by kind. `PAYMENT_MISMATCH` is the checkout's failure type when the provider's
 * amount or currency is not the server's total. Anything else a flow records (the provider took the
 * money and the order could not be made: stock gone, a coupon used up, Tabby holding our capture)
 * is `capture_failed`: captured, no order.
 */
export const ATTENTION_REASON_PREFIXES: Readonly<Record<Exclude<AttentionKind, 'capture_failed'>, string>> = {
  amount_mismatch: 'PAYMENT_MISMATCH',
  webhook_missing: WEBHOOK_MISSING_REASON,
  disputed: DISPUTED_REASON,
};

export function attentionKindOf(reason: string | null | undefined): AttentionKind {
  if (reason?.startsWith(ATTENTION_REASON_PREFIXES.amount_mismatch)) return 'amount_mismatch';
  if (reason?.startsWith(ATTENTION_REASON_PREFIXES.webhook_missing)) return 'webhook_missing';
  if (reason?.startsWith(ATTENTION_REASON_PREFIXES.disputed)) return 'disputed';
  return 'capture_failed';
}

/** The payment methods of the read model, as the flows write them. */
export const PAYMENT_RECORD_METHODS = ['card', 'wallet', 'pay_later', 'cod'] as const;
export type PaymentRecordMethod = (typeof PAYMENT_RECORD_METHODS)[number];

/**
 * `payments.status` as the flows write it: card and wallet succeeded/failed (and Stripe's pending
 * or processing), then refunded, partially_refunded or disputed (docs/payments.md), cash on
 * delivery pending/collected/cancelled, and each pay-later outcome. The payments screen and the
 * order page label each (admin messages `Payments.status`, which also has `other` for a status a
 * newer flow writes).
 */
export const PAYMENT_RECORD_STATUSES = [
  'succeeded',
  'failed',
  'pending',
  'processing',
  'collected',
  'cancelled',
  'rejected',
  'not_available',
  'amount_too_high',
  'amount_too_low',
  'refunded',
  'partially_refunded',
  'disputed',
] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];
