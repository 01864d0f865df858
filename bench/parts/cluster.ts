import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb, sql } from '@qahwa/db';
import { ANALYTICS_STREAM_NAME, type Product, STREAM_NAME } from '@qahwa/schema';
import { outboxToProjectionLag, setReplicas } from '../cluster-lag';
import { orderRequest, serverTotal } from '../order-intake';
import { root } from '../processes';
import { sideBySide } from '../read-path';
import { type Figure, figure, percentile } from '../report';
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

    const lagFigures = async (label: string, goal: boolean) => {
      const load = loadAverage();
      const lag = await outboxToProjectionLag(handle.db, {
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
    await lagFigures('R3', true);
    // The same stream at one replica, then back: whatever happens, it ends at three again.
    try {
      await setReplicas(jsm, STREAM_NAME, 1);
      await lagFigures('R1', false);
    } finally {
      await setReplicas(jsm, STREAM_NAME, 3);
    }
  } finally {
    await nc.close();
    await handle.close();
    if (startedHere) await clusterScript('stop');
  }
}

/** Which of the two the run is loading, and the order counter every round shares (a new shopper each). */
async function codSideBySide(run: string, knobs: Knobs) {
  const product = (await (await fetch(`${LB}/api/products/colombian-supremo`)).json()) as Product;
  const totalAmount = await serverTotal(LB, product, `${run}-cluster`);
  let next = 0;
  const round = (url: string, seconds: number) =>
    closedLoopOrders(url, seconds, knobs.connections, () =>
      orderRequest(`${run}-cluster`, next++, product, totalAmount),
    );
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
  return { ratio, lb: sum(lb), direct: sum(direct) };
}

interface OrderLoad {
  ok: number;
  errors: number;
  seconds: number;
  perSecond: number;
  /** Latencies of the round, ascending. */
  ms: number[];
  errorSamples: string[];
}

/**
 * Closed-loop COD orders: `connections` shoppers, each placing its next order as soon as the last
 * was answered, for `seconds`. The throughput is the orders accepted (200, or 202 still being
 * processed) per second: what the store takes when pushed, as the read path's autocannon measures.
 */
async function closedLoopOrders(
  url: string,
  seconds: number,
  connections: number,
  nextRequest: () => ReturnType<typeof orderRequest>,
): Promise<OrderLoad> {
  const began = performance.now();
  const until = began + seconds * 1000;
  const out: OrderLoad = { ok: 0, errors: 0, seconds, perSecond: 0, ms: [], errorSamples: [] };
  const shopper = async () => {
    while (performance.now() < until) {
      const req = nextRequest();
      const sent = performance.now();
      try {
        const res = await fetch(`${url}/api/orders`, {
          method: 'POST',
          headers: req.headers,
          body: req.body,
        });
        const text = await res.text();
        out.ms.push(performance.now() - sent);
        if (res.status === 200 || res.status === 202) out.ok++;
        else {
          out.errors++;
          if (out.errorSamples.length < 3) out.errorSamples.push(`HTTP ${res.status} ${text.slice(0, 160)}`);
        }
      } catch (err) {
        out.errors++;
        if (out.errorSamples.length < 3) out.errorSamples.push(String((err as Error).cause ?? err));
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, shopper));
  out.seconds = (performance.now() - began) / 1000;
  out.perSecond = out.ok / out.seconds;
  out.ms.sort((a, b) => a - b);
  if (out.errorSamples.length) console.log(`  errors at ${url}: ${out.errorSamples.join(' | ')}`);
  return out;
}

function sum(rounds: OrderLoad[]) {
  const ok = rounds.reduce((n, r) => n + r.ok, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const ms = rounds.flatMap((r) => r.ms).sort((a, b) => a - b);
  return {
    perSecond: ok / seconds,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    p50: percentile(ms, 50),
  };
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
