import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/outbox-relay/backoff';

const opts = { baseMs: 500, maxMs: 30_000 };
const noJitter = () => 0;

describe('backoffDelay', () => {
  it('does not wait before the first failure', () => {
    expect(backoffDelay(0, opts, noJitter)).toBe(0);
  });

  it('doubles from the base with each consecutive failure', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, opts, noJitter))).toEqual([500, 1_000, 2_000, 4_000]);
  });

  it('never exceeds the cap, however many failures', () => {
    expect(backoffDelay(7, opts, noJitter)).toBe(30_000);
    expect(backoffDelay(10_000, opts, noJitter)).toBe(30_000);
  });

  it('takes off at most a fifth as jitter', () => {
    expect(backoffDelay(3, opts, () => 0.999_999)).toBe(1_600);
    expect(backoffDelay(3, opts, () => 0.5)).toBe(1_800);
  });
});
