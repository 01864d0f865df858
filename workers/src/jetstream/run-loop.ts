import { createSleeper } from './sleeper';

/** What a loop's body sees: whether stop() was called, and a sleep that stop() and wake() cut short. */
export interface LoopControl {
  stopping(): boolean;
  sleep(ms: number): Promise<void>;
}

export interface RunLoop {
  /** Starts the body once; a second start while it runs does nothing. */
  start(): void;
  /** Asks the body to end, cuts its sleep short, runs `interrupt`, then waits for the body. */
  stop(): Promise<void>;
  /** Cuts the current sleep short without stopping. */
  wake(): void;
  running(): boolean;
}

/**
 * The start/stop life of every background loop in this process (consumers, the outbox relay, the
 * periodic passes): one body running at a time, a stop that does not wait out the idle sleep, and
 * `interrupt` for what the sleep does not cover (a consumer's open pull).
 */
export function createRunLoop(
  body: (control: LoopControl) => Promise<void>,
  interrupt?: () => Promise<void> | void,
): RunLoop {
  const sleeper = createSleeper();
  let loop: Promise<void> | null = null;
  let stopping = false;
  const control: LoopControl = { stopping: () => stopping, sleep: (ms) => sleeper.sleep(ms) };
  return {
    start() {
      if (loop) return;
      stopping = false;
      loop = body(control).finally(() => {
        loop = null;
      });
    },
    async stop() {
      stopping = true;
      sleeper.wake();
      await interrupt?.();
      await loop;
    },
    wake: () => sleeper.wake(),
    running: () => loop !== null,
  };
}

export interface PeriodicOptions {
  /** Time between the end of one pass and the start of the next; the first runs at start. */
  intervalMs: number;
  pass(): Promise<unknown>;
  /** A failed pass is reported here; the next pass tries again after the interval. */
  onError(err: unknown): void;
}

/** A pass run at start and then every `intervalMs` until stopped (the pruner, the webhook watch). */
export function createPeriodic(options: PeriodicOptions): RunLoop {
  return createRunLoop(async ({ stopping, sleep }) => {
    while (!stopping()) {
      try {
        await options.pass();
      } catch (err) {
        options.onError(err);
      }
      if (!stopping()) await sleep(options.intervalMs);
    }
  });
}
