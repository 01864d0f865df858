import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb, type Db, sql } from '@qahwa/db';
import { ANALYTICS_STREAM_NAME, type Product, STREAM_NAME } from '@qahwa/schema';
import { closedLoopOrders, type OrderLoad, sumRounds } from '../closed-loop-orders';
import { outboxToProjectionLag, setReplicas, settled } from '../cluster-lag';
import { cpuPerOrder, cpuSnapshot } from '../cpu';
import { orderRequest, serverTotal } from '../order-intake';
import { root } from '../processes';
import { load, sideBySide } from '../read-path';
import { type Figure, figure } from '../report';
import type { Knobs } from '../stack';

/**
 * The `cluster` part (issue 25, "Speed"): `make cluster` started without the storefront and back
 * office (scripts/cluster.sh start --no-web; kept if it already runs, stopped at the end if this
 * part started it), then on the same machine in the same run:
 * - GET /api/products and cash-on-delivery orders, closed loop, through HAProxy with its two
 *   gateways against gateway-1 directly, in alternating rounds; the figure is the median of the
 *   rounds' ratios (goal ≥ 90 %: the balancer and the shared state cost little);
 * - the outbox → JetStream → projection lag at BENCH_CLUSTER_LAG_RATE events/s with COMMERCE at
 *   three replicas (goal p99 ≤ 1 s), then with the same stream scaled in place to one replica,
 *   then back to three: everything else — servers, processes, the database — stays the same, so
 *   the difference is the replication's quorum write alone.
 * It takes about six minutes, so it is not in the default parts. One cluster per machine: run it
 * under the same lock as any other `make cluster` (docs/deploy.md).
 */

// scripts/cluster.sh's ports and database.
const LB = 'http://127.0.0.1:5200';
const GATEWAY_1 = 'http://127.0.0.1:5270';
const NATS_URLS = ['nats://127.0.0.1:5222', 'nats://127.0.0.1:5223', 'nats://127.0.0.1:5224'];
const PRIMARY_URL = 'postgres://qahwa:qahwa@127.0.0.1:5250/qahwa_cluster';
/** BENCH_CLUSTER_STEPS: which of the three to run (read,orders,lag), to measure one again. */
const STEPS = (process.env.BENCH_CLUSTER_STEPS ?? 'read,orders,lag').split(',');

export async function clusterPart({ run, knobs }: { run: string; knobs: Knobs }, figures: Figure[]) {
  const startedHere = !(await answers(`${LB}/health/ready`));
  if (startedHere) await clusterScript('start', '--no-web');
  const handle = createDb(PRIMARY_URL, { max: 10, applicationName: 'bench-cluster' });
  const nc = await connect({ servers: NATS_URLS, name: 'bench-cluster' });
  try {
    const jsm = await jetstreamManager(nc);
    const replicas = async (name: string) => (await jsm.streams.info(name)).config.num_replicas;
    figures.push(
      figure('cluster: COMMERCE stream replicas', await replicas(STREAM_NAME), 'servers', ['=', 3]),
      figure(
        'cluster: ANALYTICS stream replicas (product views)',
        await replicas(ANALYTICS_STREAM_NAME),
        'servers',
        ['=', 1],
      ),
    );
    // Orders measure ordering, not refusals.
    await handle.db.execute(sql`update product_variations set stock_quantity = 1000000`);

    if (STEPS.includes('read')) await readFigures(knobs, figures);
    if (STEPS.includes('orders')) await orderFigures(run, knobs, figures);
    if (STEPS.includes('lag')) await lagFigures(handle.db, jsm, run, knobs, figures);
  } finally {
    await nc.close();
    await handle.close();
    if (startedHere) await clusterScript('stop');
  }
}

async function readFigures(knobs: Knobs, figures: Figure[]) {
  console.log('cluster: GET /api/products, HAProxy + 2 gateways against gateway-1 directly');
  const readLoad = loadAverage();
  const read = await sideBySide(`${LB}/api/products`, `${GATEWAY_1}/api/products`, {
    rounds: knobs.readRounds,
    secondsPerRound: knobs.readSeconds,
    connections: knobs.connections,
    labels: { real: 'HAProxy + 2 gateways', bare: 'one gateway' },
  });
  figures.push(
    figure('cluster: GET /api/products, HAProxy + 2 gateways ÷ one gateway', read.ratio * 100, '%', [
      '>=',
      90,
    ]),
    figure('cluster: GET /api/products through HAProxy', read.real.perSecond, 'req/s'),
    figure('cluster: GET /api/products, one gateway directly', read.bare.perSecond, 'req/s'),
    figure('cluster: GET /api/products failures', read.real.failures + read.bare.failures, 'requests', [
      '=',
      0,
    ]),
    figure('cluster: load average (1 min) around the reads', Math.max(readLoad, loadAverage()), ''),
  );

  // Where a read's CPU goes on each side, by process (µs per request): the ratio's reason.
  for (const [label, url] of [
    ['one gateway', `${GATEWAY_1}/api/products`],
    ['HAProxy + 2 gateways', `${LB}/api/products`],
  ] as const) {
    const before = cpuSnapshot(clusterProcs());
    const r = await load(url, knobs.readSeconds, knobs.connections);
    const per = cpuPerOrder(before, cpuSnapshot(clusterProcs()), r.requests).filter((c) => c.ms >= 0.001);
    console.log(
      `  CPU µs per read, ${label}: ${per.map((c) => `${c.name} ${Math.round(c.ms * 1000)}`).join(', ')}`,
    );
    const total = per.reduce((n, c) => n + c.ms, 0);
    figures.push(figure(`cluster: CPU per read, ${label}, every process`, total * 1000, 'µs'));
  }
}

async function orderFigures(run: string, knobs: Knobs, figures: Figure[]) {
  console.log('cluster: cash-on-delivery orders, HAProxy + 2 gateways against gateway-1 directly');
  const orderLoad = loadAverage();
  const cod = await codSideBySide(run, knobs);
  figures.push(
    figure('cluster: COD orders, HAProxy + 2 gateways ÷ one gateway', cod.ratio * 100, '%', ['>=', 90]),
    figure('cluster: COD orders through HAProxy', cod.lb.perSecond, 'orders/s'),
    figure('cluster: COD orders, one gateway directly', cod.direct.perSecond, 'orders/s'),
    figure('cluster: COD orders p50 through HAProxy', cod.lb.p50, 'ms'),
    figure('cluster: COD orders p50, one gateway directly', cod.direct.p50, 'ms'),
    figure('cluster: COD order errors', cod.lb.errors + cod.direct.errors, 'requests', ['=', 0]),
    figure('cluster: load average (1 min) around the orders', Math.max(orderLoad, loadAverage()), ''),
  );
}

async function lagFigures(db: Db, jsm: JetStreamManager, run: string, knobs: Knobs, figures: Figure[]) {
  const measure = async (label: string, goal: boolean) => {
    console.log(
      `cluster: the outbox and the payments projection settled after ${await settled(db, jsm, STREAM_NAME)} s`,
    );
    const load = loadAverage();
    const lag = await outboxToProjectionLag(db, {
      run: `${run}-${label}`,
      rate: knobs.clusterLagRate,
      seconds: knobs.clusterLagSeconds,
    });
    console.log(`cluster: lag ${label}: ${JSON.stringify(lag)}`);
    figures.push(
      figure(`cluster: outbox → projection lag, COMMERCE ${label}, p50`, lag.p50, 'ms'),
      figure(
        `cluster: outbox → projection lag, COMMERCE ${label}, p99`,
        lag.p99,
        'ms',
        goal ? ['<=', 1000] : undefined,
      ),
      figure(`cluster: outbox → projection lag, COMMERCE ${label}, max`, lag.max, 'ms'),
      figure(`cluster: events applied, COMMERCE ${label}`, lag.applied, 'events', ['=', lag.events]),
      figure(`cluster: load average (1 min) around the lag at ${label}`, Math.max(load, loadAverage()), ''),
    );
  };
  console.log(`cluster: outbox → JetStream → projection at ${knobs.clusterLagRate} events/s`);
  await measure('R3', true);
  // The same stream at one replica, then back: whatever happens, it ends at three again.
  try {
    await setReplicas(jsm, STREAM_NAME, 1);
    await measure('R1', false);
  } finally {
    await setReplicas(jsm, STREAM_NAME, 3);
  }
}

/** The cluster's HAProxy and gateways, by their pid files (scripts/cluster.sh). */
function clusterProcs(): { name: string; pid: number | undefined }[] {
  return ['haproxy', 'gateway-1', 'gateway-2'].map((name) => {
    try {
      return {
        name,
        pid: Number(readFileSync(`${root}.data/cluster/pids/${name}.pid`, 'utf8').split('\n')[0]),
      };
    } catch {
      return { name, pid: undefined };
    }
  });
}

/**
 * COD orders in alternating rounds, one gateway then the balancer. Each of the `connections`
 * shoppers buys a coffee of its own (the first products the store answers): two orders of the same
 * variation at once deadlock in the stock move since 1723863 (docs/performance.md, "The cluster"),
 * and the ratio is about the balancer, not a hot row. A new shopper (key, address, e-mail) per order.
 */
async function codSideBySide(run: string, knobs: Knobs) {
  const products = (await (await fetch(`${LB}/api/products?limit=50`)).json()) as Product[];
  const lanes: { product: Product; totalAmount: number }[] = [];
  for (const product of products) {
    if (lanes.length === knobs.connections) break;
    const totalAmount = await serverTotal(LB, product, `${run}-cluster-${lanes.length}`).catch(() => null);
    if (totalAmount !== null) lanes.push({ product, totalAmount });
  }
  let next = 0;
  const round = (url: string, seconds: number) =>
    closedLoopOrders(url, seconds, lanes.length, (lane) => {
      const { product, totalAmount } = lanes[lane]!;
      return orderRequest(`${run}-cluster`, next++, product, totalAmount);
    });
  // Warm-up: V8 compiles the hot paths of both gateways, the pools fill.
  await round(LB, 5);
  await round(GATEWAY_1, 5);
  const lb: OrderLoad[] = [];
  const direct: OrderLoad[] = [];
  for (let i = 0; i < knobs.clusterOrderRounds; i++) {
    direct.push(await round(GATEWAY_1, knobs.clusterOrderSeconds));
    lb.push(await round(LB, knobs.clusterOrderSeconds));
    console.log(
      `  round ${i + 1}: one gateway ${direct.at(-1)!.perSecond.toFixed(1)} orders/s, HAProxy + 2 gateways ${lb.at(-1)!.perSecond.toFixed(1)} orders/s`,
    );
  }
  const ratios = lb.map((x, i) => x.perSecond / direct[i]!.perSecond).sort((a, b) => a - b);
  const mid = Math.floor(ratios.length / 2);
  const ratio = ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
  return { ratio, lb: sumRounds(lb), direct: sumRounds(direct) };
}

/** The one-minute load average: on a shared machine, the figures' context. */
function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * scripts/cluster.sh with an environment of its own: the bench's (make bench's .env, the test
 * database, EVENTS_STREAM_REPLICAS=1 of .env.example) must not reach the cluster's processes.
 */
function clusterScript(...args: string[]): Promise<void> {
  const env: Record<string, string> = {};
  for (const k of ['PATH', 'HOME', 'USER', 'LANG', 'TMPDIR']) if (process.env[k]) env[k] = process.env[k]!;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['scripts/cluster.sh', ...args], { cwd: root, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`scripts/cluster.sh ${args.join(' ')} exited ${code}`)),
    );
  });
}
