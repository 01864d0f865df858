/**
 * Order intake under load, with every process as production runs it: the gateway, the Temporal
 * worker and the event workers each in their own Node process, against the running PostgreSQL,
 * NATS and Temporal. An open model: orders arrive at a fixed rate whatever the answers' speed
 * (a closed loop would slow down with the server and hide queueing). Prints latency percentiles,
 * errors, the mean Server-Timing breakdown of POST /api/orders, and checks one order per key.
 *
 *   DATABASE_URL=…/qahwa_test_x npx tsx workflows/scripts/intake-load.ts [rate/s] [seconds]
 *
 * The database is reset (it must be a test database); the processes get free ports, their own
 * task queue and their own JetStream stream, so a running `make dev` is not disturbed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createDb, sql } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { Product } from '@qahwa/schema';

const rate = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 60);
const root = fileURLToPath(new URL('../..', import.meta.url));
const logDir = `${root}.data/intake-load`;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const children: { name: string; child: ChildProcess }[] = [];

/** CPU time (user + system, ms) a process and its descendants' threads used so far, from /proc. */
function cpuMs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 (1-based) of stat; after "comm) " they are 12 and 13.
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
/** The pids of the other parts that serve an order: PostgreSQL's backends and the Temporal server. */
function servicePids(): { name: string; pid: number }[] {
  const out: { name: string; pid: number }[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (/(^|\/)temporal\0server/.test(cmd)) out.push({ name: 'temporal', pid: Number(d) });
      else if (cmd.startsWith('postgres')) out.push({ name: 'postgres', pid: Number(d) });
    } catch {}
  }
  return out;
}
function cpuSnapshot(): Map<string, number> {
  const m = new Map<string, number>();
  const add = (name: string, ms: number) => m.set(name, (m.get(name) ?? 0) + ms);
  for (const { name, child } of children) add(name, cpuMs(child.pid!));
  for (const { name, pid } of servicePids()) add(name, cpuMs(pid));
  add('load generator', cpuMs(process.pid));
  return m;
}

function start(name: string, script: string, env: Record<string, string>) {
  mkdirSync(logDir, { recursive: true });
  const out = createWriteStream(`${logDir}/${name}.log`);
  // INTAKE_PROFILE=dir writes a CPU profile of each process there (node --cpu-prof).
  const profile = process.env.INTAKE_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.INTAKE_PROFILE}/${name}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  children.push({ name, child });
  return child;
}
function stopAll() {
  for (const { child: c } of children) {
    try {
      process.kill(-c.pid!, 'SIGTERM');
    } catch {}
  }
}
process.on('exit', stopAll);

const handle = createDb(databaseUrl);
await resetDatabase(handle.db);
// Plenty of stock: the run measures ordering, not refusals.
await handle.db.execute(sql`update product_variations set stock_quantity = 1000000`);

const port = await freePort();
const id = randomUUID().slice(0, 8);
const common = {
  DATABASE_URL: databaseUrl,
  CHECKOUT_TASK_QUEUE: `intake-${id}`,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  EVENTS_STREAM: `INTAKE_${id}`,
  EVENTS_SUBJECT_PREFIX: `intake${id}`,
  PROJECTION_DURABLE: `intake-${id}`,
};
start('gateway', 'gateway/src/server.ts', { ...common, GATEWAY_PORT: String(port) });
start('worker', 'workflows/src/worker.ts', common);
if (!process.env.NO_WORKERS) start('workers', 'workers/src/main.ts', common);
const base = `http://127.0.0.1:${port}`;

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/products/colombian-supremo`)).ok) break;
  } catch {}
  if (i > 600) throw new Error(`gateway did not come up; see ${logDir}`);
  await new Promise((r) => setTimeout(r, 200));
}
const product = (await (await fetch(`${base}/api/products/colombian-supremo`)).json()) as Product;
const v = product.variations[0]!;

function order(i: number) {
  return {
    customerInfo: {
      fullName: 'Load Shopper',
      email: `load-${id}-${i}@example.ae`,
      phone: `+971 50 ${String(1_000_000 + i).slice(-7, -4)} ${String(i % 10_000).padStart(4, '0')}`,
    },
    shippingInfo: { emirate: 'dubai', city: 'business-bay', address: 'Bay Square, Building 7, Office 301' },
    items: [
      {
        id: `${product.id}-${v.id}`,
        productId: product.id,
        variationId: v.id,
        name: product.name,
        price: v.price,
        quantity: 1,
        variation: {
          weight: v.size.displayName,
          beans: v.beans?.name ?? null,
          additions: v.type?.name ?? null,
        },
      },
    ],
    totalAmount: 0,
    subtotal: 0,
    tax: 0,
    shippingCost: 0,
    discount: 0,
    paymentProvider: 'COD',
  };
}

interface Sample {
  ms: number;
  status: number;
  timing: Record<string, number>;
}
const samples: Sample[] = [];
const keys: string[] = [];
async function post(i: number, key: string): Promise<Sample> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key,
      // Many shoppers: the per-address limit must not refuse the load.
      'x-forwarded-for': `198.51.${Math.floor(i / 250) % 250}.${i % 250}`,
    },
    body: JSON.stringify(order(i)),
  });
  await res.arrayBuffer();
  const timing: Record<string, number> = {};
  for (const part of (res.headers.get('server-timing') ?? '').split(',')) {
    const m = /^\s*([\w-]+)\s*;.*dur=([\d.]+)/.exec(part);
    if (m) timing[m[1]!] = Number(m[2]);
  }
  return { ms: performance.now() - t0, status: res.status, timing };
}

// Warm-up: JIT, pools, the workflow bundle's first tasks.
for (let i = 0; i < 30; i++) await post(1_000_000 + i, `warm-${id}-${i}`);

const total = Math.round(rate * seconds);
const cpuBefore = cpuSnapshot();
const inflight: Promise<void>[] = [];
const began = performance.now();
for (let i = 0; i < total; i++) {
  const due = began + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const key = `load-${id}-${i}`;
  keys.push(key);
  inflight.push(
    post(i, key).then(
      (s) => void samples.push(s),
      () => void samples.push({ ms: Number.NaN, status: 0, timing: {} }),
    ),
  );
}
await Promise.all(inflight);
const elapsed = (performance.now() - began) / 1000;
const cpuAfter = cpuSnapshot();

const ok = samples.filter((s) => s.status === 200).map((s) => s.ms);
ok.sort((a, b) => a - b);
const pct = (p: number) => ok[Math.min(ok.length - 1, Math.floor((p / 100) * ok.length))] ?? Number.NaN;
const errors = samples.filter((s) => s.status !== 200);
const byStatus = new Map<number, number>();
for (const e of errors) byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + 1);
const phases = new Map<string, number[]>();
for (const s of samples)
  for (const [k, d] of Object.entries(s.timing)) phases.set(k, [...(phases.get(k) ?? []), d]);
console.log(
  `intake: ${total} orders at ${rate}/s offered, ${(total / elapsed).toFixed(1)}/s done in ${elapsed.toFixed(1)} s`,
);
console.log(
  `latency (200s): p50 ${pct(50).toFixed(1)} ms  p95 ${pct(95).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms  max ${(ok.at(-1) ?? 0).toFixed(1)} ms`,
);
console.log(
  `errors: ${errors.length}${errors.length ? ` ${JSON.stringify(Object.fromEntries(byStatus))}` : ''}`,
);
if (phases.size) {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * xs.length)] ?? 0;
  console.log(
    `Server-Timing (mean / p95 ms): ${[...phases].map(([k, xs]) => `${k} ${mean(xs).toFixed(1)}/${p95(xs).toFixed(1)}`).join('  ')}`,
  );
}

// CPU per order, by process (postgres: every backend, other users' too; temporal: the shared server).
console.log(
  `CPU ms per order: ${[...cpuAfter]
    .map(([name, ms]) => `${name} ${((ms - (cpuBefore.get(name) ?? 0)) / total).toFixed(1)}`)
    .join('  ')}`,
);

// Exactly one order per key: replay a sample of keys, then count the orders.
const replays = await Promise.all(keys.slice(0, 50).map((k, i) => post(i, k)));
const [{ n }] = (
  await handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders where customer_email like ${`load-${id}-%`}`,
  )
).rows as [{ n: number }];
const okKeys = samples.filter((s) => s.status === 200).length;
console.log(
  `orders in the database: ${n} for ${okKeys} answered keys (${total} sent); replays answered ${replays.filter((r) => r.status === 200).length}/50 with 200`,
);
stopAll();
await handle.close();
// Let the processes finish their graceful shutdown (and write a --cpu-prof profile, if asked).
await new Promise((r) => setTimeout(r, process.env.INTAKE_PROFILE ? 15_000 : 3000));
process.exit(0);
