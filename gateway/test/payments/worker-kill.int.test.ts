import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, sql, tables } from '@qahwa/db';
import { startTestWorker, temporalAddress } from '@qahwa/workflows/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../harness';
import { checkoutClaim, confirmInBrowser, type PaymentsStack, startPaymentsStack, waitFor } from './harness';

/**
 * A card-path invariant (docs/payments.md): the Temporal worker killed at every step of the card
 * flow in turn → exactly one order each time. A worker process dies by SIGKILL at the step; then a healthy
 * worker takes the checkout over (after the workflow task times out) and finishes it.
 */
const STEPS = [
  'retrievePayment:before',
  'retrievePayment:after',
  'placePaidOrder:before',
  // The order's transaction committed, its result never reported: the retry must find it.
  'placePaidOrder:after',
] as const;
const script = fileURLToPath(new URL('./support/crashing-worker.ts', import.meta.url));

let stack: PaymentsStack;
beforeAll(async () => {
  stack = await startPaymentsStack({ worker: false });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

function startCrashingWorker(step: string): Promise<ChildProcess> {
  // Node itself with tsx's loader: one process, so the SIGKILL is the child's own.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL,
      TASK_QUEUE: stack.taskQueue,
      STRIPE_API_BASE: stack.double.url,
      TEMPORAL_ADDRESS: temporalAddress(),
      CRASH_AT: step,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`crashing worker exited early (${code})`)));
  });
}

describe('card checkout survives a worker killed at each step', () => {
  it.each(STEPS)(
    'killed at %s: exactly one order',
    async (step) => {
      const child = await startCrashingWorker(step);
      const died = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_c, signal) => resolve(signal)),
      );
      const claim = await checkoutClaim(stack.db);
      const created = await stack.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: claim,
      });
      const { paymentIntentId, clientSecret } = created.json();
      // The shopper pays; the webhook starts the checkout on the only worker there is: the doomed one.
      await confirmInBrowser(stack, clientSecret);
      expect(await died).toBe('SIGKILL');
      const healthy = await startTestWorker(stack.db, stack.taskQueue, temporalAddress(), {
        stripe: stack.stripe,
      });
      try {
        await waitFor(
          async () =>
            (
              await stack.db
                .select()
                .from(tables.orders)
                .where(eq(tables.orders.paymentIntentId, paymentIntentId))
            )[0],
          `the order after a kill at ${step}`,
          60_000,
        );
        // The browser's request after all that gets the same order.
        const res = await stack.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: { ...claim, totalAmount: 1, paymentIntentId },
        });
        expect(res.statusCode).toBe(200);
      } finally {
        await healthy.stop();
      }
      const { rows } = await stack.db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders where payment_intent_id = ${paymentIntentId}`,
      );
      expect(rows[0]!.n).toBe(1);
      const events = await stack.db.execute<{ n: number }>(
        sql`select count(*)::int as n from outbox where type = 'PaymentSucceeded' and payload -> 'data' ->> 'paymentId' = ${paymentIntentId}`,
      );
      expect(events.rows[0]!.n).toBe(1);
    },
    120_000,
  );
});
