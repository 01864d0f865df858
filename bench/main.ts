/**
 * `make bench`: the store's processes as production runs them (gateway, Temporal worker,
 * workers, each its own Node process) on the test database, the real PostgreSQL, NATS and
 * Temporal, and load from this process over loopback HTTP. Prints one table of figures beside
 * their goals and writes the same to .data/bench/results.json. It asserts nothing: a missed
 * goal is printed as MISSED, and the exit code only says whether the run itself worked.
 *
 *   make bench                                            (starts the services it needs)
 *   DATABASE_URL=…/qahwa_test_x npx tsx bench/main.ts     (services already running)
 *
 * Knobs (environment): BENCH_CONNECTIONS (8), BENCH_READ_ROUNDS (6), BENCH_READ_SECONDS (3),
 * BENCH_ORDER_RATE (50), BENCH_ORDER_SECONDS (60), BENCH_ORDER_WARM_SECONDS (20: orders at the rate before the
 * measured ones, reported as the cold start), BENCH_CARD_RATE (10), BENCH_CARD_SECONDS (20),
 * BENCH_PARTS (read,orders,card,lighthouse), BENCH_CPU_PROF=<dir> (V8 CPU profiles of every process);
 * for Lighthouse (bench/lighthouse.ts): NEXT_DIST_DIR (.next), BENCH_WEB_BUILD=1 (rebuild), BENCH_WEB_PORT,
 * BENCH_LIGHTHOUSE_ROUTES (/,/shop,/category,/product,/checkout), BENCH_LIGHTHOUSE_RUNS (3: the median run
 * is reported); reports in .data/bench/lighthouse/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb, createOutboxRepository, sql } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { startStripeDouble } from '@qahwa/fake-stripe';
import { makeEvent, type Product } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference/services';
import { Client, Connection } from '@temporalio/client';
import { cpuPerOrder, cpuSnapshot, machineSampler } from './cpu';
import { lighthouseFigures } from './lighthouse';
import { type IntakeResult, orderRequest, pacedCardOrders, pacedOrders, serverTotal } from './order-intake';
import { benchDir, freePort, type Proc, startProcess, stopProcesses, waitForHttp } from './processes';
import { load, sideBySide } from './read-path';
import { type Figure, figure, formatTable, formatWindows, latencyWindows, percentile } from './report';

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const knobs = {
  connections: num('BENCH_CONNECTIONS', 8),
  readRounds: num('BENCH_READ_ROUNDS', 6),
  readSeconds: num('BENCH_READ_SECONDS', 3),
  orderRate: num('BENCH_ORDER_RATE', 50),
  orderSeconds: num('BENCH_ORDER_SECONDS', 60),
  orderWarmSeconds: num('BENCH_ORDER_WARM_SECONDS', 20),
  cardRate: num('BENCH_CARD_RATE', 10),
  cardSeconds: num('BENCH_CARD_SECONDS', 20),
  parts: (env.BENCH_PARTS ?? 'read,orders,card,lighthouse').split(','),
};
const databaseUrl = env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const natsUrl = env.NATS_URL ?? SERVICE_DEFAULTS.natsUrl;

const run = randomUUID().slice(0, 8);
const handle = createDb(databaseUrl);
await resetDatabase(handle.db);
// Plenty of stock so the order phase measures ordering, not refusals.
await handle.db.execute(sql`update product_variations set stock_quantity = 1000000`);

// Our own task queue, stream and subject prefix (as the end-to-end tests do), so a `make dev`
// sharing these servers neither takes our work nor sees our events.
const stream = `BENCH_${run}`;
const subjectPrefix = `bench-${run}.`;
// BENCH_GATEWAY_PORT / BENCH_BARE_PORT: a fixed port (engineers sharing a machine keep to their own range).
const gatewayPort = env.BENCH_GATEWAY_PORT ? Number(env.BENCH_GATEWAY_PORT) : await freePort();
const gateway = `http://127.0.0.1:${gatewayPort}`;
// Card orders (the `card` part) pay at the Stripe double, which posts its webhooks to this gateway.
const stripeSecret = `whsec_bench_${run}`;
const stripeDouble = await startStripeDouble({
  webhookUrl: `${gateway}/api/webhooks/stripe`,
  webhookSecret: stripeSecret,
});
// The bench's own mail catcher (MailDev, as `make dev`'s, standing in for Brevo's SMTP relay), with
// an empty folder each run: the shared one keeps every mail it was sent and parses them all when it
// starts, which the services' start just before a run set going (24,570 mails in one tree; docs/email.md).
const mailSmtpPort = await freePort();
const mailWebPort = await freePort();
const mailDir = `${benchDir}/maildev`;
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
// Secrets of this run only: production refuses the development ones.
const secret = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
const storeEnv = {
  // Production mode, as the store runs: React's production build renders the confirmations (the
  // development build's checks were a tenth of the workers' CPU per order, docs/performance.md),
  // and the production refusals of default secrets are met by this run's own.
  NODE_ENV: 'production',
  SESSION_SECRET: secret(),
  LEAD_LINK_SECRET: secret(),
  REVALIDATE_SECRET: secret(),
  ADMIN_EMAIL: `bench-${run}@qahwa.local`,
  ADMIN_PASSWORD: secret(),
  // Stripe, Tabby and Brevo are doubles and fakes on loopback (the bench must not reach the real
  // hosts): production refuses them unless told this is a demo (docs/security.md).
  ALLOW_PAYMENT_DOUBLES: '1',
  STRIPE_SECRET_KEY: `sk_test_bench_${run}`,
  BREVO_API_BASE: SERVICE_DEFAULTS.brevoApiBase,
  DATABASE_URL: databaseUrl,
  GATEWAY_PORT: String(gatewayPort),
  CHECKOUT_TASK_QUEUE: `bench-checkout-${run}`,
  EVENTS_STREAM: stream,
  EVENTS_SUBJECT_PREFIX: subjectPrefix,
  PROJECTION_DURABLE: `bench-order-stats-${run}`,
  // Production logs at info; the bench at warn (BENCH_LOG_LEVEL): two info lines per order cost
  // the gateway about a fifth of its CPU per order and filled 4 MB a minute (docs/performance.md).
  LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
  // No storefront runs in the bench; a `make dev` one must not be told about our changes.
  STOREFRONT_REVALIDATE_URLS: '',
  STRIPE_API_BASE: stripeDouble.url,
  STRIPE_WEBHOOK_SECRET: stripeSecret,
  SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
};
const procs: Proc[] = [];
const nc = await connect({ servers: natsUrl, name: 'bench' });
const jsm = await jetstreamManager(nc);

try {
  const mail = startProcess('maildev', 'node_modules/maildev/bin/maildev', {}, [
    ...['--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--mail-directory', mailDir],
    ...['--smtp', String(mailSmtpPort), '--web', String(mailWebPort)],
  ]);
  procs.push(mail);
  await waitForHttp(`http://127.0.0.1:${mailWebPort}/`, mail);
  const gw = startProcess('gateway', 'gateway/src/server.ts', storeEnv);
  procs.push(gw);
  procs.push(startProcess('workflows', 'workflows/src/worker.ts', storeEnv));
  procs.push(startProcess('workers', 'workers/src/main.ts', storeEnv));
  await waitForHttp(`${gateway}/api/products?limit=1`, gw);
  await waitForStream(stream);

  const barePort = env.BENCH_BARE_PORT ? Number(env.BENCH_BARE_PORT) : await freePort();
  const bare = startProcess('bare', 'bench/bare-server.ts', {
    BARE_PORT: String(barePort),
    BARE_SOURCE_URL: `${gateway}/api/products`,
  });
  procs.push(bare);
  await waitForHttp(`http://127.0.0.1:${barePort}/api/products`, bare);

  console.log(
    `qahwa bench ${run}: gateway ${gateway}, node ${process.version}, ${knobs.connections} connections, ` +
      `${knobs.readRounds}×${knobs.readSeconds} s per read case, orders ${knobs.orderRate}/s for ${knobs.orderSeconds} s`,
  );
  const figures: Figure[] = [];
  // A part that cannot run (say, the Temporal worker does not start) is reported as a failed
  // figure, and the other part's figures are still printed.
  const part = async (name: 'read' | 'orders' | 'card' | 'lighthouse', body: () => Promise<void>) => {
    if (!knobs.parts.includes(name)) return;
    try {
      await body();
    } catch (err) {
      console.error(`${name}: ${(err as Error).stack ?? err}`);
      figures.push(figure(`${name}: the run itself failed (see above)`, 1, 'errors', ['=', 0]));
      process.exitCode = 1;
    }
  };

  await part('read', async () => {
    const listing = await fetch(`${gateway}/api/products`);
    const listingBytes = (await listing.arrayBuffer()).byteLength;
    const etag = listing.headers.get('etag');
    console.log(
      `GET /api/products: ${listingBytes} bytes, etag ${etag ?? 'none'}, cache-control ${listing.headers.get('cache-control') ?? 'none'}`,
    );
    const side = await sideBySide(`${gateway}/api/products`, `http://127.0.0.1:${barePort}/api/products`, {
      rounds: knobs.readRounds,
      secondsPerRound: knobs.readSeconds,
      connections: knobs.connections,
    });
    figures.push(
      figure('read: GET /api/products ÷ bare Fastify, same bytes', side.ratio * 100, '%', ['>=', 80]),
      figure('read: GET /api/products', side.real.perSecond, 'req/s'),
      figure('read: bare Fastify route, same bytes', side.bare.perSecond, 'req/s'),
      figure('read: GET /api/products p99', side.real.p99, 'ms'),
      figure('read: failed reads', side.real.failures, 'requests', ['=', 0]),
    );
    const info = async (name: string, path: string, headers: Record<string, string> = {}) => {
      const r = await load(`${gateway}${path}`, knobs.readSeconds, knobs.connections, headers);
      figures.push(figure(`read: ${name}`, r.perSecond, 'req/s'));
      return r;
    };
    await info(
      'GET /api/products?limit=4&featured=true&random=true',
      '/api/products?limit=4&featured=true&random=true',
    );
    await info('GET /api/products/{slug}', '/api/products/colombian-supremo');
    if (etag)
      await info('GET /api/products, If-None-Match → 304', '/api/products', { 'if-none-match': etag });

    const staleness = await measureStaleness(gateway);
    figures.push(figure('read: stale after a change (worst of 5)', staleness, 'ms', ['<=', 1000]));
  });

  await part('orders', async () => {
    const product = (await (await fetch(`${gateway}/api/products/colombian-supremo`)).json()) as Product;
    const totalAmount = await serverTotal(gateway, product, run);
    await warmUpOrders(gateway, product, totalAmount);
    // The processes just started: their first seconds at this rate cost up to twice the CPU per
    // order of the rest (V8 compiles the hot paths as they run; docs/performance.md, sixth pass).
    // The goal is measured on the store warm, as it serves a rush; the cold start is shown beside.
    if (knobs.orderWarmSeconds > 0) {
      const coldMachine = machineSampler();
      const cold = await pacedOrders(gateway, product, {
        run: `${run}-cold`,
        rate: knobs.orderRate,
        seconds: knobs.orderWarmSeconds,
        firstIndex: 0,
        totalAmount,
      });
      const coldLoad = coldMachine.stop().map((m) => ({ ...m, atMs: m.atMs - cold.startedAt }));
      console.log(`orders, cold start by 5 s:\n${formatWindows(latencyWindows(cold.timeline, coldLoad, 5))}`);
      figures.push(
        figure(
          `orders: cold start, p95 of the first ${knobs.orderWarmSeconds} s (not the goal's)`,
          cold.p95,
          'ms',
        ),
        figure('orders: cold start, errors', cold.errors, 'requests', ['=', 0]),
      );
    }
    const before = await countOrders();
    const ours = () => procs.map((p) => ({ name: p.name, pid: p.child.pid }));
    const cpuBefore = cpuSnapshot(ours());
    const machine = machineSampler();
    const intake = await pacedOrders(gateway, product, {
      run,
      rate: knobs.orderRate,
      seconds: knobs.orderSeconds,
      firstIndex: 1000,
      totalAmount,
    });
    const machineLoad = machine.stop().map((m) => ({ ...m, atMs: m.atMs - intake.startedAt }));
    // Orders answered 202 finish in the background: give them a moment before counting.
    await waitForCount(before + intake.ok + intake.accepted, 30_000);
    const made = (await countOrders()) - before;
    // Taken after the stragglers finished, so their CPU is in it; divided by the requests sent
    // (a refused one costs CPU too; per order made would overstate an overloaded run).
    const cpu = cpuPerOrder(cpuBefore, cpuSnapshot(ours()), intake.sent);
    const replay = await replayKeys(gateway, intake, 50);
    const afterReplay = (await countOrders()) - before;
    // Each key is its own shopper (its own e-mail): more than one order for an e-mail is a key
    // that ordered twice. Orders that finish after the count above (a 202, or a start that timed
    // out yet reached Temporal) move the count but are not duplicates; this is the check that says.
    const { rows: dup } = await handle.db.execute<{ n: number }>(
      sql`select coalesce(sum(c - 1), 0)::int as n from (select count(*) as c from orders where customer_email like ${`bench+${run}-%`} group by customer_email) t`,
    );

    figures.push(
      figure('orders: COD orders answered per second', intake.rate, 'orders/s', ['>=', 50]),
      figure('orders: p50', intake.p50, 'ms'),
      figure('orders: p95', intake.p95, 'ms', ['<=', 150]),
      figure('orders: p99', intake.p99, 'ms'),
      figure('orders: errors', intake.errors, 'requests', ['=', 0]),
      figure('orders: answered 202 (still processing)', intake.accepted, 'requests'),
      figure('orders: orders in the database', made, 'orders', ['=', intake.sent]),
      figure('orders: a key with more than one order', dup[0]?.n ?? 0, 'orders', ['=', 0]),
      figure('orders: made while replaying (late answers or duplicates)', afterReplay - made, 'orders'),
      figure('orders: replays answered with another order id', replay.mismatched, 'requests', ['=', 0]),
    );
    // The confirmations follow through the outbox, NATS and the workers' mail consumer: how many
    // of this run's orders were mailed, and how long after the last answer the last one went.
    const mailed = await confirmationsMailed(run, made);
    figures.push(
      // The measured orders' (`bench+<run>-<n>@`), not the warm-up's or the cold start's.
      figure('orders: confirmations mailed', mailed.count, 'orders', ['=', made]),
      figure('orders: last confirmation after the run', mailed.afterMs, 'ms'),
    );
    for (const [name, durations] of [...intake.phases].sort(([a], [b]) => a.localeCompare(b))) {
      durations.sort((a, b) => a - b);
      figures.push(
        figure(`orders: Server-Timing ${name} p50`, percentile(durations, 50), 'ms'),
        figure(`orders: Server-Timing ${name} p95`, percentile(durations, 95), 'ms'),
      );
    }
    for (const { name, ms } of cpu.filter((c) => c.name !== 'bare'))
      figures.push(figure(`orders: CPU per order, ${name}`, ms, 'ms'));
    if (intake.phases.size === 0) console.log('POST /api/orders sent no Server-Timing header: no breakdown');
    // Where a p95 comes from: one slow stretch or the whole run, and how busy the machine was then.
    console.log(
      `orders by 5 s of the run:\n${formatWindows(latencyWindows(intake.timeline, machineLoad, 5))}`,
    );
    if (intake.errorSamples.length)
      console.log(`order errors, first ones:\n  ${intake.errorSamples.join('\n  ')}`);
  });

  await part('card', async () => {
    const product = (await (await fetch(`${gateway}/api/products/colombian-supremo`)).json()) as Product;
    const card = await pacedCardOrders(gateway, stripeDouble.url, product, {
      run,
      rate: knobs.cardRate,
      seconds: knobs.cardSeconds,
      firstIndex: 500_000,
    });
    figures.push(
      figure('card: orders answered', card.ok, 'orders', ['=', card.sent]),
      figure('card: POST /api/orders p50 (after payment)', card.order.p50, 'ms'),
      figure('card: POST /api/orders p95 (after payment)', card.order.p95, 'ms'),
      figure('card: POST /api/orders p99 (after payment)', card.order.p99, 'ms'),
      figure('card: intent + confirm + order p50', card.flow.p50, 'ms'),
      figure('card: intent + confirm + order p95', card.flow.p95, 'ms'),
      figure('card: errors', card.errors, 'requests', ['=', 0]),
    );
    if (card.errorSamples.length)
      console.log(`card errors, first ones:\n  ${card.errorSamples.join('\n  ')}`);
  });

  await part('lighthouse', async () => {
    figures.push(...(await lighthouseFigures(gateway, procs)));
  });

  console.log(`\n${formatTable(figures)}\n`);
  mkdirSync(benchDir, { recursive: true });
  writeFileSync(`${benchDir}/results.json`, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`written to ${benchDir}/results.json; process logs in ${benchDir}/*.log`);
} finally {
  await stripeDouble.close();
  await stopProcesses(procs);
  await terminateLeftovers(storeEnv.CHECKOUT_TASK_QUEUE);
  await jsm.streams.delete(stream).catch(() => false);
  await nc.close();
  await handle.close();
}

/**
 * Checkouts still running on our task queue (the worker is gone; a slow run leaves thousands)
 * would sit on the shared Temporal server for ever: end them.
 */
async function terminateLeftovers(taskQueue: string) {
  const connection = await Connection.connect({ address: env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' }).catch(
    () => null,
  );
  if (!connection) return;
  const client = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE ?? 'default' });
  let ended = 0;
  try {
    for await (const wf of client.workflow.list({
      query: `TaskQueue="${taskQueue}" AND ExecutionStatus="Running"`,
    })) {
      await client.workflow
        .getHandle(wf.workflowId, wf.runId)
        .terminate('make bench finished')
        .then(() => ended++)
        .catch(() => {});
    }
  } catch (err) {
    console.error(`could not list the bench's leftover workflows: ${(err as Error).message}`);
  }
  if (ended) console.log(`terminated ${ended} checkout workflows the bench left running`);
  await connection.close();
}

async function waitForStream(name: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await jsm.streams.info(name).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the workers did not create stream ${name} within 60 s; see ${benchDir}/workers.log`);
}

/** Waits (at most 3 minutes, while the count still grows) for the confirmations of this run's orders. */
async function confirmationsMailed(runId: string, expected: number) {
  const began = performance.now();
  const count = async () => {
    const { rows } = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from emails e join orders o on o.id = e.subject_id
          where e.purpose = 'order-confirmation' and e.status = 'sent'
            and o.customer_email ~ ${`^bench\\+${runId}-[0-9]+@`}`,
    );
    return rows[0]?.n ?? 0;
  };
  let last = await count();
  let lastAt = performance.now();
  while (last < expected && performance.now() - began < 180_000 && performance.now() - lastAt < 30_000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await count();
    if (now > last) {
      last = now;
      lastAt = performance.now();
    }
  }
  return { count: last, afterMs: Math.round(lastAt - began) };
}

async function countOrders(): Promise<number> {
  const { rows } = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
  return rows[0]?.n ?? 0;
}

async function waitForCount(expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await countOrders()) < expected)
    await new Promise((r) => setTimeout(r, 250));
}

/** The first orders start the workflow machinery (bundle, task queue, pools): not part of the figures. */
async function warmUpOrders(gatewayUrl: string, product: Product, totalAmount: number) {
  let answered = 0;
  const deadline = Date.now() + 120_000;
  for (let i = 0; answered < 20 && Date.now() < deadline; i++) {
    const req = orderRequest(`${run}-warm`, i, product, totalAmount);
    const res = await fetch(`${gatewayUrl}/api/orders`, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
    });
    await res.arrayBuffer();
    if (res.status === 200) answered++;
  }
  if (answered < 20) throw new Error(`warm-up orders did not succeed within 120 s; see ${benchDir}/*.log`);
}

/** Sends some keys again: each must answer the order it made the first time and make no new one. */
async function replayKeys(gatewayUrl: string, intake: IntakeResult, count: number) {
  const sample = [...intake.orders].filter(([, o]) => o.orderId).slice(0, count);
  let mismatched = 0;
  for (const [, o] of sample) {
    const res = await fetch(`${gatewayUrl}/api/orders`, { method: 'POST', headers: o.headers, body: o.body });
    const body = (await res.json().catch(() => ({}))) as { orderId?: string };
    if (body.orderId !== o.orderId) mismatched++;
  }
  return { replayed: sample.length, mismatched };
}

/**
 * Staff change stock the way the back office does (the row and a CatalogueChanged outbox row in
 * one transaction); the time until GET /api/products/{slug} shows it travels outbox → relay →
 * NATS → gateway rebuild. Worst of five. The counts are low ones (1 to 5): shoppers are told a
 * count only at or below the low-stock threshold; the plenty the orders need is put back after.
 */
async function measureStaleness(gatewayUrl: string): Promise<number> {
  const outbox = createOutboxRepository(handle.db);
  const path = `${gatewayUrl}/api/products/colombian-supremo`;
  const product = (await (await fetch(path)).json()) as Product;
  const variation = product.variations[0]!;
  const setStock = (stock: number) =>
    handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`update product_variations set stock_quantity = ${stock} where id = ${variation.id}`,
      );
      await outbox.append(
        makeEvent(
          'CatalogueChanged',
          { reason: 'stock', productIds: [product.id] },
          { id: randomUUID(), occurredAt: new Date().toISOString() },
        ),
        tx,
      );
    });
  let worst = 0;
  for (let i = 1; i <= 5; i++) {
    const stock = i;
    const changedAt = performance.now();
    await setStock(stock);
    let seen = Number.NaN;
    while (performance.now() - changedAt < 10_000) {
      const p = (await (await fetch(path)).json()) as Product;
      if (p.variations.find((v) => v.id === variation.id)?.stockQuantity === stock) {
        seen = performance.now() - changedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    worst = Math.max(worst, Number.isNaN(seen) ? Number.POSITIVE_INFINITY : seen);
  }
  await setStock(1_000_000);
  return worst;
}
