import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttled } from '../src/catalogue/throttle';

/** The catalogue's rebuild trigger (docs/performance.md): bursts coalesce, nothing is missed. */
describe('throttled rebuilds', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const clock = () => Date.now();

  it('rebuilds at once after a quiet gap, and once at the end of the gap for any burst inside it', async () => {
    const runs: number[] = [];
    const rebuild = throttled(
      async () => {
        runs.push(Date.now());
      },
      250,
      clock,
    );
    const t0 = Date.now();
    await rebuild('event');
    expect(runs).toEqual([t0]);
    // 50 orders a second for a second: 50 events.
    const waiting: Promise<void>[] = [];
    for (let i = 1; i <= 50; i++) {
      vi.advanceTimersByTime(20);
      waiting.push(rebuild('event'));
    }
    await vi.advanceTimersByTimeAsync(300);
    await Promise.all(waiting);
    // At most one rebuild per 250 ms, and the last event (at t0 + 1000) was followed by one.
    expect(runs.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(250);
    expect(runs.at(-1)!).toBeGreaterThanOrEqual(t0 + 1000);
    expect(runs.at(-1)! - (t0 + 1000)).toBeLessThanOrEqual(250);
  });

  it('resolves a caller only after a rebuild that started after its call', async () => {
    let done = 0;
    const rebuild = throttled(
      async () => {
        done++;
      },
      250,
      clock,
    );
    await rebuild('event');
    const second = rebuild('event');
    expect(done).toBe(1);
    await vi.advanceTimersByTimeAsync(250);
    await second;
    expect(done).toBe(2);
  });
});
