import type { TabbyClient } from '@qahwa/checkout/payments';
import type { Db } from '@qahwa/db';
import type { Mailer } from '@qahwa/mail';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { NativeConnection, type Worker, type WorkflowBundle } from '@temporalio/worker';
import pino from 'pino';
import type Stripe from 'stripe';
import { cachedWorkflowBundle } from './bundle-cache';
import { ensureSearchAttributes } from './register-search-attributes';
import { createCheckoutWorker, workflowsPath } from './worker';

let bundle: Promise<WorkflowBundle> | undefined;

/** Bundling the workflow code takes seconds; tests share one bundle, kept on disk (bundle-cache.ts). */
export function sharedWorkflowBundle() {
  bundle ??= cachedWorkflowBundle(workflowsPath);
  return bundle;
}

export const temporalAddress = () => process.env.TEMPORAL_ADDRESS ?? SERVICE_DEFAULTS.temporalAddress;

/** A real checkout worker on its own task queue, against the real Temporal dev server. */
export async function startTestWorker(
  db: Db,
  taskQueue: string,
  address: string = temporalAddress(),
  /** `mailer`: the order confirmation's sender (without one that activity fails for good). */
  extra: { stripe?: Stripe; tabby?: TabbyClient; mailer?: Mailer } = {},
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
      mailer: extra.mailer,
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
