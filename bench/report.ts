/**
 * What `make bench` prints and writes to `.data/bench/results.json`: one figure per line, beside
 * its goal and the ratio of the two. Pure, so the arithmetic is unit-tested.
 */

export type GoalOp = '>=' | '<=' | '=';

/** One line of results.json. `goal` reads like the issue ("<= 150"); null for figures kept for context. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal: string | null;
  ok: boolean | null;
}

export function figure(name: string, value: number, unit: string, goal?: [GoalOp, number]): Figure {
  if (!goal) return { name, value: round(value), unit, goal: null, ok: null };
  const [op, target] = goal;
  const ok =
    Number.isFinite(value) &&
    (op === '>=' ? value >= target : op === '<=' ? value <= target : value === target);
  return { name, value: round(value), unit, goal: `${op} ${target}`, ok };
}

const round = (x: number) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : x);

/** value / goal: above 1 is good for "at least", below 1 for "at most"; none for "= 0". */
export function ratio(f: Figure): number | null {
  if (!f.goal) return null;
  const target = Number(f.goal.split(' ')[1]);
  if (!Number.isFinite(target) || target === 0 || !Number.isFinite(f.value)) return null;
  return f.value / target;
}

export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const r = ratio(f);
    return [
      f.name,
      `${f.value} ${f.unit}`,
      f.goal ? `${f.goal} ${f.unit}` : '',
      r === null ? '' : `${r.toFixed(2)}×`,
      f.ok === null ? '' : f.ok ? 'ok' : 'MISSED',
    ];
  });
  const header = ['figure', 'value', 'goal', 'ratio', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * The metrics of a `Server-Timing` header (W3C Server Timing): `name;dur=12.3;desc="…"`, comma
 * separated. Metrics without a duration are skipped; a malformed one does not spoil the rest.
 */
export function parseServerTiming(header: string | null): { name: string; dur: number; desc?: string }[] {
  if (!header) return [];
  const metrics: { name: string; dur: number; desc?: string }[] = [];
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim();
    if (!name) continue;
    let dur = Number.NaN;
    let desc: string | undefined;
    for (const param of params) {
      const [key, value] = param.split('=');
      const v = value?.trim().replace(/^"|"$/g, '');
      if (key?.trim().toLowerCase() === 'dur') dur = Number(v);
      // The gateway marks a checkout the server handed straight to its own worker: desc="eager".
      else if (key?.trim().toLowerCase() === 'desc' && v) desc = v;
    }
    if (Number.isFinite(dur)) metrics.push({ name, dur, ...(desc ? { desc } : {}) });
  }
  return metrics;
}

export interface LatencyWindow {
  fromS: number;
  toS: number;
  count: number;
  p95: number;
  /** The machine's average busy and steal share over the window (null without samples). */
  busyPct: number | null;
  stealPct: number | null;
}

/**
 * A run cut into windows of `windowS` seconds by each request's planned moment (ms from the run's
 * start): how many, their p95, and the machine's load then. Where a missed p95 comes from — one
 * stall or the whole run — and whether the machine was busy at that moment.
 */
export function latencyWindows(
  requests: Array<{ atMs: number; ms: number }>,
  machine: Array<{ atMs: number; busyPct: number; stealPct: number }>,
  windowS: number,
): LatencyWindow[] {
  const span = windowS * 1000;
  const buckets = new Map<number, number[]>();
  for (const r of requests) {
    const k = Math.floor(r.atMs / span);
    const list = buckets.get(k) ?? [];
    list.push(r.ms);
    buckets.set(k, list);
  }
  return [...buckets.keys()]
    .sort((a, b) => a - b)
    .map((k) => {
      const ms = buckets.get(k)!.sort((a, b) => a - b);
      const inside = machine.filter((m) => m.atMs >= k * span && m.atMs < (k + 1) * span);
      const avg = (f: (m: (typeof machine)[number]) => number) =>
        inside.length ? inside.reduce((a, m) => a + f(m), 0) / inside.length : null;
      return {
        fromS: k * windowS,
        toS: (k + 1) * windowS,
        count: ms.length,
        p95: percentile(ms, 95),
        busyPct: avg((m) => m.busyPct),
        stealPct: avg((m) => m.stealPct),
      };
    });
}

/** One line per window: `0–5 s  p95 21 ms  busy 78 %  steal 0 %`. */
export function formatWindows(windows: LatencyWindow[]): string {
  const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v)} %`);
  return windows
    .map(
      (w) =>
        `  ${`${w.fromS}–${w.toS} s`.padEnd(10)} p95 ${String(Math.round(w.p95)).padStart(5)} ms  ` +
        `busy ${pct(w.busyPct).padStart(5)}  steal ${pct(w.stealPct).padStart(4)}  (${w.count} orders)`,
    )
    .join('\n');
}

/** Adds an answer's Server-Timing durations to `phases`, by metric name. */
export function collectServerTiming(phases: Map<string, number[]>, header: string | null): void {
  for (const m of parseServerTiming(header)) {
    const list = phases.get(m.name) ?? [];
    list.push(m.dur);
    phases.set(m.name, list);
  }
}
