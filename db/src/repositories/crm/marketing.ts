import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client';
import { marketingSync } from '../../schema';
import { claimEvents } from '../operations/processed-events';

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

const asRow = (r: typeof marketingSync.$inferSelect): MarketingRow => ({
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

/** The e-mail-marketing sync's bookkeeping (docs/crm.md). */
export function createMarketingRepository(db: Db) {
  /**
   * `enqueue` for several events in their order, in two statements: the ids applied now. Of
   * one contact's events (e-mail and source) the last one applied is what the row holds, as
   * one upsert after the other would leave it.
   */
  async function enqueueAll(
    tx: DbOrTx,
    consumer: string,
    items: ReadonlyArray<{ eventId: string; source: MarketingSource; payload: MarketingPayload }>,
  ): Promise<Set<string>> {
    const applied = await claimEvents(
      tx,
      consumer,
      items.map((i) => i.eventId),
    );
    const latest = new Map<string, { source: MarketingSource; payload: MarketingPayload }>();
    const claimed = new Set<string>();
    for (const i of items) {
      if (!applied.has(i.eventId) || claimed.has(i.eventId)) continue;
      claimed.add(i.eventId);
      const key = `${i.source} ${i.payload.email}`;
      latest.delete(key); // keeps the map in the order of each contact's last event
      latest.set(key, { source: i.source, payload: i.payload });
    }
    if (latest.size === 0) return applied;
    await tx
      .insert(marketingSync)
      .values([...latest.values()].map(({ source, payload }) => ({ email: payload.email, source, payload })))
      .onConflictDoUpdate({
        target: [marketingSync.email, marketingSync.source],
        set: {
          payload: sql`excluded.payload`,
          status: 'pending',
          attempts: 0,
          lastError: null,
          nextAttemptAt: sql`now()`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${marketingSync.payload} is distinct from excluded.payload`,
      });
    return applied;
  }

  return {
    /**
     * Records what Brevo should hold for a contact, once per event: the processed-event guard
     * and the upsert commit together. A payload equal to the row's changes nothing (a redelivery
     * or a second subscribe sends nothing new); a new one is due now, attempts start again.
     * Returns false when the event was already applied.
     */
    async enqueue(
      consumer: string,
      eventId: string,
      source: MarketingSource,
      payload: MarketingPayload,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const applied = await enqueueAll(tx, consumer, [{ eventId, source, payload }]);
      return applied.has(eventId);
    },

    enqueueAll,

    /**
     * Claims up to `limit` due rows for `leaseMs` (skip locked: two sync runs never take the same
     * row). A row whose lease ran out while `sending` is due again.
     */
    async claimDue(limit: number, leaseMs: number): Promise<MarketingRow[]> {
      const { rows } = await db.execute<{ id: string }>(sql`
        update ${marketingSync} set status = 'sending',
          next_attempt_at = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
        where id in (
          select id from ${marketingSync}
          where status in ('pending', 'sending') and next_attempt_at <= now()
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id`);
      if (rows.length === 0) return [];
      const claimed = await db
        .select()
        .from(marketingSync)
        .where(
          inArray(
            marketingSync.id,
            rows.map((r) => r.id),
          ),
        );
      return claimed.map(asRow);
    },

    /**
     * Brevo has this payload. Only if the row still holds it: a newer event that arrived during
     * the send left the row pending, so the newer payload is sent too.
     */
    async markSynced(row: MarketingRow): Promise<void> {
      await db
        .update(marketingSync)
        .set({
          status: 'synced',
          attempts: sql`${marketingSync.attempts} + 1`,
          lastError: null,
          syncedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(marketingSync.id, row.id),
            eq(marketingSync.status, 'sending'),
            sql`${marketingSync.payload} = ${JSON.stringify(row.payload)}::jsonb`,
          ),
        );
    },

    /** No API key: kept as what would have been sent. */
    async markRecorded(row: MarketingRow): Promise<void> {
      await db
        .update(marketingSync)
        .set({ status: 'recorded', lastError: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(marketingSync.id, row.id),
            eq(marketingSync.status, 'sending'),
            sql`${marketingSync.payload} = ${JSON.stringify(row.payload)}::jsonb`,
          ),
        );
    },

    /** A transient failure: due again after `delayMs`. */
    async markRetry(row: MarketingRow, error: string, delayMs: number): Promise<void> {
      await db
        .update(marketingSync)
        .set({
          status: 'pending',
          attempts: sql`${marketingSync.attempts} + 1`,
          lastError: error,
          nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(marketingSync.id, row.id), eq(marketingSync.status, 'sending')));
    },

    /** Refused for good, or out of attempts: shown on /backend/brevo until "sync now". */
    async markFailed(row: MarketingRow, error: string): Promise<void> {
      await db
        .update(marketingSync)
        .set({
          status: 'failed',
          attempts: sql`${marketingSync.attempts} + 1`,
          lastError: error,
          updatedAt: sql`now()`,
        })
        .where(and(eq(marketingSync.id, row.id), eq(marketingSync.status, 'sending')));
    },

    /**
     * "Sync now": everything not in Brevo (failed, recorded, waiting for a retry) is due at once
     * with its attempts counted afresh. Returns how many rows it touched.
     */
    async requeueAll(tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .update(marketingSync)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
        .where(inArray(marketingSync.status, ['pending', 'failed', 'recorded']))
        .returning({ id: marketingSync.id });
      return rows.length;
    },

    /** The /backend/brevo summary: counts per status, the last sync, the latest failures. */
    async summary(failureLimit = 50): Promise<MarketingStatusSummary> {
      const [counts, last, failures] = await Promise.all([
        db
          .select({ status: marketingSync.status, n: sql<number>`count(*)::int` })
          .from(marketingSync)
          .groupBy(marketingSync.status),
        db
          .select({
            lastSyncedAt: sql<string | null>`max(${marketingSync.syncedAt})`,
            lastAttemptAt: sql<
              string | null
            >`max(${marketingSync.updatedAt}) filter (where ${marketingSync.attempts} > 0 or ${marketingSync.status} = 'recorded')`,
          })
          .from(marketingSync),
        db
          .select()
          .from(marketingSync)
          .where(
            sql`${marketingSync.status} = 'failed' or (${marketingSync.status} = 'pending' and ${marketingSync.lastError} is not null)`,
          )
          .orderBy(desc(marketingSync.updatedAt))
          .limit(failureLimit),
      ]);
      const byStatus: Record<MarketingStatus, number> = {
        pending: 0,
        sending: 0,
        synced: 0,
        failed: 0,
        recorded: 0,
      };
      for (const c of counts) if (c.status in byStatus) byStatus[c.status as MarketingStatus] = c.n;
      const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);
      return {
        counts: byStatus,
        lastSyncedAt: toDate(last[0]?.lastSyncedAt),
        lastAttemptAt: toDate(last[0]?.lastAttemptAt),
        failures: failures.map((r) => {
          const row = asRow(r);
          return {
            email: row.email,
            source: row.source,
            attempts: row.attempts,
            lastError: row.lastError,
            updatedAt: row.updatedAt,
          };
        }),
      };
    },

    /** Rows of one e-mail (tests, support). */
    async forEmail(email: string): Promise<MarketingRow[]> {
      const rows = await db.select().from(marketingSync).where(eq(marketingSync.email, email));
      return rows.map(asRow);
    },

    /** Due rows exist (the sync's poll can skip a run cheaply). */
    async hasDue(): Promise<boolean> {
      const rows = await db
        .select({ id: marketingSync.id })
        .from(marketingSync)
        .where(
          and(
            inArray(marketingSync.status, ['pending', 'sending']),
            lte(marketingSync.nextAttemptAt, sql`now()`),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type MarketingRepository = ReturnType<typeof createMarketingRepository>;
