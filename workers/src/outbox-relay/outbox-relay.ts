import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { createOutboxRepository, type Db } from '@qahwa/db';
import type { Logger } from 'pino';
import { OutboxPublishError, WorkerError } from '../errors';
import { createSleeper } from '../sleeper';
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
  backoff?: BackoffOptions;
  /** Prepended to each row's subject, so a test stream can live beside `commerce.>` on a shared server. */
  subjectPrefix?: string;
}

export interface RelayBatchResult {
  claimed: number;
  published: number;
  /** Accepted by JetStream as already stored (Nats-Msg-Id seen): a retry after a lost mark. */
  duplicates: number;
  failed: number;
}

export interface OutboxRelayHealth {
  running: boolean;
  consecutiveFailures: number;
  publishedTotal: number;
  lastPublishedAt: string | null;
  lastError: { code: string; message: string; at: string } | null;
  /** Rows still waiting; null when the database cannot be asked. */
  unpublished: number | null;
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

type OutboxRow = Awaited<ReturnType<ReturnType<typeof createOutboxRepository>['claimUnpublished']>>[number];

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, js } = options;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const backoff = options.backoff ?? { baseMs: 500, maxMs: 30_000 };
  const subjectPrefix = options.subjectPrefix ?? '';
  const log = options.logger.child({ component: 'outbox-relay' });
  const outbox = createOutboxRepository(db);
  const sleeper = createSleeper();

  let loop: Promise<void> | null = null;
  let stopping = false;
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

  async function relayBatch(): Promise<RelayBatchResult> {
    return db.transaction(async (tx) => {
      const rows = await outbox.claimUnpublished(tx, batchSize);
      const result: RelayBatchResult = { claimed: rows.length, published: 0, duplicates: 0, failed: 0 };
      if (rows.length === 0) return result;

      // Published back to back on one connection, so the stream stores them in outbox order,
      // and the batch costs one round trip of PubAcks rather than one per row.
      const settled = await Promise.allSettled(rows.map(publish));

      const publishedIds: string[] = [];
      const failedIds: string[] = [];
      settled.forEach((s, i) => {
        const row = rows[i]!;
        const fields = { requestId: row.requestId ?? undefined, eventId: row.id, type: row.type };
        if (s.status === 'fulfilled') {
          publishedIds.push(row.id);
          if (s.value.duplicate) result.duplicates++;
          log.info(
            { ...fields, stream: s.value.stream, seq: s.value.seq, duplicate: s.value.duplicate },
            'outbox event published',
          );
        } else {
          failedIds.push(row.id);
          recordError(s.reason);
          log.warn({ ...fields, attempts: row.attempts + 1, err: s.reason }, 'outbox event not published');
        }
      });

      // If this commit is lost the rows are published again next time; Nats-Msg-Id drops the copies.
      await outbox.markPublished(tx, publishedIds);
      await outbox.markAttempt(tx, failedIds);
      result.published = publishedIds.length;
      result.failed = failedIds.length;
      if (result.published > 0) {
        publishedTotal += result.published;
        lastPublishedAt = new Date().toISOString();
      }
      return result;
    });
  }

  async function run() {
    log.info({ batchSize, pollIntervalMs }, 'outbox relay started');
    while (!stopping) {
      let delay = pollIntervalMs;
      try {
        const r = await relayBatch();
        if (r.failed > 0) {
          consecutiveFailures++;
          delay = backoffDelay(consecutiveFailures, backoff);
        } else {
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
      if (delay > 0 && !stopping) await sleeper.sleep(delay);
    }
    log.info('outbox relay stopped');
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      loop = run().finally(() => {
        loop = null;
      });
    },
    async stop() {
      stopping = true;
      sleeper.wake();
      await loop;
    },
    wake: () => sleeper.wake(),
    relayBatch,
    async health() {
      let unpublished: number | null = null;
      try {
        unpublished = await outbox.countUnpublished();
      } catch {
        // Health must answer even when the database does not; lastError tells why.
      }
      return {
        running: loop !== null,
        consecutiveFailures,
        publishedTotal,
        lastPublishedAt,
        lastError,
        unpublished,
      };
    },
  };
}
