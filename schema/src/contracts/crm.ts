import { z } from 'zod';
import { CONTACT_SUBJECTS } from '../validation/contact-form';
import { EntityId } from './ids';

/*
 * The back office's contact messages, newsletter subscribers and e-mail-marketing screens
 * (docs/crm.md): /backend/contacts, /backend/subscribers, /backend/brevo.
 */

export const AdminContactQuery = z.object({
  status: z.enum(['all', 'unread', 'read']).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const AdminContactMessage = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    subject: z.enum(CONTACT_SUBJECTS).or(z.string()),
    message: z.string(),
    locale: z.string(),
    isRead: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminContactMessage' });
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;

export const AdminContactList = z
  .object({ items: z.array(AdminContactMessage), total: z.number().int(), unread: z.number().int() })
  .meta({ id: 'AdminContactList' });
export type AdminContactList = z.infer<typeof AdminContactList>;

export const AdminContactParams = z.object({ id: EntityId() });
export const AdminContactReadBody = z.object({ isRead: z.boolean() }).meta({ id: 'AdminContactReadBody' });
export const AdminContactReadResult = z
  .object({ success: z.literal(true), id: z.string(), isRead: z.boolean(), unread: z.number().int() })
  .meta({ id: 'AdminContactReadResult' });
export type AdminContactReadResult = z.infer<typeof AdminContactReadResult>;

/** A subscriber's double opt-in state (docs/crm.md): only `confirmed` ones get newsletters. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const AdminSubscriberQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const AdminSubscriberExportQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
});

export const AdminSubscriber = z
  .object({
    id: z.string(),
    email: z.string(),
    locale: z.string(),
    source: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    createdAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminSubscriber' });
export type AdminSubscriber = z.infer<typeof AdminSubscriber>;

export const AdminSubscriberList = z
  .object({ items: z.array(AdminSubscriber), total: z.number().int() })
  .meta({ id: 'AdminSubscriberList' });
export type AdminSubscriberList = z.infer<typeof AdminSubscriberList>;

/** DELETE /api/admin/subscribers/{id}: staff take an address off the list (docs/crm.md). */
export const AdminSubscriberParams = z.object({ id: EntityId() });
export const AdminSubscriberRemoved = z
  .object({ success: z.literal(true), id: z.string() })
  .meta({ id: 'AdminSubscriberRemoved' });
export type AdminSubscriberRemoved = z.infer<typeof AdminSubscriberRemoved>;

export const MARKETING_STATUSES = ['pending', 'sending', 'synced', 'failed', 'recorded'] as const;

/**
 * The sync as staff see it. `connection`: `not-configured` (no key: contacts are recorded, not
 * sent), `connected` (Brevo accepted the key just now), `refused` (Brevo said the key is wrong),
 * `unreachable` (no answer).
 */
export const AdminBrevoStatus = z
  .object({
    connection: z.object({
      state: z.enum(['not-configured', 'connected', 'refused', 'unreachable']),
      account: z.string().nullable(),
      detail: z.string().nullable(),
      checkedAt: z.iso.datetime(),
    }),
    counts: z.object(
      Object.fromEntries(MARKETING_STATUSES.map((s) => [s, z.number().int()])) as {
        [K in (typeof MARKETING_STATUSES)[number]]: z.ZodNumber;
      },
    ),
    lastSyncedAt: z.iso.datetime().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    failures: z.array(
      z.object({
        email: z.string(),
        source: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        updatedAt: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'AdminBrevoStatus' });
export type AdminBrevoStatus = z.infer<typeof AdminBrevoStatus>;

export const AdminBrevoSyncResult = z
  .object({ success: z.literal(true), requeued: z.number().int() })
  .meta({ id: 'AdminBrevoSyncResult' });
export type AdminBrevoSyncResult = z.infer<typeof AdminBrevoSyncResult>;
