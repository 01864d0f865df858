import { createMaintenanceRepository, type Db, type PruneResult, type Retention } from '@qahwa/db';
import type { Logger } from 'pino';
import { createSleeper } from '../sleeper';

export interface PrunerOptions {
  db: Db;
  logger: Logger;
  retention: Retention;
  /** Time between two runs; the first runs at start. */
  intervalMs: number;
}

export interface PrunerHealth {
  running: boolean;
  lastRunAt: string | null;
  lastResult: PruneResult | null;
  lastError: { code: string; message: string; at: string } | null;
}

export interface Pruner {
  start(): void;
  stop(): Promise<void>;
  /** One pass; for tests and the loop. */
  runOnce(): Promise<PruneResult>;
  health(): PrunerHealth;
}

/** Prunes finished bookkeeping on a schedule (processed events, published outbox rows, expired keys and sessions). */
export function createPruner(options: PrunerOptions): Pruner {
  const log = options.logger.child({ component: 'pruner' });
  const repo = createMaintenanceRepository(options.db);
  const sleeper = createSleeper();
  let loop: Promise<void> | null = null;
  let stopping = false;
  let lastRunAt: string | null = null;
  let lastResult: PruneResult | null = null;
  let lastError: PrunerHealth['lastError'] = null;

  async function runOnce(): Promise<PruneResult> {
    const started = performance.now();
    const result = await repo.prune(options.retention);
    lastRunAt = new Date().toISOString();
    lastResult = result;
    log.info({ ...result, ms: Math.round(performance.now() - started) }, 'pruned');
    return result;
  }

  async function run() {
    while (!stopping) {
      try {
        await runOnce();
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        lastError = { code: 'PRUNE_FAILED', message, at: new Date().toISOString() };
        // The next run tries again; nothing pruned late is lost, only kept longer.
        log.error({ err }, 'pruning failed');
      }
      if (!stopping) await sleeper.sleep(options.intervalMs);
    }
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
    runOnce,
    health: () => ({ running: loop !== null, lastRunAt, lastResult, lastError }),
  };
}
