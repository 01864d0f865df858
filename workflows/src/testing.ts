import type { Db } from '@qahwa/db';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference/services';
import { bundleWorkflowCode, NativeConnection, type Worker } from '@temporalio/worker';
import pino from 'pino';
import type Stripe from 'stripe';
import type { TabbyClient } from './payments/tabby';
import { ensureSearchAttributes } from './search-attributes';
import { createCheckoutWorker, workflowsPath } from './worker';

let bundle: ReturnType<typeof bundleWorkflowCode> | undefined;

/** Bundling the workflow code takes seconds; tests share one bundle per process. */
export function sharedWorkflowBundle() {
  bundle ??= bundleWorkflowCode({
    workflowsPath,
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  });
  return bundle;
}

export const temporalAddress = () => process.env.TEMPORAL_ADDRESS ?? SERVICE_DEFAULTS.temporalAddress;

/** A real checkout worker on its own task queue, against the real Temporal dev server. */
export async function startTestWorker(
  db: Db,
  taskQueue: string,
  address: string = temporalAddress(),
  extra: { stripe?: Stripe; tabby?: TabbyClient } = {},
) {
  const connection = await NativeConnection.connect({ address });
  await ensureSearchAttributes(connection, 'default');
  const worker: Worker = await createCheckoutWorker({
    connection,
    deps: {
      db,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      stripe: extra.stripe,
      tabby: extra.tabby,
    },
    taskQueue,
    workflowBundle: await sharedWorkflowBundle(),
  });
  const running = worker.run();
  return {
    worker,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
