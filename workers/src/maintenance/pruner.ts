import { createMaintenanceRepository, type Db, type PruneResult, type Retention } from '@qahwa/db';
import type { Logger } from 'pino';
import { createPeriodic } from '../jetstream';

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

/**
 * Prunes finished bookkeeping on a schedule (processed events, published outbox rows, expired keys
 * and sessions) and old provider webhook bodies down to their ids.
 */
export function createPruner(options: PrunerOptions): Pruner {
  const log = options.logger.child({ component: 'pruner' });
  const repo = createMaintenanceRepository(options.db);
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

  const loop = createPeriodic({
    intervalMs: options.intervalMs,
    pass: runOnce,
    onError(err) {
      const message = err instanceof Error ? err.message : String(err);
      lastError = { code: 'PRUNE_FAILED', message, at: new Date().toISOString() };
      // The next run tries again; nothing pruned late is lost, only kept longer.
      log.error({ err }, 'pruning failed');
    },
  });

  return {
    start: loop.start,
    stop: loop.stop,
    runOnce,
    health: () => ({ running: loop.running(), lastRunAt, lastResult, lastError }),
  };
}
