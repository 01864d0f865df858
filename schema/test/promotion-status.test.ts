import { describe, expect, it } from 'vitest';
import { promotionStatus, remainingUses } from '../src/promotions/promotion-status';

const base = {
  isActive: true,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-01-31T19:59:59.999Z',
  maxUses: null as number | null,
  usedCount: 0,
};

describe('a promotion in the back office list', () => {
  it('is off when switched off, whatever its dates', () => {
    expect(promotionStatus({ ...base, isActive: false }, new Date('2026-01-10T00:00:00Z'))).toBe('off');
  });
  it('is scheduled before its start, active inside its window, ended after it', () => {
    expect(promotionStatus(base, new Date('2025-12-31T23:59:59Z'))).toBe('scheduled');
    expect(promotionStatus(base, new Date('2026-01-01T00:00:00Z'))).toBe('active');
    expect(promotionStatus(base, new Date('2026-01-31T19:59:59.999Z'))).toBe('active');
    expect(promotionStatus(base, new Date('2026-01-31T20:00:00Z'))).toBe('ended');
  });
  it('is used up when every use is taken, and counts what is left (null: unlimited)', () => {
    expect(promotionStatus({ ...base, maxUses: 3, usedCount: 3 }, new Date('2026-01-10T00:00:00Z'))).toBe(
      'usedUp',
    );
    expect(remainingUses({ maxUses: 3, usedCount: 1 })).toBe(2);
    expect(remainingUses({ maxUses: 3, usedCount: 5 })).toBe(0);
    expect(remainingUses({ maxUses: null, usedCount: 9 })).toBeNull();
  });
});
