/**
 * The fault run's schedule (issue 25 "Faults under load"): which part of `make cluster` is killed,
 * started or stopped at which second of the load, for the full run (`make soak`: 60 s) and the
 * compressed one (`make test`: the same faults in the same order in 24 s, at a lower rate). A
 * seed picks which of each kind of process is hit, so a run can be replayed (FAULT_SEED).
 */
import { execFile } from 'node:child_process';

export interface Victims {
  /** 1..3: nats-N. */
  nats: number;
  /** 1..2: gateway-N, workers-N, workflows-N. */
  gateway: number;
  workers: number;
  workflows: number;
}

/** The seed's choice of one NATS server, one gateway, one event worker and one Temporal worker. */
export function victimsOf(seed: number): Victims {
  const s = Math.abs(Math.trunc(seed));
  return {
    nats: 1 + (s % 3),
    gateway: 1 + (Math.floor(s / 3) % 2),
    workers: 1 + (Math.floor(s / 6) % 2),
    workflows: 1 + (Math.floor(s / 12) % 2),
  };
}

export type Command = 'kill' | 'restart' | 'stop';

export interface Step {
  atS: number;
  /** scripts/cluster.sh's command: kill (-9), restart, stop (the standby: pg_ctl's fast shutdown). */
  command: Command;
  name: string;
}

export interface Schedule {
  kind: 'full' | 'short';
  seconds: number;
  codRate: number;
  cardRate: number;
  steps: Step[];
}

/**
 * The issue's times (full): NATS down 15–25 s, a gateway 30–35 s, a worker of each kind 40–45 s,
 * the standby stopped at 50 s of 60. The short run keeps the order and the gaps' proportions in
 * 24 s: 6–10, 12–14, 16–18, 20.
 */
export function scheduleOf(kind: 'full' | 'short', v: Victims): Schedule {
  const t = kind === 'full' ? [15, 25, 30, 35, 40, 45, 50] : [6, 10, 12, 14, 16, 18, 20];
  const [natsDown, natsUp, gwDown, gwUp, workersDown, workersUp, standbyStop] = t as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    kind,
    seconds: kind === 'full' ? 60 : 24,
    codRate: kind === 'full' ? 50 : 10,
    cardRate: kind === 'full' ? 5 : 2,
    steps: [
      { atS: natsDown, command: 'kill', name: `nats-${v.nats}` },
      { atS: natsUp, command: 'restart', name: `nats-${v.nats}` },
      { atS: gwDown, command: 'kill', name: `gateway-${v.gateway}` },
      { atS: gwUp, command: 'restart', name: `gateway-${v.gateway}` },
      { atS: workersDown, command: 'kill', name: `workers-${v.workers}` },
      { atS: workersDown, command: 'kill', name: `workflows-${v.workflows}` },
      { atS: workersUp, command: 'restart', name: `workers-${v.workers}` },
      { atS: workersUp, command: 'restart', name: `workflows-${v.workflows}` },
      { atS: standbyStop, command: 'stop', name: 'pg-standby' },
    ],
  };
}

/** Runs `scripts/cluster.sh COMMAND NAME` without blocking the load's event loop. */
export function cluster(command: Command, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['scripts/cluster.sh', command, name], { timeout: 120_000 }, (err, _out, stderr) =>
      err ? reject(new Error(`cluster.sh ${command} ${name}: ${stderr.trim() || err.message}`)) : resolve(),
    );
  });
}

export interface Done extends Step {
  /** When the command began and ended, ms from the load's start. */
  startedMs: number;
  endedMs: number;
  error?: string;
}

/**
 * Runs each step at its second from `t0` (performance.now() of the load's start); steps of the
 * same second run together. `onDone` hears of each as it ends (to start timing a rejoin).
 */
export async function runSchedule(
  steps: Step[],
  t0: number,
  onDone: (d: Done) => void,
  run: (command: Command, name: string) => Promise<void> = cluster,
): Promise<Done[]> {
  const done: Done[] = [];
  await Promise.all(
    steps.map(async (step) => {
      const wait = t0 + step.atS * 1000 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const startedMs = performance.now() - t0;
      let error: string | undefined;
      await run(step.command, step.name).catch((err: Error) => {
        error = err.message;
      });
      const d: Done = { ...step, startedMs, endedMs: performance.now() - t0, ...(error ? { error } : {}) };
      done.push(d);
      onDone(d);
    }),
  );
  return done.sort((a, b) => a.startedMs - b.startedMs);
}
