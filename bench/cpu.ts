/**
 * CPU accounting for \`make bench\`: what each of the store's processes, the shared servers and
 * the load generator spent over a run, read from /proc (Linux).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 if it is gone. */
export function cpuMs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 (1-based) of stat; after "comm) " they are 12 and 13.
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** The shared servers an order also costs: PostgreSQL's backends, the Temporal dev server and NATS. */
function servicePids(): { name: string; pid: number }[] {
  const out: { name: string; pid: number }[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (/(^|\/)temporal\0server/.test(cmd)) out.push({ name: 'temporal', pid: Number(d) });
      else if (cmd.startsWith('postgres')) out.push({ name: 'postgres', pid: Number(d) });
      else if (/(^|\/)nats-server\0/.test(cmd)) out.push({ name: 'nats', pid: Number(d) });
    } catch {}
  }
  return out;
}

/**
 * CPU used so far by the store's processes (by name), the shared servers and this load
 * generator. Two snapshots around a run, divided by its orders, say where an order's CPU goes:
 * on a shared machine the most stable figure there is (latency moves with the neighbours' load,
 * CPU per order hardly). PostgreSQL counts every backend, other users' too; Temporal is the
 * shared dev server: both read high when others are busy.
 */
export function cpuSnapshot(procs: { name: string; pid: number | undefined }[]): Map<string, number> {
  const m = new Map<string, number>();
  const add = (name: string, ms: number) => m.set(name, (m.get(name) ?? 0) + ms);
  for (const { name, pid } of procs) if (pid) add(name, cpuMs(pid));
  for (const { name, pid } of servicePids()) add(name, cpuMs(pid));
  add('load generator', cpuMs(process.pid));
  return m;
}

/** CPU ms per order by process between two snapshots. */
export function cpuPerOrder(before: Map<string, number>, after: Map<string, number>, orders: number) {
  return [...after].map(([name, ms]) => ({ name, ms: (ms - (before.get(name) ?? 0)) / Math.max(1, orders) }));
}

/** The machine's CPU counters (all cores, in ticks) from /proc/stat; null where there is none. */
export function machineTicks(): { busy: number; steal: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal …
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = user! + nice! + system! + idle! + iowait! + irq! + softirq! + steal!;
    return { busy: user! + nice! + system! + irq! + softirq!, steal: steal!, total };
  } catch {
    return null;
  }
}

/**
 * Samples the machine's busy and steal shares every `everyMs` while a run goes on: a slow
 * stretch of a run read beside them says whether the machine (a neighbour, the hypervisor) or
 * the store was busy then.
 */
export function machineSampler(everyMs = 1000) {
  const samples: Array<{ atMs: number; busyPct: number; stealPct: number }> = [];
  let last = machineTicks();
  const timer = setInterval(() => {
    const now = machineTicks();
    if (!now || !last) return;
    const total = now.total - last.total;
    if (total > 0)
      samples.push({
        atMs: performance.now(),
        busyPct: (100 * (now.busy - last.busy)) / total,
        stealPct: (100 * (now.steal - last.steal)) / total,
      });
    last = now;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}
