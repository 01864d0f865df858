import { DeliverPolicy, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { type Db, sql, type Tx } from '@qahwa/db';
import { analyticsStreamOf, ProductViewed, STREAM_NAME } from '@qahwa/schema';
import type { Logger } from 'pino';
import { InvalidEventError, messageJson } from '../jetstream';
import { CATALOGUE_COUNTS_DURABLE, refreshCatalogueCounts } from './catalogue';
import { holdProjectionExclusive } from './locks';
import { applyOrderEventIn, ORDER_STATS_DURABLE, ORDER_STATS_SUBJECTS, parseOrderEvent } from './order-stats';
import { applyProductViewIn, PRODUCT_VIEWS_DURABLE, PRODUCT_VIEWS_SUBJECTS } from './product-views';

/**
 * What a rebuild needs to know of a projection: its tables, the subjects it reads, and its
 * guarded apply (the very function the live consumer runs, so a rebuild cannot drift from it).
 */
export interface RebuildableProjection {
  /** The name the command takes; also the key of its swap lock. */
  name: string;
  tables: readonly string[];
  /**
   * The subjects replayed (in stream order), under the stream's subject prefix, each from the
   * stream its root names (`analytics.…`: the analytics stream; the rest: the commerce stream);
   * null: refilled from the source tables, not the stream.
   */
  filterSubjects: readonly string[] | null;
  apply?(db: Db, tx: Tx, consumer: string, raw: unknown): Promise<void>;
  fill?(tx: Tx): Promise<void>;
}

export const REBUILDABLE: Record<string, RebuildableProjection> = {
  [ORDER_STATS_DURABLE]: {
    name: ORDER_STATS_DURABLE,
    tables: [
      'order_stats_daily',
      'order_status_counts',
      'projection_orders',
      'product_sales_daily',
      'customer_first_orders',
      'customer_growth_daily',
    ],
    // Orders and their refunds, as its two live durables read them (order-stats.ts).
    filterSubjects: [ORDER_STATS_SUBJECTS.orders, ORDER_STATS_SUBJECTS.refunds],
    async apply(_db, tx, consumer, raw) {
      const event = parseOrderEvent(raw);
      if (event) await applyOrderEventIn(tx, consumer, event);
    },
  },
  [PRODUCT_VIEWS_DURABLE]: {
    name: PRODUCT_VIEWS_DURABLE,
    tables: ['product_view_counts', 'product_views_daily'],
    // The analytics stream's views, then those from before the split still in the commerce stream.
    filterSubjects: [PRODUCT_VIEWS_SUBJECTS.views, PRODUCT_VIEWS_SUBJECTS.beforeTheSplit],
    async apply(db, tx, consumer, raw) {
      const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
      if (type !== 'ProductViewed') return;
      const parsed = ProductViewed.safeParse(raw);
      if (!parsed.success) throw new InvalidEventError('ProductViewed does not match its contract');
      await applyProductViewIn(db, tx, consumer, parsed.data);
    },
  },
  [CATALOGUE_COUNTS_DURABLE]: {
    name: CATALOGUE_COUNTS_DURABLE,
    tables: ['projection_products', 'projection_promotions'],
    // CatalogueChanged says what changed, not to what: the source tables are the truth.
    filterSubjects: null,
    fill: (tx) => refreshCatalogueCounts(tx),
  },
};

export interface RebuildOptions {
  db: Db;
  js: JetStreamClient;
  jsm: JetStreamManager;
  logger: Logger;
  projection: RebuildableProjection;
  /** The live durable's name: its processed_events rows are the ones the rebuild fills. */
  consumer?: string;
  stream?: string;
  /** The analytics stream; by default the one that goes with `stream` (analyticsStreamOf). */
  analyticsStream?: string;
  subjectPrefix?: string;
  /** Messages applied per transaction while replaying. */
  batchSize?: number;
  /**
   * Rebuild even though the stream no longer holds its first events (EVENTS_MAX_AGE_DAYS aged them
   * out): the rebuilt tables then count only what is left. Off by default: see PartialHistoryError.
   */
  acceptPartialHistory?: boolean;
}

/**
 * The stream no longer starts at its first event, so a replay cannot rebuild what the live tables
 * hold: orders older than its first message would vanish from the figures (status counts, a
 * customer's first order, every day before it). Nothing was changed.
 */
export class PartialHistoryError extends Error {
  override readonly name = 'PartialHistoryError';
}

export interface RebuildResult {
  projection: string;
  /** Per stream replayed: the sequence the rebuilt tables include everything up to. */
  through: Record<string, number>;
  replayed: number;
  skipped: number;
  ms: number;
}

const ident = (s: string) => sql.raw(`"${s.replace(/"/g, '""')}"`);

/**
 * Rebuilds a projection from the stream while its live consumer keeps running (docs/dashboard.md
 * "Rebuild"):
 * 1. fresh, empty copies of its tables (and of processed_events) in a schema of their own;
 * 2. replays the stream from its first message to its last sequence S1 into them with an
 *    ordered consumer, through the projection's own guarded apply (search_path points at the
 *    copies, so the same SQL writes them);
 * 3. in ONE transaction holding the projection's lock exclusively (every live apply holds it
 *    shared, so none commits meanwhile): replays S1+1 … S2 (the stream's end now), copies the
 *    replay's processed_events rows into the live ones, drops the live tables and moves the
 *    copies in (renaming their indexes and constraints to the live names), and commits.
 * A live event at or before S2 is then found in processed_events and skipped; one after S2
 * applies to the new tables. Nothing is lost and nothing counts twice.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { db, projection } = options;
  const began = Date.now();
  const consumer = options.consumer ?? projection.name;
  const commerceStream = options.stream ?? STREAM_NAME;
  const analyticsStream = options.analyticsStream ?? analyticsStreamOf(commerceStream);
  const streamOf = (filter: string) => (filter.startsWith('analytics.') ? analyticsStream : commerceStream);
  // The streams replayed, each with its subjects (in the projection's order).
  const sources = new Map<string, string[]>();
  for (const f of projection.filterSubjects ?? []) {
    sources.set(streamOf(f), [...(sources.get(streamOf(f)) ?? []), `${options.subjectPrefix ?? ''}${f}`]);
  }
  const work = `rebuild_${projection.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
  const log = options.logger.child({ rebuild: projection.name, schema: work });
  const tables = [...projection.tables, ...(projection.filterSubjects ? ['processed_events'] : [])];

  if (!options.acceptPartialHistory) {
    for (const stream of sources.keys()) {
      const { state } = await options.jsm.streams.info(stream);
      if (state.first_seq > 1) {
        throw new PartialHistoryError(
          `stream ${stream} no longer holds its first ${state.first_seq - 1} events (its oldest is from ${state.first_ts}, EVENTS_MAX_AGE_DAYS): rebuilding ${projection.name} would drop everything before it from the live tables. Nothing was changed; --accept-partial-history rebuilds from what is left (docs/dashboard.md)`,
        );
      }
    }
  }

  await db.execute(sql`drop schema if exists ${ident(work)} cascade`);
  await db.execute(sql`create schema ${ident(work)}`);
  for (const t of tables) {
    await db.execute(sql`create table ${ident(work)}.${ident(t)} (like public.${ident(t)} including all)`);
  }
  const onCopies = (tx: Tx) =>
    tx.execute(sql`select set_config('search_path', ${`"${work}", public`}, true)`);

  let replayed = 0;
  let skipped = 0;
  /** Each stream's last sequence now. */
  const lastSeqs = async () =>
    new Map(
      await Promise.all(
        [...sources.keys()].map(
          async (stream) => [stream, (await options.jsm.streams.info(stream)).state.last_seq] as const,
        ),
      ),
    );
  /** Replays each stream's subjects from `from` (exclusive: its sequence before) to `to`. */
  const replay = async (tx: Tx | null, from: Map<string, number>, to: Map<string, number>) => {
    if (!projection.apply) return;
    const apply = projection.apply;
    const applyBatch = async (t: Tx, batch: JsMsg[]) => {
      await onCopies(t);
      for (const m of batch) {
        try {
          await apply(db, t, consumer, messageJson(m));
          replayed++;
        } catch (err) {
          // The live consumer terminates these too (a poison message changes no table).
          if (!(err instanceof InvalidEventError)) throw err;
          skipped++;
          log.warn({ seq: m.seq, err: err.message }, 'skipped a message that breaks its contract');
        }
      }
    };
    // One pass a subject (a consumer with several filters needs NATS 2.10): the orders' events in
    // stream order, then the refunds', whose fold only adds sums, so their order cannot matter.
    for (const [stream, subjects] of sources) {
      const fromSeq = (from.get(stream) ?? 0) + 1;
      const toSeq = to.get(stream) ?? 0;
      if (toSeq < fromSeq) continue;
      for (const subject of subjects) {
        const last = await lastSeqOn(stream, subject);
        if (last !== null && last < fromSeq) continue; // nothing of it in the range: no 2 s fetch
        const until = last === null ? toSeq : Math.min(toSeq, last);
        await replaySubject(tx, stream, subject, fromSeq, until, applyBatch);
      }
    }
  };
  /** The stream sequence of the last message on `subject`; null when it cannot be asked. */
  const lastSeqOn = async (stream: string, subject: string): Promise<number | null> => {
    try {
      return (await options.jsm.streams.getMessage(stream, { last_by_subj: subject }))?.seq ?? 0;
    } catch {
      return null;
    }
  };
  const replaySubject = async (
    tx: Tx | null,
    stream: string,
    subject: string,
    fromSeq: number,
    toSeq: number,
    applyBatch: (t: Tx, batch: JsMsg[]) => Promise<void>,
  ) => {
    const ordered = await options.js.consumers.get(stream, {
      filter_subjects: subject,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: fromSeq,
    });
    const size = options.batchSize ?? 500;
    for (let done = false; !done; ) {
      const batch: JsMsg[] = [];
      const msgs = await ordered.fetch({ max_messages: size, expires: 2_000 });
      for await (const m of msgs) {
        if (m.seq > toSeq) {
          done = true;
          break;
        }
        batch.push(m);
        if (m.seq === toSeq || m.info.pending === 0) {
          done = true;
          break;
        }
      }
      if (batch.length === 0) done = true;
      else if (tx) await applyBatch(tx, batch);
      else await db.transaction((t) => applyBatch(t, batch));
      if (batch.length > 0) log.info({ through: batch.at(-1)?.seq, replayed }, 'replaying');
    }
  };

  let through: Record<string, number> = {};
  try {
    const s1 = await lastSeqs();
    await replay(null, new Map(), s1);
    await db.transaction(async (tx) => {
      await holdProjectionExclusive(tx, projection.name);
      const s2 = await lastSeqs();
      await replay(tx, s1, s2);
      through = Object.fromEntries(s2);
      if (projection.fill) {
        await onCopies(tx);
        await projection.fill(tx);
      }
      await tx.execute(sql`select set_config('search_path', 'public', true)`);
      if (projection.filterSubjects) {
        await tx.execute(sql`insert into public.processed_events
          select * from ${ident(work)}.processed_events where consumer = ${consumer}
          on conflict do nothing`);
      }
      for (const t of projection.tables) await swapTable(tx, work, t);
    });
    log.info({ through, replayed, skipped }, 'projection rebuilt and swapped in');
    return { projection: projection.name, through, replayed, skipped, ms: Date.now() - began };
  } finally {
    await db.execute(sql`drop schema if exists ${ident(work)} cascade`);
  }
}

/** Replaces public.<table> by <work>.<table>, keeping the live index and constraint names. */
async function swapTable(tx: Tx, work: string, table: string): Promise<void> {
  const defs = async (schema: string) =>
    (
      await tx.execute<{ indexname: string; indexdef: string }>(
        sql`select indexname, indexdef from pg_indexes where schemaname = ${schema} and tablename = ${table}`,
      )
    ).rows.map((r) => ({
      name: r.indexname,
      // The definition without its name and schema, to pair a copy's index with the live one.
      shape: r.indexdef
        .replace(/INDEX \S+ ON /, 'INDEX ON ')
        .replaceAll(`"${schema}".`, '')
        .replaceAll(`${schema}.`, ''),
    }));
  const live = await defs('public');
  await tx.execute(sql`drop table public.${ident(table)}`);
  await tx.execute(sql`alter table ${ident(work)}.${ident(table)} set schema public`);
  const moved = await defs('public');
  // Two steps, so a copy's generated name can never collide with a live name still in use.
  const renames: Array<[string, string]> = [];
  for (const [i, m] of moved.entries()) {
    const target = live.find((l) => l.shape === m.shape)?.name;
    if (!target || target === m.name) continue;
    const temp = `${table}_swap_${i}`;
    await tx.execute(sql`alter index public.${ident(m.name)} rename to ${ident(temp)}`);
    renames.push([temp, target]);
  }
  for (const [temp, target] of renames) {
    await tx.execute(sql`alter index public.${ident(temp)} rename to ${ident(target)}`);
  }
}
