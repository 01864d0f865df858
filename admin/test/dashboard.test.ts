import { describe, expect, it } from 'vitest';
import { barPercent, fillTrend } from '../dashboard/trend';
import { dubaiDay, formatDateTime } from '../i18n/format';
import { pageWindow, parsePage } from '../orders/pagination';

describe('sales trend', () => {
  it('fills the 14 days ending today, oldest first, with zeros for quiet days', () => {
    const days = fillTrend([{ day: '2026-03-01', orders: 2, revenue: 150.5 }], '2026-03-02');
    expect(days).toHaveLength(14);
    expect(days[0]?.day).toBe('2026-02-17');
    expect(days.at(-1)).toEqual({ day: '2026-03-02', orders: 0, revenue: 0 });
    expect(days.at(-2)).toEqual({ day: '2026-03-01', orders: 2, revenue: 150.5 });
  });

  it('drops days outside the window', () => {
    const days = fillTrend([{ day: '2025-01-01', orders: 9, revenue: 9 }], '2026-03-02');
    expect(days.every((d) => d.orders === 0)).toBe(true);
  });

  it('keeps a busy day full length and a small one visible', () => {
    expect(barPercent(10, 10)).toBe(100);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(0, 10)).toBe(0);
  });
});

describe('dates', () => {
  it('are Dubai time with Latin digits in both languages', () => {
    // 21:30 UTC is already the next day in Dubai (UTC+4).
    expect(dubaiDay(new Date('2026-03-01T21:30:00Z'))).toBe('2026-03-02');
    const ar = formatDateTime('2026-03-01T21:30:00Z', 'ar');
    expect(ar).toMatch(/2026/);
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(formatDateTime('2026-03-01T21:30:00Z', 'en')).toMatch(/2 Mar 2026/);
  });
});

describe('orders pagination', () => {
  it('reads ?page= defensively', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage(['2', '5'])).toBe(2);
    for (const bad of ['0', '-1', 'abc', '1.5', '9999999']) expect(parsePage(bad), bad).toBe(1);
  });

  it('turns a page and a total into offsets and Previous/Next', () => {
    expect(pageWindow(1, 120)).toMatchObject({
      offset: 0,
      limit: 50,
      pages: 3,
      from: 1,
      to: 50,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageWindow(3, 120)).toMatchObject({
      offset: 100,
      from: 101,
      to: 120,
      hasPrevious: true,
      hasNext: false,
    });
    expect(pageWindow(1, 0)).toMatchObject({ pages: 1, from: 0, to: 0, hasNext: false });
  });
});
