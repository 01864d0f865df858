import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../events/events';
import { SHOPPER_NOTIFIED_STATUSES } from './transitions';

/**
 * The values the order page's timeline and payment panel can show, as known sets, so each one has
 * a label in English and Arabic (admin/messages/{en,ar}/orders.json, checked by
 * admin/test/order-labels.test.ts). The database keeps them as text: a value written by a newer
 * flow than this list falls back to `other`, a readable generic label, never a raw key.
 */

/** Every event the outbox can hold; the order page shows those about the order or its checkout. */
export const ORDER_TIMELINE_EVENTS: readonly DomainEventType[] = DOMAIN_EVENT_TYPES;

/** The e-mails about an order: the confirmation and one per status the shopper hears about. */
export const ORDER_EMAIL_PURPOSES = [
  'order-confirmation',
  ...SHOPPER_NOTIFIED_STATUSES.map((s) => `order-${s}` as const),
] as const;
export type OrderEmailPurpose = (typeof ORDER_EMAIL_PURPOSES)[number];

/** `emails.status`: claimed and not yet handed to SMTP, sent, failed, over the address's daily budget. */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'suppressed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** `refunds.status`: asked of the provider, done, refused. */
export const REFUND_STATUSES = ['requested', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** `value` when the set knows it, else `'other'` (a label key every set's messages also have). */
export function knownOr<T extends string>(set: readonly T[], value: string | null | undefined): T | 'other' {
  return value !== null && value !== undefined && (set as readonly string[]).includes(value)
    ? (value as T)
    : 'other';
}
