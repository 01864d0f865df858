export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before the next attempt after `failures` consecutive failures: doubling from `baseMs`,
 * capped at `maxMs`, with up to 20% jitter so several relays that failed together do not
 * hammer NATS or Postgres in step. `random` is injectable so tests are deterministic.
 */
export function backoffDelay(
  failures: number,
  { baseMs, maxMs }: BackoffOptions,
  random = Math.random,
): number {
  if (failures <= 0) return 0;
  const exp = Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 30));
  const jitter = exp * 0.2 * random();
  return Math.round(Math.min(maxMs, exp - jitter));
}
