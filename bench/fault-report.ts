/**
 * What the fault run prints (scripts/cluster-faults.sh): latency percentiles per window of the
 * run, the longest stretch without an accepted order, and aligned tables. Pure, so the
 * arithmetic is unit-tested (bench/test/fault-report.test.ts).
 */
import { percentile } from './report';

export interface PercentileWindow {
  fromS: number;
  toS: number;
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Requests (planned moment `atMs` from the run's start, latency `ms`) cut into windows of
 * `windowS` seconds by their planned moment; every window from 0 to the last one is listed, an
 * empty one with NaN percentiles.
 */
export function percentileWindows(
  requests: Array<{ atMs: number; ms: number }>,
  windowS: number,
  runS: number,
): PercentileWindow[] {
  const span = windowS * 1000;
  const count = Math.max(1, Math.ceil(runS / windowS));
  const buckets: number[][] = Array.from({ length: count }, () => []);
  for (const r of requests) {
    const k = Math.min(count - 1, Math.max(0, Math.floor(r.atMs / span)));
    buckets[k]!.push(r.ms);
  }
  return buckets.map((ms, k) => {
    ms.sort((a, b) => a - b);
    return {
      fromS: k * windowS,
      toS: (k + 1) * windowS,
      count: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
    };
  });
}

/**
 * The longest stretch of [fromMs, toMs] with no accepted order, edges included (a stall at the
 * start or the end counts): its length and where it began and ended.
 */
export function longestGap(
  acceptedMs: number[],
  fromMs: number,
  toMs: number,
): { ms: number; fromMs: number; toMs: number } {
  const inside = acceptedMs.filter((t) => t >= fromMs && t <= toMs).sort((a, b) => a - b);
  const points = [fromMs, ...inside, toMs];
  let best = { ms: 0, fromMs, toMs: fromMs };
  for (let i = 1; i < points.length; i++) {
    const gap = points[i]! - points[i - 1]!;
    if (gap > best.ms) best = { ms: gap, fromMs: points[i - 1]!, toMs: points[i]! };
  }
  return best;
}

/** Columns padded to their widest cell; the first column left-aligned, the others right-aligned. */
export function formatColumns(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const ms = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '–');

/** How many of `atMs` (ms from the run's start) fall in each window of `windowS` seconds. */
export function countWindows(atMs: number[], windowS: number, runS: number): number[] {
  const counts = Array.from({ length: Math.max(1, Math.ceil(runS / windowS)) }, () => 0);
  for (const t of atMs) {
    const k = Math.floor(t / (windowS * 1000));
    if (k >= 0 && k < counts.length) counts[k]!++;
  }
  return counts;
}

/**
 * One line per window: the cash-on-delivery and the card orders' counts and percentiles (ms), and
 * the failed attempts (5xx or no answer) in it.
 */
export function formatWindows(cod: PercentileWindow[], card: PercentileWindow[], failed: number[]): string {
  return formatColumns(
    ['window', 'COD n', 'p50', 'p95', 'p99', 'card n', 'p50', 'p95', 'p99', 'failed attempts'],
    cod.map((w, i) => {
      const c = card[i];
      return [
        `${w.fromS}–${w.toS} s`,
        String(w.count),
        ms(w.p50),
        ms(w.p95),
        ms(w.p99),
        String(c?.count ?? 0),
        ms(c?.p50 ?? Number.NaN),
        ms(c?.p95 ?? Number.NaN),
        ms(c?.p99 ?? Number.NaN),
        String(failed[i] ?? 0),
      ];
    }),
  );
}

/** Seconds with one decimal, or the reason there is no figure. */
export function seconds(msOrNull: number | null, none = 'not within the bound'): string {
  return msOrNull === null ? none : `${(msOrNull / 1000).toFixed(1)} s`;
}
