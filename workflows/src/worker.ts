import { fileURLToPath } from 'node:url';
import { createDb } from '@qahwa/db';
import { CHECKOUT_TASK_QUEUE } from '@qahwa/schema';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import pino, { type Logger } from 'pino';
import { type ActivityDeps, createActivities } from './activities';

export const workflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));

export interface CheckoutWorkerOptions {
  connection: NativeConnection;
  deps: ActivityDeps;
  taskQueue?: string;
  namespace?: string;
  /** Pre-built bundle (tests bundle once); otherwise the worker bundles workflowsPath. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

export async function createCheckoutWorker(opts: CheckoutWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace ?? process.env.TEMPORAL_NAMESPACE ?? 'default',
    taskQueue: opts.taskQueue ?? CHECKOUT_TASK_QUEUE,
    ...(opts.workflowBundle ? { workflowBundle: opts.workflowBundle } : { workflowsPath }),
    activities: createActivities(opts.deps),
  });
}

async function main(logger: Logger): Promise<void> {
  const connection = await NativeConnection.connect({
    address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
  });
  const handle = createDb();
  const worker = await createCheckoutWorker({
    connection,
    deps: { db: handle.db, logger },
    taskQueue: process.env.CHECKOUT_TASK_QUEUE ?? CHECKOUT_TASK_QUEUE,
  });
  logger.info(
    { taskQueue: process.env.CHECKOUT_TASK_QUEUE ?? CHECKOUT_TASK_QUEUE },
    'temporal worker running',
  );
  // Worker.run() handles SIGINT/SIGTERM itself and resolves after a graceful shutdown.
  await worker.run();
  await handle.close();
  await connection.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const logger = pino({ name: 'workflows', level: process.env.LOG_LEVEL ?? 'info' });
  main(logger).catch((err) => {
    logger.fatal({ err }, 'temporal worker failed');
    process.exit(1);
  });
}
