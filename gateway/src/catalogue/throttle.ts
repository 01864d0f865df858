/**
 * Calls `fn` at most once per `gapMs`: a call after a quiet gap runs at once; calls inside the
 * gap become ONE call at its end, so the last call is always followed by a run that starts after
 * it (nothing announced is missed). Used for the catalogue's rebuild on CatalogueChanged: every
 * COD order takes stock and announces it, and at 50 orders/s the gateway rebuilt back to back
 * (each rebuild reads and serialises the whole catalogue) — CPU the orders themselves needed.
 * A change is now visible within `gapMs` plus a rebuild, instead of a rebuild (docs/performance.md).
 */
export function throttled(
  fn: (reason: string) => Promise<void>,
  gapMs: number,
  now: () => number = () => performance.now(),
): (reason: string) => Promise<void> {
  let lastRun = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;
  return (reason) => {
    if (pending) return pending;
    const wait = lastRun + gapMs - now();
    if (wait <= 0) {
      lastRun = now();
      return fn(reason);
    }
    pending = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending = null;
        lastRun = now();
        fn(reason).then(resolve, reject);
      }, wait);
      timer.unref?.();
    });
    return pending;
  };
}
