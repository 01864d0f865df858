import { describe, expect, it } from 'vitest';
import { dubaiDay } from '../src/projections/dubai-day';

describe('dubaiDay', () => {
  it('is the UTC date while it is before 20:00 UTC', () => {
    expect(dubaiDay('2026-03-10T19:59:59.999Z')).toBe('2026-03-10');
  });

  it('is the next date from 20:00 UTC, midnight in Dubai', () => {
    expect(dubaiDay('2026-03-10T20:00:00.000Z')).toBe('2026-03-11');
  });

  it('rolls over months and years', () => {
    expect(dubaiDay('2025-12-31T21:00:00Z')).toBe('2026-01-01');
    expect(dubaiDay(new Date('2024-02-28T20:30:00Z'))).toBe('2024-02-29');
  });

  it('honours an explicit offset in the timestamp', () => {
    expect(dubaiDay('2026-03-10T23:30:00+04:00')).toBe('2026-03-10');
  });

  it('refuses what is not an instant', () => {
    expect(() => dubaiDay('yesterday')).toThrow(RangeError);
  });
});
