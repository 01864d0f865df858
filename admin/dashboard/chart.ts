import { DASHBOARD_PERIODS, type DashboardPeriod } from '@qahwa/schema';
import type { Direction } from '@qahwa/schema/reference';

export type { Direction };

/**
 * The dashboard's chart geometry, pure so it is unit-tested: the SVG components only draw what
 * these functions place. Time runs from the start edge — left to right in English, right to left
 * in Arabic — so the newest day always sits at the end edge, where a reader's eye finishes the
 * line (docs/admin.md, "Dashboard").
 */
export interface Box {
  width: number;
  height: number;
}

export interface Column {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Axis {
  max: number;
  step: number;
  ticks: number[];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** `?period=` read defensively: anything unknown (or repeated) is the contract's default. */
export const DEFAULT_PERIOD: DashboardPeriod = '30d';
export function parsePeriod(value: string | string[] | undefined): DashboardPeriod {
  const first = Array.isArray(value) ? value[0] : value;
  return (DASHBOARD_PERIODS as readonly string[]).includes(first ?? '')
    ? (first as DashboardPeriod)
    : DEFAULT_PERIOD;
}

/**
 * A round axis top at or above `value`, in four-ish steps of 1, 2 or 5 × 10ⁿ, so gridlines land
 * on numbers a person would say; counts never get a fractional step.
 */
export function niceAxis(value: number, integer = false): Axis {
  if (!(value > 0)) return { max: 1, step: 1, ticks: [0, 1] };
  const raw = value / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  let step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
  if (integer) step = Math.max(1, Math.round(step));
  const max = step * Math.ceil(value / step - 1e-9);
  const ticks: number[] = [];
  for (let t = 0; t <= max + step / 2; t += step) ticks.push(round(t));
  return { max: round(max), step, ticks };
}

/** The x of slot `index`'s start edge in a box of `n` equal slots, mirrored for rtl. */
function slotX(index: number, n: number, width: number, itemWidth: number, dir: Direction): number {
  const slot = width / n;
  const start = index * slot + (slot - itemWidth) / 2;
  return dir === 'ltr' ? start : width - start - itemWidth;
}

/** The widest a column gets, in the box's units. */
export const MAX_COLUMN = 48;

/**
 * One column per value, the first (oldest) at the start edge. A gap between columns while they
 * are wide enough to keep one (a year of days is 365 touching columns); a non-zero value is at
 * least 1 unit tall so a quiet day with one order is not drawn as none.
 */
export function columns(values: readonly number[], box: Box, dir: Direction, max: number): Column[] {
  const n = values.length;
  if (n === 0) return [];
  const slot = box.width / n;
  const gap = slot >= 6 ? Math.min(slot * 0.25, 10) : 0;
  // A lone day ("today") is a column, not a wall: capped and centred in its slot.
  const width = Math.min(slot - gap, MAX_COLUMN);
  return values.map((value, index) => {
    const height = max > 0 && value > 0 ? Math.max(1, (Math.min(value, max) / max) * box.height) : 0;
    return {
      x: round(slotX(index, n, box.width, width, dir)),
      y: round(box.height - height),
      width: round(width),
      height: round(height),
    };
  });
}

/** A line through the slots' centres (oldest at the start edge), as SVG `points`. */
export function linePoints(values: readonly number[], box: Box, dir: Direction, max: number): string {
  const n = values.length;
  return values
    .map((value, index) => {
      const x = slotX(index, n, box.width, 0, dir);
      const y = max > 0 ? box.height - (Math.min(value, max) / max) * box.height : box.height;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

/** The same line closed down to the baseline, for a filled area under it. */
export function areaPoints(values: readonly number[], box: Box, dir: Direction, max: number): string {
  const n = values.length;
  if (n === 0) return '';
  const first = round(slotX(0, n, box.width, 0, dir));
  const last = round(slotX(n - 1, n, box.width, 0, dir));
  return `${first},${box.height} ${linePoints(values, box, dir, max)} ${last},${box.height}`;
}

export interface RingSegment {
  /** Length of the arc along the circle's circumference. */
  length: number;
  /** How far along the circle the arc starts (for stroke-dashoffset, negated). */
  start: number;
  share: number;
}

/**
 * A donut's arcs as stroke-dash lengths along a circle of `circumference`, in the order given.
 * The drawing starts at 12 o'clock and goes clockwise; the component mirrors it for rtl, so
 * the first status sits at the start side in both languages.
 */
export function ringSegments(values: readonly number[], circumference: number): RingSegment[] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  let start = 0;
  return values.map((value) => {
    const share = total > 0 ? Math.max(0, value) / total : 0;
    const length = round(share * circumference);
    const segment = { length, start: round(start), share };
    start += share * circumference;
    return segment;
  });
}

/** A whole percentage for a share, never "0%" for something that is there nor "100%" for a part. */
export function percent(share: number): number {
  if (share <= 0) return 0;
  if (share >= 1) return 100;
  return Math.min(99, Math.max(1, Math.round(share * 100)));
}

/** Width of an inline bar in a table, as a percentage of the largest; anything there stays visible. */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 100));
}

/** Index of the largest value (the first if tied), or -1 when all are zero. */
export function peakIndex(values: readonly number[]): number {
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    if (v > 0 && (best < 0 || v > (values[best] ?? 0))) best = i;
  }
  return best;
}

/** At most `count` evenly spread indexes, always the first and the last: the day labels under a chart. */
export function labelIndexes(length: number, count = 5): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * (length - 1)) / (count - 1)));
  return [...out];
}
