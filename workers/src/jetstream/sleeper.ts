/**
 * An interruptible sleep: loops wait on it between polls and `wake()` cuts the wait short,
 * so stop() and "there is new work" take effect at once rather than after the poll interval.
 */
export function createSleeper() {
  let pending: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  return {
    sleep(ms: number): Promise<void> {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending = null;
          resolve();
        }, ms);
        pending = { timer, resolve };
      });
    },
    wake(): void {
      if (!pending) return;
      clearTimeout(pending.timer);
      const { resolve } = pending;
      pending = null;
      resolve();
    },
  };
}
