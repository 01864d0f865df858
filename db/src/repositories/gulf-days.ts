import { GULF_UTC_OFFSET_MINUTES } from '@qahwa/schema/reference';
import { type AnyColumn, gte, lt, type SQL } from 'drizzle-orm';

/**
 * A back-office date filter over Gulf calendar days (Asia/Dubai, UTC+4 all year), both ends
 * included. Days are held to 1900–2999, as on the orders screen: year 0000 is a valid ISO date
 * but no PostgreSQL timestamp, and nothing here is older or newer.
 */
const clampDay = (day: string) =>
  day < '1900-01-01' ? '1900-01-01' : day > '2999-12-31' ? '2999-12-31' : day;
const dayStart = (day: string) =>
  new Date(Date.parse(`${clampDay(day)}T00:00:00Z`) - GULF_UTC_OFFSET_MINUTES * 60_000);

export function gulfDaysWhere(column: AnyColumn, range: { from?: string; to?: string }): SQL[] {
  const where: SQL[] = [];
  if (range.from) where.push(gte(column, dayStart(range.from)));
  if (range.to) where.push(lt(column, new Date(dayStart(range.to).getTime() + 86_400_000)));
  return where;
}
