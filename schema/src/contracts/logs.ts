import { z } from 'zod';
import { storableText, validationText } from '../validation/fields';
import { MENU_MODULES } from './auth';

/*
 * The back office's logs screen (docs/payments-logs.md): the audit log of staff writes,
 * and the consumers' dead letters with their re-drive. The outbox's dead letters keep their own
 * contract (operations.ts).
 */
const t = validationText('en');
const day = z.iso.date({ error: t('validation.id') });
const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

export const AuditLogQuery = z.object({
  /** The member of staff, by the e-mail the entry was written with (kept when the account goes). */
  user: z
    .string()
    .overwrite((v) => storableText(v))
    .trim()
    .max(254)
    .optional(),
  module: z.enum(MENU_MODULES).optional(),
  /** Gulf calendar days (Asia/Dubai), both ends included. */
  from: day.optional(),
  to: day.optional(),
  ...page,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogEntry = z
  .object({
    id: z.uuid(),
    at: z.string(),
    userEmail: z.string(),
    module: z.string(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditLogEntry' });
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogList = z
  .object({
    entries: z.array(AuditLogEntry),
    total: z.number().int(),
    /** Everyone who has written, for the user filter. */
    users: z.array(z.string()),
  })
  .meta({ id: 'AuditLogList' });
export type AuditLogList = z.infer<typeof AuditLogList>;

export const CONSUMER_DEAD_LETTER_STATES = ['open', 'redriven', 'all'] as const;

export const ConsumerDeadLetterQuery = z.object({
  consumer: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: t('validation.id') })
    .optional(),
  state: z.enum(CONSUMER_DEAD_LETTER_STATES).default('open'),
  ...page,
});

export const ConsumerDeadLetter = z
  .object({
    id: z.uuid(),
    consumer: z.string(),
    stream: z.string(),
    streamSeq: z.number().int(),
    subject: z.string(),
    /** The message as received; usually an event's JSON, but a poison message may be anything. */
    body: z.string(),
    requestId: z.string().nullable(),
    deliveries: z.number().int(),
    lastError: z.string().nullable(),
    deadAt: z.string(),
    redrivenAt: z.string().nullable(),
    redrivenBy: z.string().nullable(),
  })
  .meta({ id: 'ConsumerDeadLetter' });
export type ConsumerDeadLetter = z.infer<typeof ConsumerDeadLetter>;

export const ConsumerDeadLetterList = z
  .object({
    deadLetters: z.array(ConsumerDeadLetter),
    total: z.number().int(),
    /** Not yet re-driven, whatever the filter: the screen's badge. */
    openCount: z.number().int(),
  })
  .meta({ id: 'ConsumerDeadLetterList' });
export type ConsumerDeadLetterList = z.infer<typeof ConsumerDeadLetterList>;

export const ConsumerRedriveResponse = z
  .object({ id: z.uuid(), outboxId: z.uuid() })
  .meta({ id: 'ConsumerRedriveResponse' });
export type ConsumerRedriveResponse = z.infer<typeof ConsumerRedriveResponse>;
