/**
 * What the fault run asks of the cluster (scripts/cluster.sh's ports) to tell when a part it
 * killed is back: a NATS server current again in every replicated stream, a gateway UP in
 * HAProxy, an event worker ready, a Temporal worker polling its task queue, the standby
 * streaming. Each probe answers true or false; `until` times them.
 */
import { createConnection } from 'node:net';
import type { JetStreamManager } from '@nats-io/jetstream';
import { type DbHandle, sql } from '@qahwa/db';
import type { Connection } from '@temporalio/client';

export const CLUSTER = {
  balancer: 'http://127.0.0.1:5200',
  haproxyStats: 'http://127.0.0.1:5201/;csv',
  haproxySocket: '.data/cluster/haproxy.sock',
  stripe: 'http://127.0.0.1:5212',
  maildev: 'http://127.0.0.1:5214',
  nats: ['nats://127.0.0.1:5222', 'nats://127.0.0.1:5223', 'nats://127.0.0.1:5224'],
  primary: 'postgres://qahwa:qahwa@127.0.0.1:5250/qahwa_cluster',
  temporal: '127.0.0.1:5260',
  workersHealth: ['http://127.0.0.1:5280', 'http://127.0.0.1:5281'],
  pids: '.data/cluster/pids',
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers true: the milliseconds that took, or null past `timeoutMs`. */
export async function until(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 250) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (await probe().catch(() => false)) return Math.round(performance.now() - start);
    await sleep(everyMs);
  }
  return null;
}

/** Every stream kept on more than one server, with its leader and its replicas. */
async function replicatedStreams(jsm: JetStreamManager) {
  const out = [];
  for await (const s of jsm.streams.list()) if (s.config.num_replicas > 1) out.push(s);
  return out;
}

/** The server leading `stream` (`qahwa-nats-2`), or null while it has none. */
export async function streamLeader(jsm: JetStreamManager, stream: string): Promise<string | null> {
  return (await jsm.streams.info(stream)).cluster?.leader ?? null;
}

/**
 * Every replicated stream has a leader and all its other replicas, each current and online: the
 * healthy cluster the faults start from. A server killed before it made its replica of a stream
 * the workers had just created (a cluster started from nothing) never caught up after its restart
 * (nats-server 2.9.10, seen in a clean clone's make test), which is not the fault the run is about.
 */
export async function streamsReplicated(jsm: JetStreamManager): Promise<boolean> {
  const streams = await replicatedStreams(jsm);
  return (
    streams.length > 0 &&
    streams.every((s) => {
      const replicas = s.cluster?.replicas ?? [];
      return (
        Boolean(s.cluster?.leader) &&
        replicas.length === s.config.num_replicas - 1 &&
        replicas.every((r) => r.current && !r.offline)
      );
    })
  );
}

/** `server` leads or holds a current replica of every replicated stream. */
export async function natsCurrent(jsm: JetStreamManager, server: string): Promise<boolean> {
  const streams = await replicatedStreams(jsm);
  return (
    streams.length > 0 &&
    streams.every(
      (s) =>
        s.cluster?.leader === server ||
        (s.cluster?.replicas ?? []).some((r) => r.name === server && r.current && !r.offline),
    )
  );
}

/** HAProxy's view of the gateways: `gateway-1` → UP, DOWN, MAINT … */
export async function gatewayStates(): Promise<Record<string, string>> {
  const csv = await (await fetch(CLUSTER.haproxyStats, { signal: AbortSignal.timeout(5_000) })).text();
  return Object.fromEntries(
    csv
      .split('\n')
      .map((l) => l.split(','))
      .filter((c) => c[0] === 'gateways' && c[1]?.startsWith('gateway'))
      .map((c) => [c[1]!, c[17] ?? '']),
  );
}

/** One command to HAProxy's runtime API (its stats socket); its answer. */
export function haproxyCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(CLUSTER.haproxySocket);
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error(`haproxy: no answer to ${command}`)));
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('end', () => resolve(answer.trim()));
    socket.on('error', reject);
  });
}

/** An event worker's readiness: it answers once its consumers have started (workers/src/main.ts). */
export async function workerReady(index: number): Promise<boolean> {
  const res = await fetch(`${CLUSTER.workersHealth[index - 1]}/health/ready`, {
    signal: AbortSignal.timeout(3_000),
  });
  await res.arrayBuffer();
  return res.status === 200;
}

/**
 * A Temporal worker process polls the checkout task queue: its identity (`<pid>@<host>`, the
 * SDK's default) is among the queue's pollers.
 */
export async function temporalPolling(connection: Connection, pid: number): Promise<boolean> {
  const { pollers } = await connection.workflowService.describeTaskQueue({
    namespace: 'default',
    taskQueue: { name: process.env.CHECKOUT_TASK_QUEUE || 'checkout' },
    // 1: workflow tasks (TASK_QUEUE_TYPE_WORKFLOW).
    taskQueueType: 1,
  });
  return (pollers ?? []).some((p) => p.identity?.startsWith(`${pid}@`));
}

/** The standby streams the primary's WAL again, and how far its replay trails (ms), from the primary. */
export async function standbyStreaming(
  primary: DbHandle,
): Promise<{ streaming: boolean; lagMs: number | null }> {
  const { rows } = await primary.db.execute<{ state: string; lag_ms: number | null }>(
    sql`select state, (extract(epoch from replay_lag) * 1000)::float as lag_ms from pg_stat_replication`,
  );
  const row = rows.find((r) => r.state === 'streaming');
  return { streaming: Boolean(row), lagMs: row?.lag_ms ?? null };
}
