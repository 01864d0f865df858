/*
 * The return policy's rules (SPEC 1 promises 30 days; docs/returns.md): zod-free, so the
 * storefront's form, the gateway and the workflow read the same numbers.
 */

export const RETURN_REASONS = ['DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'CHANGED_MIND', 'OTHER'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'expired',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A return still under way: its lines cannot be asked for again until it ends. */
export const OPEN_RETURN_STATUSES = [
  'requested',
  'approved',
  'received',
] as const satisfies readonly ReturnStatus[];
export function isOpenReturn(status: ReturnStatus): boolean {
  return (OPEN_RETURN_STATUSES as readonly ReturnStatus[]).includes(status);
}

/** How a cash-on-delivery order's money goes back: staff pay it and record how. */
export const COD_REFUND_METHODS = ['BANK_TRANSFER', 'STORE_CREDIT'] as const;
export type CodRefundMethod = (typeof COD_REFUND_METHODS)[number];

/** Where a return's money went: the payment's own route, or the COD method staff recorded. */
export const REFUND_METHODS = ['CARD', 'PAY_LATER', ...COD_REFUND_METHODS] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Days after delivery (the order's `delivered` history entry) a return may be asked for. */
export const RETURN_WINDOW_DAYS = 30;
/** Working days a request may wait for staff's decision before staff are reminded. */
export const RETURN_REMINDER_WORKING_DAYS = 2;
/** Days after approval the goods have to arrive before the return expires. */
export const RETURN_ARRIVAL_DAYS = 14;
export const RETURN_NOTE_MAX = 1000;
export const RETURN_STAFF_MESSAGE_MAX = 1000;

/** Shipping is given back only when the store was at fault. */
export function refundsShipping(reason: ReturnReason): boolean {
  return reason === 'DAMAGED' || reason === 'WRONG_ITEM';
}

/** RT-100001, RT-100002, … (a database sequence, like order numbers). */
export const RETURN_NUMBER_PATTERN = /^RT-\d{6,12}$/;

/** The last moment a return may be asked for, from the delivery's instant. */
export function returnDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

/** The one key of a return's refund: the refunds row's reference and the provider's idempotency key. */
export const returnRefundReference = (returnNumber: string) => `return-${returnNumber}`;
/** The Temporal workflow id of a return. */
export const returnWorkflowId = (returnNumber: string) => `return-${returnNumber}`;

const GULF_OFFSET_MS = 4 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` plus `days` UAE working days: the working week is Monday to Friday (the federal
 * weekend since 2022), counted on Gulf time (UTC+4, no DST). A request made on a Friday
 * afternoon is due a reminder on Tuesday afternoon. Public holidays are not known here.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let t = from.getTime();
  let left = days;
  while (left > 0) {
    t += DAY_MS;
    const weekday = new Date(t + GULF_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(t);
}
