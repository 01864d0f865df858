/**
 * The store's calendar is the UAE's: Gulf Standard Time, UTC+4, with no daylight saving.
 * A date without a time (a sale's "2025-12-31", a promotion's end date from a date input)
 * means that whole day in Dubai, so a sale "until 31 December" still runs at 23:30 in Dubai.
 */
export const GULF_UTC_OFFSET_MINUTES = 240;
const OFFSET_MS = GULF_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateOnlyStartMs(text: string): number | null {
  const m = DATE_ONLY.exec(text.trim());
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(utc) ? null : utc - OFFSET_MS;
}

/** The first instant of a window: a plain date starts at 00:00 in Dubai. NaN when unreadable. */
export function windowStartMs(text: string): number {
  return dateOnlyStartMs(text) ?? Date.parse(text);
}

/** The last instant of a window: a plain date runs to the end of that day in Dubai. NaN when unreadable. */
export function windowEndMs(text: string): number {
  const start = dateOnlyStartMs(text);
  return start === null ? Date.parse(text) : start + DAY_MS - 1;
}

/** Both ends included. An unreadable bound makes the window closed: nothing runs on a typo. */
export function isWithinWindow(start: string, end: string, now: Date): boolean {
  const t = now.getTime();
  const from = windowStartMs(start);
  const to = windowEndMs(end);
  if (Number.isNaN(from) || Number.isNaN(to) || Number.isNaN(t)) return false;
  return t >= from && t <= to;
}

/** Today's date in Dubai as YYYY-MM-DD (what a date input shows). */
export function gulfDate(now: Date): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const start = dateOnlyStartMs(date);
  if (start === null) throw new RangeError(`Not a date: ${date}`);
  return new Date(start + OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}
