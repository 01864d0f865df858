import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { createOutboxRepository, type Db, type OutboxFailure, type OutboxRow } from '@qahwa/db';
import type { Logger } from 'pino';
import { createRunLoop, OutboxPublishError, WorkerError } from '../jetstream';
import { type BackoffOptions, backoffDelay } from './backoff';

export interface OutboxRelayOptions {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  /** Rows claimed per transaction; bounds how long row locks are held while waiting for PubAcks. */
  batchSize?: number;
  /** Idle poll interval; the outbox writer does not notify us, so this is the worst-case latency. */
  pollIntervalMs?: number;
  /** How long to wait for each PubAck before counting the publish as failed. */
  publishTimeoutMs?: number;
  /** Back-off of the whole loop while NATS cannot be reached. */
  backoff?: BackoffOptions;
  /** Back-off of one row that NATS refused while it took others (a poison row). */
  rowBackoff?: BackoffOptions;
  /** Attempts a row gets before it moves to the dead letters. */
  maxAttempts?: number;
  /**
   * Answers whether JetStream itself is reachable. When every publish of a batch failed, it tells
   * an outage (nothing counts against the rows: they wait, however long NATS is down) from rows
   * that JetStream refuses (each failure counts towards the dead letters). Defaults to a
   * JetStream account-info request.
   */
  probe?: () => Promise<void>;
  /** Prepended to each row's subject, so a test stream can live beside `commerce.>` on a shared server. */
  subjectPrefix?: string;
}

export interface RelayBatchResult {
  claimed: number;
  published: number;
  /** Accepted by JetStream as already stored (Nats-Msg-Id seen): a retry after a lost mark. */
  duplicates: number;
  failed: number;
  /** Moved to the dead letters in this batch (their last allowed attempt failed). */
  deadLettered: number;
  /** Every publish failed and JetStream did not answer the probe: nothing was counted against the rows. */
  outage: boolean;
}

export interface OutboxRelayHealth {
  running: boolean;
  consecutiveFailures: number;
  publishedTotal: number;
  lastPublishedAt: string | null;
  lastError: { code: string; message: string; at: string } | null;
  /** Rows still waiting; null when the database cannot be asked. */
  unpublished: number | null;
  /** Rows given up on, waiting for an operator's re-drive; null when the database cannot be asked. */
  deadLetters: number | null;
}

export interface OutboxRelay {
  start(): void;
  /** Finishes the batch in flight, then resolves. */
  stop(): Promise<void>;
  /** Cuts the idle wait short, e.g. right after a process wrote an outbox row. */
  wake(): void;
  /** One claim–publish–mark transaction; for tests and one-shot scripts. */
  relayBatch(): Promise<RelayBatchResult>;
  health(): Promise<OutboxRelayHealth>;
}

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, js } = options;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const backoff = options.backoff ?? { baseMs: 500, maxMs: 30_000 };
  const rowBackoff = options.rowBackoff ?? { baseMs: 1_000, maxMs: 300_000 };
  const maxAttempts = options.maxAttempts ?? 10;
  const probe =
    options.probe ??
    (async () => {
      await (await js.jetstreamManager(false)).getAccountInfo();
    });
  const subjectPrefix = options.subjectPrefix ?? '';
  const log = options.logger.child({ component: 'outbox-relay' });
  const outbox = createOutboxRepository(db);

  let consecutiveFailures = 0;
  let publishedTotal = 0;
  let lastPublishedAt: string | null = null;
  let lastError: OutboxRelayHealth['lastError'] = null;

  function recordError(err: unknown) {
    const e = err instanceof Error ? err : new Error(String(err));
    lastError = {
      code: e instanceof WorkerError ? e.code : 'OUTBOX_RELAY_FAILED',
      message: e.message,
      at: new Date().toISOString(),
    };
  }

  /** The error and its causes in one line: what an operator reads in `last_error`. */
  function describe(err: unknown): string {
    const parts: string[] = [];
    for (let e: unknown = err; e !== undefined && parts.length < 4; e = (e as { cause?: unknown }).cause) {
      parts.push(e instanceof Error ? e.message : String(e));
      if (!(e instanceof Error)) break;
    }
    return parts.join(': ').slice(0, 1000);
  }

  async function publish(row: OutboxRow): Promise<PubAck> {
    const h = headers();
    if (row.requestId) h.set('x-request-id', row.requestId);
    try {
      return await js.publish(`${subjectPrefix}${row.subject}`, JSON.stringify(row.payload), {
        msgID: row.id,
        headers: h,
        timeout: publishTimeoutMs,
      });
    } catch (err) {
      throw new OutboxPublishError(row.id, { cause: err });
    }
  }

  async function reachable(): Promise<boolean> {
    try {
      await probe();
      return true;
    } catch {
      return false;
    }
  }

  async function relayBatch(): Promise<RelayBatchResult> {
    return db.transaction(async (tx) => {
      const rows = await outbox.claimUnpublished(batchSize, tx);
      const result: RelayBatchResult = {
        claimed: rows.length,
        published: 0,
        duplicates: 0,
        failed: 0,
        deadLettered: 0,
        outage: false,
      };
      if (rows.length === 0) return result;

      // Published back to back on one connection, so the stream stores them in outbox order,
      // and the batch costs one round trip of PubAcks rather than one per row.
      const settled = await Promise.allSettled(rows.map(publish));

      const publishedIds: string[] = [];
      const failed: { row: OutboxRow; reason: unknown }[] = [];
      settled.forEach((s, i) => {
        const row = rows[i]!;
        if (s.status === 'fulfilled') {
          publishedIds.push(row.id);
          if (s.value.duplicate) result.duplicates++;
          log.info(
            {
              requestId: row.requestId ?? undefined,
              eventId: row.id,
              type: row.type,
              stream: s.value.stream,
              seq: s.value.seq,
              duplicate: s.value.duplicate,
            },
            'outbox event published',
          );
        } else {
          failed.push({ row, reason: s.reason });
          recordError(s.reason);
        }
      });

      // If this commit is lost the rows are published again next time; Nats-Msg-Id drops the copies.
      await outbox.markPublished(publishedIds, tx);
      result.published = publishedIds.length;
      result.failed = failed.length;
      if (result.published > 0) {
        publishedTotal += result.published;
        lastPublishedAt = new Date().toISOString();
      }
      if (failed.length === 0) return result;

      // All failed and JetStream does not answer: NATS is down, not the rows. They keep their
      // place and their attempts; the loop backs off as a whole.
      if (publishedIds.length === 0 && !(await reachable())) {
        result.outage = true;
        log.warn({ failed: failed.length }, 'NATS unreachable: outbox events wait');
        return result;
      }

      const failures: OutboxFailure[] = [];
      const dead: string[] = [];
      for (const { row, reason } of failed) {
        const attempts = row.attempts + 1;
        const error = describe(reason);
        const fields = { requestId: row.requestId ?? undefined, eventId: row.id, type: row.type, attempts };
        failures.push({ id: row.id, error, retryInMs: backoffDelay(attempts, rowBackoff) });
        if (attempts >= maxAttempts) {
          dead.push(row.id);
          log.error({ ...fields, error }, 'outbox event dead-lettered: JetStream refused it too often');
        } else {
          log.warn({ ...fields, error }, 'outbox event not published; will retry');
        }
      }
      await outbox.recordFailures(failures, tx);
      await outbox.deadLetter(dead, tx);
      result.deadLettered = dead.length;
      return result;
    });
  }

  const loop = createRunLoop(async ({ stopping, sleep }) => {
    log.info({ batchSize, pollIntervalMs }, 'outbox relay started');
    while (!stopping()) {
      let delay = pollIntervalMs;
      try {
        const r = await relayBatch();
        if (r.outage) {
          consecutiveFailures++;
          delay = backoffDelay(consecutiveFailures, backoff);
        } else {
          // Rows JetStream refused are deferred by their own next_attempt_at: the loop goes on.
          consecutiveFailures = 0;
          // A full batch means there is probably more waiting: drain before sleeping.
          if (r.claimed === batchSize) delay = 0;
        }
      } catch (err) {
        consecutiveFailures++;
        recordError(err);
        delay = backoffDelay(consecutiveFailures, backoff);
        log.error({ err, consecutiveFailures, retryInMs: delay }, 'outbox relay batch failed');
      }
      if (delay > 0 && !stopping()) await sleep(delay);
    }
    log.info('outbox relay stopped');
  });

  return {
    start: loop.start,
    stop: loop.stop,
    wake: loop.wake,
    relayBatch,
    async health() {
      let unpublished: number | null = null;
      let deadLetters: number | null = null;
      try {
        [unpublished, deadLetters] = await Promise.all([
          outbox.countUnpublished(),
          outbox.countDeadLetters(),
        ]);
      } catch {
        // Health must answer even when the database does not; lastError tells why.
      }
      return {
        running: loop.running(),
        consecutiveFailures,
        publishedTotal,
        lastPublishedAt,
        lastError,
        unpublished,
        deadLetters,
      };
    },
  };
}
