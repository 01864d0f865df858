import type { marketingSync } from '../../schema';

/** Where a contact came from; one marketing_sync row per e-mail and source. */
export type MarketingSource = 'subscriber' | 'lead' | 'customer';

/**
 * What the sync owes Brevo for one contact: the body of `POST /v3/contacts` without
 * `updateEnabled` (always true when sent).
 */
export interface MarketingPayload {
  email: string;
  attributes: Record<string, string | number | boolean>;
  listIds: number[];
  /**
   * Brevo's own opt-out: true once the address used an unsubscribe link (no campaign reaches it),
   * false again when it confirms a new subscription (docs/crm.md). Absent: left as Brevo has it.
   */
  emailBlacklisted?: boolean;
}

/**
 * pending: due to be sent at `next_attempt_at`; sending: claimed by a sync run until its lease
 * (next_attempt_at) ends — a run that died mid-send leaves the row to be claimed again;
 * synced: Brevo has it; failed: refused for good (401, 400) or out of attempts;
 * recorded: no API key, kept as what would have been sent.
 */
export type MarketingStatus = 'pending' | 'sending' | 'synced' | 'failed' | 'recorded';

export interface MarketingRow {
  id: string;
  email: string;
  source: MarketingSource;
  payload: MarketingPayload;
  status: MarketingStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  syncedAt: Date | null;
  updatedAt: Date;
}

export interface MarketingStatusSummary {
  counts: Record<MarketingStatus, number>;
  lastSyncedAt: Date | null;
  lastAttemptAt: Date | null;
  failures: Pick<MarketingRow, 'email' | 'source' | 'attempts' | 'lastError' | 'updatedAt'>[];
}

export const asRow = (r: typeof marketingSync.$inferSelect): MarketingRow => ({
  id: r.id,
  email: r.email,
  source: r.source as MarketingSource,
  payload: r.payload as MarketingPayload,
  status: r.status as MarketingStatus,
  attempts: r.attempts,
  lastError: r.lastError,
  nextAttemptAt: r.nextAttemptAt,
  syncedAt: r.syncedAt,
  updatedAt: r.updatedAt,
});
