import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../client';
import { marketingSync } from '../../schema';
import { asRow, type MarketingRow } from './marketing-rows';

/**
 * The sync run's side of the marketing rows (workers/src/brevo/): claiming what is due under a
 * lease and recording how each send ended. What puts rows in the queue is marketing.ts.
 */
export function createMarketingSyncRepository(db: Db) {
  return {
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
