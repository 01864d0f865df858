import { describe, expect, it, vi } from 'vitest';
import {
  areaPoints,
  barPercent,
  columns,
  labelIndexes,
  linePoints,
  niceAxis,
  parsePeriod,
  peakIndex,
  percent,
  ringSegments,
} from '@/dashboard/chart';
import { dubaiDay, formatCount, formatDateTime, formatDay } from '@/i18n/format';
import { pageWindow, parsePage } from '@/orders/pagination';

describe('dashboard chart geometry', () => {
  const box = { width: 100, height: 50 };

  it('puts the oldest day at the start edge: left in English, right in Arabic', () => {
    const ltr = columns([1, 2, 4, 0], box, 'ltr', 4);
    const rtl = columns([1, 2, 4, 0], box, 'rtl', 4);
    // Four slots of 25 with a gap: the first column is the leftmost in ltr, the rightmost in rtl.
    expect(ltr[0]?.x).toBeLessThan(ltr[1]?.x ?? 0);
    expect(rtl[0]?.x).toBeGreaterThan(rtl[1]?.x ?? 0);
    // Mirror images of each other, same widths and heights.
    ltr.forEach((col, i) => {
      expect((rtl[i]?.x ?? 0) + col.width).toBeCloseTo(box.width - col.x, 1);
      expect(rtl[i]?.height).toBe(col.height);
    });
    // Heights follow the values against the axis top; a zero day draws nothing.
    expect(ltr.map((c) => c.height)).toEqual([12.5, 25, 50, 0]);
    expect(ltr[2]?.y).toBe(0);
  });

  it('draws a lone day as one centred column, not the whole box', () => {
    const [only] = columns([5], { width: 600, height: 200 }, 'rtl', 5);
    expect(only).toEqual({ x: 276, y: 0, width: 48, height: 200 });
  });

  it('keeps a day with one order visible and 365 days inside the box', () => {
    expect(columns([1, 10_000], box, 'ltr', 10_000)[0]?.height).toBe(1);
    const year = columns(
      Array.from({ length: 365 }, () => 1),
      box,
      'rtl',
      1,
    );
    expect(Math.min(...year.map((c) => c.x))).toBeGreaterThanOrEqual(0);
    expect(Math.max(...year.map((c) => c.x + c.width))).toBeLessThanOrEqual(box.width + 0.01);
  });

  it('draws lines through the slot centres in reading order', () => {
    expect(linePoints([0, 10], box, 'ltr', 10)).toBe('25,50 75,0');
    expect(linePoints([0, 10], box, 'rtl', 10)).toBe('75,50 25,0');
    expect(areaPoints([0, 10], box, 'rtl', 10)).toBe('75,50 75,50 25,0 25,50');
  });

  it('rounds the axis to numbers a person would say', () => {
    expect(niceAxis(0)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceAxis(3, true)).toMatchObject({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceAxis(37)).toMatchObject({ max: 40, step: 10 });
    expect(niceAxis(1234.5).ticks).toEqual([0, 500, 1000, 1500]);
    expect(niceAxis(0.3, true).step).toBe(1);
  });

  it("splits the donut into the statuses' shares, end to end", () => {
    const c = 2 * Math.PI * 60;
    const rings = ringSegments([3, 0, 1], c);
    expect(rings.map((r) => r.share)).toEqual([0.75, 0, 0.25]);
    expect(rings[0]?.start).toBe(0);
    expect(rings[2]?.start).toBeCloseTo(c * 0.75, 1);
    expect(rings.reduce((sum, r) => sum + r.length, 0)).toBeCloseTo(c, 1);
    expect(ringSegments([0, 0], c).every((r) => r.length === 0)).toBe(true);
    expect([percent(0), percent(0.001), percent(0.5), percent(0.999), percent(1)]).toEqual([
      0, 1, 50, 99, 100,
    ]);
  });

  it('labels the first, the last and a few days between', () => {
    expect(labelIndexes(30)).toEqual([0, 7, 15, 22, 29]);
    expect(labelIndexes(1)).toEqual([0]);
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
  });

  it('finds the best day and sizes inline bars', () => {
    expect(peakIndex([0, 5, 9, 9])).toBe(2);
    expect(peakIndex([0, 0])).toBe(-1);
    expect(barPercent(10, 10)).toBe(100);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(0, 10)).toBe(0);
  });

  it("reads ?period= defensively, 30 days unless it is one of the picker's", () => {
    expect(parsePeriod('7d')).toBe('7d');
    expect(parsePeriod(['365d', 'today'])).toBe('365d');
    for (const bad of [undefined, '', '8d', 'TODAY', '30d '] as const) expect(parsePeriod(bad)).toBe('30d');
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

  it('format a table of rows without building a formatter per row (a page of the audit log is 50)', () => {
    // Building an Intl formatter costs hundreds of times more than formatting with one.
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      for (let row = 0; row < 50; row++) {
        formatDateTime('2026-03-01T21:30:00Z', row % 2 ? 'ar' : 'en');
        formatDay('2026-03-01', row % 2 ? 'ar' : 'en');
        formatCount(row, 'ar');
        dubaiDay();
      }
      expect(made).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
      numbers.mockRestore();
    }
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
