import type { Logger } from 'pino';
import { createPeriodic } from '../jetstream';

/** A maintenance pass run every interval (the first at start), with what its health reports. */
export interface MaintenanceTask<R, A extends unknown[]> {
  start(): void;
  stop(): Promise<void>;
  /** One pass; for tests and the loop. */
  runOnce(...args: A): Promise<R>;
  health(): { running: boolean; lastRunAt: string | null; lastError: string | null };
}

/**
 * The loop around one of the workers' maintenance passes: runs `pass` every `intervalMs`, keeps
 * when it last ran and why it last failed for the health endpoint, and logs a failure (the next
 * pass tries again) without stopping the loop.
 */
export function maintenanceTask<R, A extends unknown[]>(options: {
  intervalMs: number;
  log: Logger;
  /** What the error log says failed, e.g. 'coupon hold sweep'. */
  name: string;
  pass: (...args: A) => Promise<R>;
}): MaintenanceTask<R, A> {
  let lastRunAt: string | null = null;
  let lastError: string | null = null;

  async function runOnce(...args: A): Promise<R> {
    const result = await options.pass(...args);
    lastRunAt = new Date().toISOString();
    return result;
  }

  const loop = createPeriodic({
    intervalMs: options.intervalMs,
    async pass() {
      await (runOnce as () => Promise<R>)();
      lastError = null;
    },
    onError(err) {
      lastError = err instanceof Error ? err.message : String(err);
      options.log.error({ err }, `${options.name} failed; next pass tries again`);
    },
  });

  return {
    start: loop.start,
    stop: loop.stop,
    runOnce,
    health: () => ({ running: loop.running(), lastRunAt, lastError }),
  };
}
