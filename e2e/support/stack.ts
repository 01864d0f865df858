import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createDb } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { type StripeDouble, startStripeDouble } from '@qahwa/fake-stripe';
import { startTabbyFake, type TabbyFake } from '@qahwa/fake-tabby';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { LANE_ONE_PORTS } from './lanes';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const artifacts = `${root}.data/e2e`;

/**
 * The whole store as separate processes, on ports of its own (so a running `make dev` is not
 * disturbed), on the test database, with its own Temporal task queue and JetStream stream.
 * web and admin must be built first (`make test` does it).
 */
export interface Stack {
  webUrl: string;
  adminUrl: string;
  gatewayUrl: string;
  admin: { email: string; password: string };
  /** The stateful Stripe double the gateway and the storefront's Stripe.js double both talk to. */
  stripe: StripeDouble;
  /** The Tabby fake (fakes/tabby): the gateway's provider, its hosted page and the promo script. */
  tabby: TabbyFake;
  stop(): Promise<void>;
}

const port = (key: keyof typeof LANE_ONE_PORTS) => Number(process.env[key] ?? LANE_ONE_PORTS[key]);
const PORTS = {
  gateway: port('E2E_GATEWAY_PORT'),
  web: port('E2E_WEB_PORT'),
  admin: port('E2E_ADMIN_PORT'),
  stripe: port('E2E_STRIPE_PORT'),
  tabby: port('E2E_TABBY_PORT'),
};
/** The processes' logs: `.data/e2e/`, or a directory of the lane's own (e2e/support/lane.ts). */
const logs = process.env.E2E_LOG_DIR ? `${artifacts}/${process.env.E2E_LOG_DIR}` : artifacts;

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForHttp(url: string, name: string, proc: ChildProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null)
      throw new Error(`${name} exited with ${proc.exitCode}; see ${logs}/${name}.log`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms; see ${logs}/${name}.log`);
}

export async function startStack(): Promise<Stack> {
  mkdirSync(logs, { recursive: true });
  for (const [name, port] of Object.entries(PORTS)) {
    if (await portOpen(port))
      throw new Error(`port ${port} for the e2e ${name} is taken; set E2E_${name.toUpperCase()}_PORT`);
  }
  const databaseUrl = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
  const admin = { email: 'e2e-admin@qahwa.local', password: `e2e-${randomUUID()}` };
  const handle = createDb(databaseUrl);
  await resetDatabase(handle.db, admin);
  await handle.close();

  const run = randomUUID().slice(0, 8);
  const gatewayUrl = `http://127.0.0.1:${PORTS.gateway}`;
  // In this process: the test can read what Stripe saw and deliver its events again.
  const stripeWebhookSecret = `whsec_e2e_${run}`;
  const stripe = await startStripeDouble(
    { webhookUrl: `${gatewayUrl}/api/webhooks/stripe`, webhookSecret: stripeWebhookSecret },
    PORTS.stripe,
  );
  // Tabby's webhooks carry one static header (TABBY.md): a value of this run's own.
  const tabbyHeader = {
    title: TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_TITLE,
    value: `e2e_tabby_${run}_webhook`,
  };
  let tabby: TabbyFake;
  try {
    tabby = await startTabbyFake({
      port: PORTS.tabby,
      host: '127.0.0.1',
      webhookUrl: `${gatewayUrl}/api/webhooks/tabby`,
      webhookHeader: tabbyHeader,
    });
  } catch (err) {
    await stripe.close().catch(() => {});
    throw err;
  }
  const env = {
    ...process.env,
    // The Node services run in test mode (plain-HTTP cookies); `next start` serves the production builds.
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    GATEWAY_URL: gatewayUrl,
    GATEWAY_PORT: String(PORTS.gateway),
    CHECKOUT_TASK_QUEUE: `e2e-checkout-${run}`,
    EVENTS_STREAM: `E2E_${run}`,
    EVENTS_SUBJECT_PREFIX: `e2e-${run}.`,
    // The e2e gateway revalidates the e2e storefront, not a `make dev` one on :3000.
    STOREFRONT_REVALIDATE_URLS: `http://127.0.0.1:${PORTS.web}/revalidate/catalogue`,
    // `next start` is production: the storefront refuses the development secret (docs/security.md).
    REVALIDATE_SECRET: `e2e-revalidate-${randomUUID()}`,
    // The offer banner's test edits the database behind the back office: a minute's content cache
    // would be a minute of waiting.
    CONTENT_CACHE_SECONDS: '5',
    PROJECTION_DURABLE: `e2e-order-stats-${run}`,
    // Not the health port of a `make dev` workers process running beside us.
    WORKERS_HEALTH_PORT: '0',
    SESSION_SECRET: `e2e-session-secret-${randomUUID()}`,
    // Card payments: the gateway and workflows call the Stripe double, the storefront relays its
    // Stripe.js double there (no publishable key: docs/web-payments.md).
    STRIPE_API_BASE: stripe.url,
    STRIPE_SECRET_KEY: `sk_test_e2e_${run}`,
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    STRIPE_DOUBLE_URL: stripe.url,
    STRIPE_PUBLISHABLE_KEY: '',
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: '',
    // Pay later: the gateway and workflows call the Tabby fake; Tabby sends the shopper back to
    // the e2e storefront; the storefront relays the fake's promo script (docs/web-pay-later.md).
    TABBY_API_BASE: tabby.url,
    TABBY_WEBHOOK_HEADER_TITLE: tabbyHeader.title,
    TABBY_WEBHOOK_HEADER_VALUE: tabbyHeader.value,
    TABBY_PROMO_SCRIPT_URL: `${tabby.url}/tabby-promo.js`,
    STOREFRONT_URL: `http://127.0.0.1:${PORTS.web}`,
    // The back office's origin: the gateway takes staff writes from its pages only (and mails its links).
    BACKOFFICE_URL: `http://127.0.0.1:${PORTS.admin}`,
    LOG_LEVEL: 'info',
    // The workflows process and the gateway's eager worker take the tests' workflow bundle
    // (.data/workflow-bundles) instead of bundling for every file.
    WORKFLOW_BUNDLE_CACHE: '1',
  };
  const procs: ChildProcess[] = [];
  const start = (
    name: string,
    cmd: string,
    args: string[],
    cwd = root,
    extraEnv: Record<string, string> = {},
  ) => {
    const log = createWriteStream(`${logs}/${name}.log`);
    const p = spawn(cmd, args, {
      cwd,
      env: { ...env, ...extraEnv },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    p.stdout?.pipe(log);
    p.stderr?.pipe(log);
    procs.push(p);
    return p;
  };

  const stop = async () => {
    for (const p of procs) {
      try {
        process.kill(-p.pid!, 'SIGTERM');
      } catch {}
    }
    // Up to 1.5 s for them to end by themselves; then the rest are killed.
    const exited = (p: ChildProcess) =>
      p.exitCode !== null || p.signalCode !== null
        ? Promise.resolve()
        : new Promise((r) => p.once('exit', r));
    await Promise.race([Promise.all(procs.map(exited)), new Promise((r) => setTimeout(r, 1500))]);
    for (const p of procs) {
      try {
        process.kill(-p.pid!, 'SIGKILL');
      } catch {}
    }
    await stripe.close().catch(() => {});
    await tabby.stop().catch(() => {});
  };

  try {
    // Node itself, not `npx`: npm's start-up and tsx's extra process cost about a second of CPU
    // each, five times a file, while everything starts at once on two cores.
    const node = process.execPath;
    const gateway = start('gateway', node, ['--import', 'tsx', 'gateway/src/server.ts']);
    start('workflows', node, ['--import', 'tsx', 'workflows/src/worker.ts']);
    start('workers', node, ['--import', 'tsx', 'workers/src/main.ts']);
    const next = `${root}node_modules/next/dist/bin/next`;
    const nextEnv = { NODE_ENV: 'production' };
    // The database was just reset and the seed's ids are new: catalogue reads an earlier run left
    // in the storefront's data cache (tagged, kept up to CATALOGUE_CACHE_SECONDS) would name
    // products that no longer exist.
    rmSync(`${root}web/${process.env.NEXT_DIST_DIR || '.next'}/cache/fetch-cache`, {
      recursive: true,
      force: true,
    });
    const web = start('web', node, [next, 'start', '-p', String(PORTS.web)], `${root}web`, nextEnv);
    const adminApp = start(
      'admin',
      node,
      [next, 'start', '-p', String(PORTS.admin)],
      `${root}admin`,
      nextEnv,
    );
    await waitForHttp(`${gatewayUrl}/health/ready`, 'gateway', gateway);
    await waitForHttp(`http://127.0.0.1:${PORTS.web}/shop`, 'web', web);
    await waitForHttp(`http://127.0.0.1:${PORTS.admin}/backend/login`, 'admin', adminApp);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    webUrl: `http://127.0.0.1:${PORTS.web}`,
    adminUrl: `http://127.0.0.1:${PORTS.admin}`,
    gatewayUrl,
    admin,
    stripe,
    tabby,
    stop,
  };
}
