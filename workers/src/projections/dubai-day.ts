import { gulfDate } from '@qahwa/schema';

/**
 * The calendar day in the UAE (the store's day for "orders per day") of an instant, as
 * `YYYY-MM-DD`. The shared `gulfDate` rule, so the projection files an order under the same day
 * the dashboard calls "today"; this adds the check that the instant is a real one.
 */
export function dubaiDay(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  return gulfDate(date);
}
