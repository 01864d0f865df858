import {
  EMAIL_STATUSES,
  knownOr,
  ORDER_EMAIL_PURPOSES,
  ORDER_TIMELINE_EVENTS,
  REFUND_STATUSES,
} from '@qahwa/schema/orders';
import { PAYMENT_RECORD_STATUSES } from '@qahwa/schema/payments';
import { describe, expect, it } from 'vitest';
import ar from '@/messages/ar';
import en from '@/messages/en';

type Tree = { [key: string]: string | Tree };

const label = (messages: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], messages);

/** Each known set the order page shows, and where its labels live. */
const SETS: [string, readonly string[]][] = [
  ['OrderDetail.timelineEvent', ORDER_TIMELINE_EVENTS],
  ['OrderDetail.emailPurpose', ORDER_EMAIL_PURPOSES],
  ['OrderDetail.emailStatus', EMAIL_STATUSES],
  ['OrderDetail.refundStatus', REFUND_STATUSES],
  ['Payments.status', PAYMENT_RECORD_STATUSES],
];

describe('the order page’s timeline and payment labels', () => {
  it.each(SETS)(
    '%s has an English and an Arabic label for every value, and for one it does not know',
    (path, values) => {
      for (const value of [...values, 'other']) {
        const english = label(en, `${path}.${value}`);
        const arabic = label(ar, `${path}.${value}`);
        expect(typeof english, `${path}.${value} (en)`).toBe('string');
        expect(typeof arabic, `${path}.${value} (ar)`).toBe('string');
        // A translated label, not the raw value copied across.
        expect(arabic, `${path}.${value} (ar)`).not.toBe(english);
        expect(arabic, `${path}.${value} (ar)`).toMatch(/[\u0600-\u06FF]/);
      }
    },
  );

  it('labels what the server actually writes, and a value from a newer flow as "other"', () => {
    expect(ORDER_EMAIL_PURPOSES).toEqual([
      'order-confirmation',
      'order-processing',
      'order-shipped',
      'order-delivered',
      'order-cancelled',
    ]);
    expect(ORDER_TIMELINE_EVENTS).toContain('OrderPlaced');
    expect(knownOr(EMAIL_STATUSES, 'sent')).toBe('sent');
    expect(knownOr(ORDER_EMAIL_PURPOSES, 'order-returned')).toBe('other');
    expect(knownOr(PAYMENT_RECORD_STATUSES, null)).toBe('other');
  });
});
