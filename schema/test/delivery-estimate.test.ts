import { describe, expect, it } from 'vitest';
import { gulfDate } from '../src/reference/gulf-time';
import { deliveryDays, deliveryWindow } from '../src/shipping/delivery-estimate';

describe("a shipping rule's estimated delivery", () => {
  it('reads the days as staff type them', () => {
    expect(deliveryDays('1-3')).toEqual([1, 3]);
    expect(deliveryDays(' 2 – 4 ')).toEqual([2, 4]);
    expect(deliveryDays('2')).toEqual([2, 2]);
    expect(deliveryDays('Next day')).toBeNull();
    expect(deliveryDays('5-2')).toBeNull();
  });

  it('counts calendar days from the day the order is placed in Dubai, across a month and a year', () => {
    // 22:30 UTC on 28 November is 02:30 on 29 November in Dubai.
    expect(deliveryWindow('1-3', gulfDate(new Date('2026-11-28T22:30:00Z')))).toEqual({
      from: '2026-11-30',
      to: '2026-12-02',
    });
    expect(deliveryWindow('2', '2026-12-30')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('is nothing without a rule or with free text', () => {
    expect(deliveryWindow(null, '2026-11-28')).toBeNull();
    expect(deliveryWindow(undefined, '2026-11-28')).toBeNull();
    expect(deliveryWindow('soon', '2026-11-28')).toBeNull();
  });
});
