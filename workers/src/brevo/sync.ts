import { createMarketingRepository, type Db, type MarketingRow } from '@qahwa/db';
import type { Logger } from 'pino';
import type { BrevoSyncSettings } from '../config';
import { createSleeper } from '../jetstream';
import { backoffDelay } from '../outbox-relay/backoff';
import { type BrevoClient, createBrevoClient, isBrevoError } from './client';

export interface BrevoSyncOptions
  extends Pick<
    BrevoSyncSettings,
    'apiKey' | 'apiBase' | 'pollIntervalMs' | 'batchSize' | 'maxAttempts' | 'backoff' | 'requestTimeoutMs'
  > {
  db: Db;
  logger: Logger;
  /** A client other than the fetch one (tests); built from apiKey/apiBase when absent. */
  client?: BrevoClient;
  /** How long a claimed row is held before another run may take it (a run killed mid-send). */
  leaseMs?: number;
}

export interface BrevoSync {
  start(): void;
  stop(): Promise<void>;
  /** One pass over the due rows; returns how many it handled (tests, "sync now" in-process). */
  runOnce(): Promise<number>;
}

/**
 * Sends what marketing_sync owes to Brevo: `POST /v3/contacts` with `updateEnabled`, so a retry
 * or a second send of the same contact is an update, never a duplicate. A 429 waits for
 * Brevo's `x-sib-ratelimit-reset` (or the back-off, whichever is longer); a 5xx or no answer
 * backs off and retries up to `maxAttempts`; a 401/400 is failed at once with Brevo's reason
 * (shown on /backend/brevo). Without an API key nothing leaves: each row is marked `recorded`.
 */
export function createBrevoSync(options: BrevoSyncOptions): BrevoSync {
  const marketing = createMarketingRepository(options.db);
  const log = options.logger.child({ component: 'brevo-sync' });
  const live = options.apiKey !== '';
  const client =
    options.client ??
    (live
      ? createBrevoClient({
          apiKey: options.apiKey,
          apiBase: options.apiBase,
          timeoutMs: options.requestTimeoutMs,
        })
      : null);
  const leaseMs = options.leaseMs ?? Math.max(60_000, options.requestTimeoutMs * 3);
  const sleeper = createSleeper();
  let loop: Promise<void> | null = null;
  let stopping = false;

  async function sendOne(row: MarketingRow): Promise<void> {
    if (!client) {
      await marketing.markRecorded(row);
      log.info({ rowId: row.id, source: row.source }, 'no BREVO_API_KEY: contact recorded, not sent');
      return;
    }
    try {
      const { created } = await client.upsertContact(row.payload);
      await marketing.markSynced(row);
      log.info({ rowId: row.id, source: row.source, created }, 'contact synced to Brevo');
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const attempts = row.attempts + 1;
      if (isBrevoError(err) && err.retryable && attempts < options.maxAttempts) {
        const delay = Math.max(backoffDelay(attempts, options.backoff), err.retryAfterMs ?? 0);
        await marketing.markRetry(row, reason, delay);
        log.warn(
          { rowId: row.id, attempts, delayMs: delay, status: err.status },
          'Brevo sync failed; will retry',
        );
        return;
      }
      await marketing.markFailed(row, reason);
      log.error(
        { rowId: row.id, attempts, status: isBrevoError(err) ? err.status : null, reason },
        'Brevo sync failed for good',
      );
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await marketing.claimDue(options.batchSize, leaseMs);
    // One at a time: Brevo's limits are per account, and a batch of 25 is seconds of work.
    for (const row of rows) await sendOne(row);
    return rows.length;
  }

  async function run() {
    let failures = 0;
    while (!stopping) {
      try {
        const n = await runOnce();
        failures = 0;
        // A full batch: more may be due, go again at once.
        if (n < options.batchSize) await sleeper.sleep(options.pollIntervalMs);
      } catch (err) {
        failures++;
        log.error({ err, failures }, 'Brevo sync pass failed');
        await sleeper.sleep(backoffDelay(failures, { baseMs: options.pollIntervalMs, maxMs: 60_000 }));
      }
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      log.info({ live, apiBase: live ? options.apiBase : undefined }, 'Brevo sync started');
      loop = run();
    },
    async stop() {
      stopping = true;
      sleeper.wake();
      await loop;
      loop = null;
    },
    runOnce,
  };
}
