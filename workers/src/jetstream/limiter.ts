/**
 * Bounds how many messages are processed at once (nats.js `07_consume_jobs.js` uses a mutex the
 * same way): each holds a pooled database connection, and the pool must keep room for others.
 */
export function createLimiter(max: number) {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError(`limiter size must be a positive integer, got ${max}`);
  let active = 0;
  const waiting: Array<() => void> = [];
  let idleWaiters: Array<() => void> = [];

  return {
    get active() {
      return active;
    },
    acquire(): Promise<void> {
      if (active < max) {
        active++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      // The slot passes straight to the next waiter, so `active` does not change.
      if (next) {
        next();
        return;
      }
      active--;
      if (active === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
    },
    /** Resolves once nothing holds a slot: lets stop() wait for in-flight work. */
    idle(): Promise<void> {
      if (active === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
