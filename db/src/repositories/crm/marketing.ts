import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client';
import { marketingSync } from '../../schema';
import { claimEvents } from '../operations/processed-events';
import {
  asRow,
  type MarketingPayload,
  type MarketingRow,
  type MarketingSource,
  type MarketingStatus,
  type MarketingStatusSummary,
} from './marketing-rows';
import { createMarketingSyncRepository } from './marketing-sync';

export type {
  MarketingPayload,
  MarketingRow,
  MarketingSource,
  MarketingStatus,
  MarketingStatusSummary,
} from './marketing-rows';

/**
 * The e-mail-marketing sync's bookkeeping (docs/crm.md): what is owed to Brevo, queued once per
 * event, and the status screen's reads. The sync run's claims and outcomes are marketing-sync.ts;
 * the repository is both, as its callers have always used it.
 */
export function createMarketingRepository(db: Db) {
  /**
   * `enqueue` for several events in their order, in two statements: the ids applied now. Of
   * one contact's events (e-mail and source) the last one applied is what the row holds, as
   * one upsert after the other would leave it.
   */
  async function enqueueAll(
    consumer: string,
    items: ReadonlyArray<{ eventId: string; source: MarketingSource; payload: MarketingPayload }>,
    tx: DbOrTx = db,
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
    ...createMarketingSyncRepository(db),

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
      const applied = await enqueueAll(consumer, [{ eventId, source, payload }], tx);
      return applied.has(eventId);
    },

    enqueueAll,

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
  };
}
export type MarketingRepository = ReturnType<typeof createMarketingRepository>;
