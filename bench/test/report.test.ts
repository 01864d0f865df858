import { describe, expect, it } from 'vitest';
import { shopper } from '../order-intake';
import {
  figure,
  formatTable,
  formatWindows,
  latencyWindows,
  parseServerTiming,
  percentile,
  ratio,
} from '../report';

describe('make bench figures', () => {
  it('marks a figure ok only when it meets its goal, in the goal’s direction', () => {
    expect(figure('ratio', 81, '%', ['>=', 80]).ok).toBe(true);
    expect(figure('ratio', 79.9, '%', ['>=', 80]).ok).toBe(false);
    expect(figure('p95', 150, 'ms', ['<=', 150]).ok).toBe(true);
    expect(figure('p95', 151, 'ms', ['<=', 150]).ok).toBe(false);
    expect(figure('errors', 0, 'requests', ['=', 0]).ok).toBe(true);
    expect(figure('errors', 1, 'requests', ['=', 0]).ok).toBe(false);
    // A stale read that never ended is a miss, not a number that happens to compare well.
    expect(figure('stale', Number.POSITIVE_INFINITY, 'ms', ['<=', 1000]).ok).toBe(false);
    expect(figure('context', 12.345, 'req/s')).toEqual({
      name: 'context',
      value: 12.35,
      unit: 'req/s',
      goal: null,
      ok: null,
    });
  });

  it('prints each figure beside its goal and the ratio of the two', () => {
    const f = figure('orders: p95', 75, 'ms', ['<=', 150]);
    expect(ratio(f)).toBe(0.5);
    expect(ratio(figure('errors', 3, 'requests', ['=', 0]))).toBeNull();
    const table = formatTable([f, figure('read', 100, 'req/s')]).split('\n');
    expect(table[2]).toMatch(/^orders: p95\s+75 ms\s+<= 150 ms\s+0\.50×\s+ok$/);
    expect(table[3]).toMatch(/^read\s+100 req\/s$/);
  });

  it('reads durations out of a Server-Timing header and skips what it cannot read', () => {
    expect(
      parseServerTiming(
        'gateway;dur=1.5, workflow-start;desc="start";dur=12, cache;desc=hit, db;dur=abc, activity;dur="3"',
      ),
    ).toEqual([
      { name: 'gateway', dur: 1.5 },
      { name: 'workflow-start', dur: 12, desc: 'start' },
      { name: 'activity', dur: 3 },
    ]);
    // The gateway's mark of an eager start, which the bench counts.
    expect(parseServerTiming('start;desc="eager";dur=4.2')).toEqual([
      { name: 'start', dur: 4.2, desc: 'eager' },
    ]);
    expect(parseServerTiming(null)).toEqual([]);
  });

  it('takes nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
  });

  it('gives every order its own address, e-mail and phone (per-shopper limits must not throttle the bench)', () => {
    const shoppers = Array.from({ length: 5000 }, (_, i) => shopper('r', i));
    for (const key of ['address', 'email', 'phone'] as const) {
      expect(new Set(shoppers.map((s) => s[key])).size).toBe(5000);
    }
    for (const s of shoppers) {
      expect(s.address).toMatch(/^10\.\d+\.\d+\.\d+$/);
      expect(s.phone).toMatch(/^\+97150\d{7}$/);
    }
  });

  it("cuts a run into windows: each one's p95 beside the machine's load, so a stall shows where it was", () => {
    // 10 s at 10/s: fast everywhere but 5–10 s, where one request in ten took 900 ms.
    const requests = Array.from({ length: 100 }, (_, i) => ({
      atMs: i * 100,
      ms: i >= 50 && i % 10 === 0 ? 900 : 20,
    }));
    const machine = [
      { atMs: 1_000, busyPct: 60, stealPct: 0 },
      { atMs: 6_000, busyPct: 95, stealPct: 30 },
      { atMs: 7_000, busyPct: 85, stealPct: 10 },
    ];
    const windows = latencyWindows(requests, machine, 5);
    expect(windows).toEqual([
      { fromS: 0, toS: 5, count: 50, p95: 20, busyPct: 60, stealPct: 0 },
      { fromS: 5, toS: 10, count: 50, p95: 900, busyPct: 90, stealPct: 20 },
    ]);
    const lines = formatWindows(windows).split('\n');
    expect(lines[1]).toMatch(/5–10 s\s+p95\s+900 ms\s+busy\s+90 %\s+steal\s+20 %\s+\(50 orders\)/);
    expect(formatWindows(latencyWindows(requests, [], 5))).toContain('busy     –');
  });
});
