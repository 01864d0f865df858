import { fileURLToPath } from 'node:url';
import { createStripeClient, createTabbyClient } from '@qahwa/checkout/payments';
import { createDb } from '@qahwa/db';
import { createMailer } from '@qahwa/mail';
import { CHECKOUT_TASK_QUEUE } from '@qahwa/schema';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import pino, { type Logger } from 'pino';
import { type ActivityDeps, createActivities } from './activities';
import { cachedWorkflowBundle } from './bundle-cache';
import { loadWorkflowsConfig, type WorkflowsConfig } from './config';
import { ensureSearchAttributes } from './register-search-attributes';

/*
 * The Temporal worker process (`npm run start -w @qahwa/workflows`) and, as the entry
 * `@qahwa/workflows/worker`, what another process needs to run a worker of its own (the gateway's
 * eager checkout worker, the integration tests): the worker, the bundle, the activities.
 */
export { type Activities, type ActivityDeps, createActivities } from './activities';
export { cachedWorkflowBundle } from './bundle-cache';
export { createLeadActivities, type LeadRecoverySettings } from './lead-conversion/activities';
export { createRefundActivities } from './order-follow-up/activities';
export { ensureSearchAttributes } from './register-search-attributes';
export { createReturnActivities } from './returns/activities';

export const workflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));

export interface CheckoutWorkerOptions {
  connection: NativeConnection;
  deps: ActivityDeps;
  taskQueue?: string;
  namespace?: string;
  /** Activities at once; keep it at most the database pool (each holds a connection). */
  activityConcurrency?: number;
  /** Pre-built bundle (tests bundle once); otherwise the worker bundles workflowsPath. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

export async function createCheckoutWorker(opts: CheckoutWorkerOptions): Promise<Worker> {
  const concurrency = opts.activityConcurrency ?? 10;
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace ?? 'default',
    taskQueue: opts.taskQueue ?? CHECKOUT_TASK_QUEUE,
    ...(opts.workflowBundle ? { workflowBundle: opts.workflowBundle } : { workflowsPath }),
    activities: createActivities(opts.deps),
    // The checkout's transaction runs as a local activity; either kind holds one pooled
    // connection, so neither may run more at once than the pool has connections.
    maxConcurrentActivityTaskExecutions: concurrency,
    maxConcurrentLocalActivityExecutions: concurrency,
    // A card checkout's first task often fails with UnhandledCommand: Stripe's webhook signals the
    // run while the browser's POST has the task. The server then queues the next task on this
    // worker's sticky queue, where it sat up to the default 10 s (measured: 8 s, card p50 7.5 s
    // after payment). After 1 s it moves to the shared queue, where any checkout worker takes it.
    stickyQueueScheduleToStartTimeout: '1 second',
  });
}

async function main(config: WorkflowsConfig, logger: Logger): Promise<void> {
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const added = await ensureSearchAttributes(connection, config.temporalNamespace);
  if (added.length > 0) logger.info({ added }, 'registered search attributes');
  const handle = createDb(config.db.url, { ...config.db, applicationName: 'qahwa-workflows' });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    logger,
    budget: config.mail.budget,
  });
  const worker = await createCheckoutWorker({
    connection,
    deps: {
      db: handle.db,
      logger,
      stripe: createStripeClient(config.stripe),
      tabby: createTabbyClient(config.tabby),
      mailer,
      storeUrl: config.mail.storeUrl,
      // leadConversion's recovery e-mail (docs/leads.md): the same sender, the signed restore link.
      leadRecovery: {
        mailer,
        storefrontUrl: config.mail.storeUrl,
        linkSecret: config.leadLink.secret,
        linkTtlMs: config.leadLink.ttlMs,
      },
      returns: { staffEmail: config.mail.staffNotifyEmail },
    },
    taskQueue: config.checkoutTaskQueue,
    namespace: config.temporalNamespace,
    activityConcurrency: config.activityConcurrency,
    workflowBundle: config.workflowBundleCache ? await cachedWorkflowBundle(workflowsPath) : undefined,
  });
  logger.info(
    { taskQueue: config.checkoutTaskQueue, activityConcurrency: config.activityConcurrency },
    'temporal worker running',
  );
  // Worker.run() handles SIGINT/SIGTERM itself and resolves after a graceful shutdown.
  await worker.run();
  mailer.close();
  await handle.close();
  await connection.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let config: WorkflowsConfig;
  try {
    config = loadWorkflowsConfig();
  } catch (err) {
    // pino needs the log level from the config: say it plainly and stop.
    console.error(JSON.stringify({ level: 60, msg: 'workflows: bad configuration', err: String(err) }));
    process.exit(1);
  }
  const logger = pino({ name: 'workflows', level: config.logLevel });
  main(config, logger).catch((err) => {
    logger.fatal({ err }, 'temporal worker failed');
    process.exit(1);
  });
}
