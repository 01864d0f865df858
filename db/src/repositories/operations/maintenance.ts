import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';

/** How long finished bookkeeping is kept. Each process's config module reads these. */
export interface Retention {
  processedEventsDays: number;
  publishedOutboxDays: number;
  /** Kept this long past `expires_at` (a key is already dead when it expires). */
  expiredIdempotencyKeysHours: number;
  expiredSessionsHours: number;
  /** A provider webhook's body is kept this long after it came; then only its ids (below). */
  webhookPayloadsDays: number;
}

export interface PruneResult {
  processedEvents: number;
  publishedOutbox: number;
  idempotencyKeys: number;
  sessions: number;
  /** Webhook deliveries whose body was reduced to its ids this run. */
  webhookPayloads: number;
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

/**
 * What is left of a provider webhook's body once its retention is over: the ids that tie the
 * delivery to its payment (`id`; Stripe's `data.object.id` and, for a charge, its
 * `payment_intent` — the payment log finds a payment's deliveries by them, payments-admin.ts) and
 * a `pruned` mark. The buyer's name, e-mail, phone, address, card details and amounts go. The row
 * itself stays: its primary key is the delivery's id, which keeps a late redelivery from being
 * handled twice, and staff still see that and when the provider called.
 */
const prunedWebhookPayload = sql`jsonb_strip_nulls(jsonb_build_object(
  'pruned', true,
  'id', payload->'id',
  'data', case when jsonb_typeof(payload->'data'->'object') = 'object' then jsonb_build_object(
    'object', jsonb_strip_nulls(jsonb_build_object(
      'id', payload->'data'->'object'->'id',
      'payment_intent', payload->'data'->'object'->'payment_intent'
    ))
  ) end
))`;

/** Like pruneInBatches, for an update that takes the rows out of `where` (so each round finds new ones). */
async function updateInBatches(
  db: DbOrTx,
  table: string,
  set: ReturnType<typeof sql>,
  where: ReturnType<typeof sql>,
) {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      update ${sql.identifier(table)} set ${set} where ctid in (
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
     * published outbox rows (JetStream holds the event now), expired idempotency keys and sessions;
     * and reduces old provider webhook bodies to their ids (the personal data in them has served).
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
      const webhookPayloads = await updateInBatches(
        db,
        'webhook_events',
        sql`payload = ${prunedWebhookPayload}`,
        sql`received_at < now() - make_interval(days => ${retention.webhookPayloadsDays})
          and payload is not null and payload->>'pruned' is null`,
      );
      return { processedEvents, publishedOutbox, idempotencyKeys, sessions, webhookPayloads };
    },
  };
}
export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;
