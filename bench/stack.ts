import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb, sql } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { startStripeDouble } from '@qahwa/fake-stripe';
import { analyticsStreamOf } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { Client, Connection } from '@temporalio/client';
import { benchDir, freePort, type Proc, startProcess, stopProcesses, waitForHttp } from './processes';

/**
 * The store the bench measures: the test database reset, the Stripe double, the bench's own mail
 * catcher, and the gateway, Temporal worker, workers and bare baseline as separate processes with
 * this run's own secrets, task queue, stream and subject prefix. The knobs are main.ts's.
 */

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
export const knobs = {
  connections: num('BENCH_CONNECTIONS', 8),
  readRounds: num('BENCH_READ_ROUNDS', 6),
  readSeconds: num('BENCH_READ_SECONDS', 3),
  orderRate: num('BENCH_ORDER_RATE', 50),
  orderSeconds: num('BENCH_ORDER_SECONDS', 60),
  orderWarmSeconds: num('BENCH_ORDER_WARM_SECONDS', 20),
  cardRate: num('BENCH_CARD_RATE', 20),
  cardSeconds: num('BENCH_CARD_SECONDS', 60),
  cardWarmSeconds: num('BENCH_CARD_WARM_SECONDS', 10),
  walletSeconds: num('BENCH_WALLET_SECONDS', 30),
  codBesideCardRate: num('BENCH_COD_BESIDE_CARD_RATE', 30),
  // The `cluster` part (bench/parts/cluster.ts): COD rounds per side, and the lag's event rate.
  clusterOrderRounds: num('BENCH_CLUSTER_ORDER_ROUNDS', 4),
  clusterOrderSeconds: num('BENCH_CLUSTER_ORDER_SECONDS', 10),
  clusterLagRate: num('BENCH_CLUSTER_LAG_RATE', 200),
  clusterLagSeconds: num('BENCH_CLUSTER_LAG_SECONDS', 30),
  parts: (env.BENCH_PARTS ?? 'read,orders,card,lighthouse,admin-pages').split(','),
};
export type Knobs = typeof knobs;

/** What every part of the bench works with. */
export interface Bench {
  run: string;
  knobs: Knobs;
  handle: ReturnType<typeof createDb>;
  /** The gateway's base URL. */
  gateway: string;
  /** The bare Fastify baseline's base URL, once the processes started. */
  bareUrl: string;
  stripeUrl: string;
  procs: Proc[];
}

/** The run's resources before any store process starts; `closeBench` releases them. */
export async function openBench() {
  const databaseUrl = env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
  const natsUrl = env.NATS_URL ?? SERVICE_DEFAULTS.natsUrl;
  const run = randomUUID().slice(0, 8);
  const handle = createDb(databaseUrl);
  await resetDatabase(handle.db);
  // Plenty of stock so the order phase measures ordering, not refusals.
  await handle.db.execute(sql`update product_variations set stock_quantity = 1000000`);
  // The seed registers the demo store under the sample TRN, which production mode refuses to start
  // with (docs/vat.md); the bench store is registered under a TRN of its own, so orders are still taxed.
  await handle.db.execute(
    sql`update store_settings set value = jsonb_set(value, '{value,trn}', '"100000000000011"') where key = 'vat'`,
  );

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
  // The bench's own SMTP relay, standing in for Brevo's: a sink that accepts and counts
  // (bench/mail-sink.ts), not MailDev, whose parsing of every mail took CPU from the store.
  const mailSmtpPort = await freePort();
  const mailWebPort = await freePort();
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
  return {
    run,
    knobs,
    handle,
    gateway,
    gatewayPort,
    stream,
    storeEnv,
    stripeDouble,
    mail: { smtpPort: mailSmtpPort, webPort: mailWebPort },
    procs,
    nc,
    jsm,
  };
}
export type OpenBench = Awaited<ReturnType<typeof openBench>>;

/** Starts the mail catcher, the store's processes and the bare baseline; answers what the parts use. */
export async function startStore(b: OpenBench): Promise<Bench> {
  const { procs, storeEnv, gateway, mail: m } = b;
  const mail = startProcess('mail sink', 'bench/mail-sink.ts', {}, [String(m.smtpPort), String(m.webPort)]);
  procs.push(mail);
  await waitForHttp(`http://127.0.0.1:${m.webPort}/`, mail);
  const gw = startProcess('gateway', 'gateway/src/server.ts', storeEnv);
  procs.push(gw);
  procs.push(startProcess('workflows', 'workflows/src/worker.ts', storeEnv));
  procs.push(startProcess('workers', 'workers/src/main.ts', storeEnv));
  await waitForHttp(`${gateway}/api/products?limit=1`, gw);
  await waitForStream(b, b.stream);

  const barePort = env.BENCH_BARE_PORT ? Number(env.BENCH_BARE_PORT) : await freePort();
  const bare = startProcess('bare', 'bench/bare-server.ts', {
    BARE_PORT: String(barePort),
    BARE_SOURCE_URL: `${gateway}/api/products`,
  });
  procs.push(bare);
  await waitForHttp(`http://127.0.0.1:${barePort}/api/products`, bare);
  return {
    run: b.run,
    knobs: b.knobs,
    handle: b.handle,
    gateway,
    bareUrl: `http://127.0.0.1:${barePort}`,
    stripeUrl: b.stripeDouble.url,
    procs,
  };
}

/** Everything the run started or made, released whatever happened. */
export async function closeBench(b: OpenBench) {
  await b.stripeDouble.close();
  await stopProcesses(b.procs);
  await terminateLeftovers(b.storeEnv.CHECKOUT_TASK_QUEUE);
  await b.jsm.streams.delete(b.stream).catch(() => false);
  await b.jsm.streams.delete(analyticsStreamOf(b.stream)).catch(() => false);
  await b.nc.close();
  await b.handle.close();
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

async function waitForStream(b: OpenBench, name: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await b.jsm.streams.info(name).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the workers did not create stream ${name} within 60 s; see ${benchDir}/workers.log`);
}
