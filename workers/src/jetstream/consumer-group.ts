import type { DurableConsumer } from './durable-consumer';

/**
 * Several durable consumers run and reported as one (a feature with a consumer per subject, such
 * as the lead or the mail consumers): started and stopped together, their health summed.
 */
export function consumerGroup(consumers: readonly DurableConsumer[]): DurableConsumer {
  return {
    start() {
      for (const c of consumers) c.start();
    },
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
    },
    async health() {
      const all = await Promise.all(consumers.map((c) => c.health()));
      const sum = (k: 'handled' | 'failed' | 'deadLettered' | 'consecutiveFailures') =>
        all.reduce((n, h) => n + h[k], 0);
      const pending = (k: 'numPending' | 'numAckPending') =>
        all.some((h) => h[k] === null) ? null : all.reduce((n, h) => n + (h[k] ?? 0), 0);
      return {
        running: all.every((h) => h.running),
        consecutiveFailures: sum('consecutiveFailures'),
        handled: sum('handled'),
        failed: sum('failed'),
        deadLettered: sum('deadLettered'),
        lastHandledAt:
          all
            .map((h) => h.lastHandledAt)
            .filter(Boolean)
            .sort()
            .at(-1) ?? null,
        lastError: all.find((h) => h.lastError)?.lastError ?? null,
        numPending: pending('numPending'),
        numAckPending: pending('numAckPending'),
      };
    },
  };
}
