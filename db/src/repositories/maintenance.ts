import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/** How long finished bookkeeping is kept. Each process's config module reads these. */
export interface Retention {
  processedEventsDays: number;
  publishedOutboxDays: number;
  /** Kept this long past `expires_at` (a key is already dead when it expires). */
  expiredIdempotencyKeysHours: number;
  expiredSessionsHours: number;
}

export interface PruneResult {
  processedEvents: number;
  publishedOutbox: number;
  idempotencyKeys: number;
  sessions: number;
}

/**
 * Rows deleted per statement. Small enough that each delete finishes well inside the statement
 * timeout and holds its locks briefly, so pruning a large backlog never stalls checkouts.
 */
const BATCH = 5_000;

/**
 * Deletes up to BATCH rows of `table` matching `where` (by ctid, so any table's key will do),
 * repeating until none is left; each
 * round is its own statement (and transaction), so a timeout loses one round, not the work.
 */
async function pruneInBatches(db: DbOrTx, table: string, where: ReturnType<typeof sql>) {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${sql.identifier(table)} where ctid in (
        select ctid from ${sql.identifier(table)} where ${where} limit ${BATCH}
      )`);
    const n = result.rowCount ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}

export function createMaintenanceRepository(db: DbOrTx) {
  return {
    /**
     * Prunes what no longer guards anything: processed-event records older than JetStream could
     * redeliver (the stream's duplicate window and a consumer's redeliveries are minutes to days),
     * published outbox rows (JetStream holds the event now), expired idempotency keys and sessions.
     * Unpublished outbox rows and dead letters are never touched.
     */
    async prune(retention: Retention): Promise<PruneResult> {
      const processedEvents = await pruneInBatches(
        db,
        'processed_events',
        sql`processed_at < now() - make_interval(days => ${retention.processedEventsDays})`,
      );
      const publishedOutbox = await pruneInBatches(
        db,
        'outbox',
        sql`published_at is not null and published_at < now() - make_interval(days => ${retention.publishedOutboxDays})`,
      );
      const idempotencyKeys = await pruneInBatches(
        db,
        'idempotency_keys',
        sql`expires_at < now() - make_interval(hours => ${retention.expiredIdempotencyKeysHours})`,
      );
      const sessions = await pruneInBatches(
        db,
        'sessions',
        sql`expires_at < now() - make_interval(hours => ${retention.expiredSessionsHours})`,
      );
      return { processedEvents, publishedOutbox, idempotencyKeys, sessions };
    },
  };
}
export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;
