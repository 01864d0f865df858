export interface TrendDay {
  day: string;
  orders: number;
  revenue: number;
}

export const TREND_DAYS = 14;

function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/**
 * The last `days` calendar days ending `today` (oldest first), one entry per day: the
 * projection may leave out days without orders, and a chart with gaps would lie about time.
 */
export function fillTrend(points: readonly TrendDay[], today: string, days = TREND_DAYS): TrendDay[] {
  const byDay = new Map<string, TrendDay>();
  for (const point of points) {
    const seen = byDay.get(point.day);
    byDay.set(
      point.day,
      seen
        ? { day: point.day, orders: seen.orders + point.orders, revenue: seen.revenue + point.revenue }
        : point,
    );
  }
  return Array.from({ length: days }, (_, index) => {
    const day = addDays(today, index - (days - 1));
    return byDay.get(day) ?? { day, orders: 0, revenue: 0 };
  });
}

/** Bar length as a percentage of the busiest day; a day with any orders stays visible. */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 100));
}
