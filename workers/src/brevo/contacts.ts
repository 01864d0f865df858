import type { MarketingPayload, MarketingSource } from '@qahwa/db';
import { type Fils, toAed } from '@qahwa/schema';
import type { BrevoSettings } from '@qahwa/schema/config';

/**
 * What Brevo holds for each kind of contact: Brevo's own FIRSTNAME/LASTNAME and our custom
 * attributes (created once in the Brevo account, docs/crm.md). Only values that describe the
 * contact, no timestamps of the delivery: the same event twice builds the same payload, so the
 * sync sends it once.
 */

const email = (e: string) => e.trim().toLowerCase();

/**
 * A confirmed subscriber (NewsletterSubscribed follows the double opt-in's click, docs/crm.md):
 * on the subscriber lists, and no longer opted out if they once were.
 */
export function subscriberContact(
  lists: BrevoSettings['listIds'],
  d: { email: string; locale?: string | undefined },
): MarketingPayload {
  return {
    email: email(d.email),
    attributes: { LOCALE: d.locale ?? 'en', NEWSLETTER: true },
    listIds: lists.subscriber,
    emailBlacklisted: false,
  };
}

/**
 * An address that used an unsubscribe link: Brevo's opt-out, so no campaign reaches it whatever
 * list it is on (contacts are never removed from lists here; the opt-out is what Brevo honours).
 */
export function unsubscribedContact(d: { email: string }): MarketingPayload {
  return { email: email(d.email), attributes: { NEWSLETTER: false }, listIds: [], emailBlacklisted: true };
}

export function leadContact(
  lists: BrevoSettings['listIds'],
  d: {
    email: string;
    status: 'QUALIFIED' | 'CONVERTED';
    valueFils: number;
    preferredPayment?: string | undefined;
  },
): MarketingPayload {
  return {
    email: email(d.email),
    attributes: {
      LEAD_STATUS: d.status,
      CART_VALUE: toAed(d.valueFils as Fils),
      ...(d.preferredPayment ? { PREFERRED_PAYMENT: d.preferredPayment } : {}),
    },
    listIds: lists.lead,
  };
}

export function customerContact(
  lists: BrevoSettings['listIds'],
  d: { email: string; fullName: string; orderId: string; totalFils: number; placedAt: string },
): MarketingPayload {
  // SPEC 5 splits the full name on spaces into first and last name.
  const [first = '', ...rest] = d.fullName.trim().split(/\s+/);
  return {
    email: email(d.email),
    attributes: {
      FIRSTNAME: first,
      LASTNAME: rest.join(' '),
      LAST_ORDER_ID: d.orderId,
      LAST_ORDER_TOTAL: toAed(d.totalFils as Fils),
      LAST_ORDER_AT: d.placedAt.slice(0, 10),
    },
    listIds: lists.customer,
  };
}

export type { MarketingSource };
