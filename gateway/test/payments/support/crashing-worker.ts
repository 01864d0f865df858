import { createStripeClient } from '@qahwa/checkout/payments';
import { createDb } from '@qahwa/db';
import { sharedWorkflowBundle } from '@qahwa/workflows/testing';
import { createActivities } from '@qahwa/workflows/worker';
import { NativeConnection, Worker } from '@temporalio/worker';
import pino from 'pino';

/**
 * A checkout worker that dies (SIGKILL: no cleanup, no goodbye to Temporal) at one step of the
 * card flow: `CRASH_AT=<activity>:<before|after>`. `after` means the activity's work is done
 * (for placePaidOrder: the order's transaction committed) but its result was never reported.
 * Used by worker-kill.int.test.ts, which then lets a healthy worker finish the checkout.
 */
const [activity, when] = (process.env.CRASH_AT ?? '').split(':');
const handle = createDb(process.env.DATABASE_URL!);
const logger = pino({ level: 'silent' });
const stripe = createStripeClient({ apiBase: process.env.STRIPE_API_BASE!, secretKey: 'sk_test_qahwa' });
const activities = createActivities({ db: handle.db, logger, stripe }) as unknown as Record<
  string,
  (...args: unknown[]) => Promise<unknown>
>;
const die = () => {
  process.kill(process.pid, 'SIGKILL');
  return new Promise<never>(() => {});
};
const wrapped = Object.fromEntries(
  Object.entries(activities).map(([name, fn]) => [
    name,
    async (...args: unknown[]) => {
      if (name === activity && when === 'before') await die();
      const result = await fn(...args);
      if (name === activity && when === 'after') await die();
      return result;
    },
  ]),
);
const connection = await NativeConnection.connect({
  address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
});
const worker = await Worker.create({
  connection,
  taskQueue: process.env.TASK_QUEUE!,
  workflowBundle: await sharedWorkflowBundle(),
  activities: wrapped,
});
process.stdout.write('ready\n');
await worker.run();
