const dubaiDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Dubai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The calendar day in the UAE (the store's day for "orders per day") of an instant, as
 * `YYYY-MM-DD`. Through Intl rather than a fixed +04:00 so the zone database stays the truth.
 */
export function dubaiDay(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  const parts = Object.fromEntries(dubaiDate.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
