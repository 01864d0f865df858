import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, sql, tables } from '@qahwa/db';
import { paymentWorkflowId } from '@qahwa/workflows';
import { startTestWorker, temporalAddress } from '@qahwa/workflows/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../harness';
import { checkoutClaim, confirmInBrowser, type PaymentsStack, startPaymentsStack, waitFor } from './harness';

/**
 * A card-path invariant (docs/payments.md): the Temporal worker killed at every step of the card
 * flow in turn → exactly one order each time. A worker process dies by SIGKILL at the step; then a healthy
 * worker takes the checkout over (after the workflow task times out) and finishes it.
 *
 * The order is made in the gateway's request whenever the gateway can verify the payment with
 * Stripe; the workflow carries it when it cannot. So here Stripe is down for the gateway alone (its
 * own secret key, the double's outage on retrieving an intent) and up for the workers: every
 * payment goes the workflow's way, as it does in production while the gateway cannot reach Stripe.
 */
const GATEWAY_KEY = 'sk_test_gateway_worker_kill';
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
  stack = await startPaymentsStack({ worker: false, gatewayStripeKey: GATEWAY_KEY });
}, 120_000);

/** Stripe answers the gateway's retrieve of an intent 503; the workers' calls are served. */
const gatewayCannotVerify = () =>
  stack.double.outage({ method: 'GET', path: /^\/v1\/payment_intents\//, secretKey: GATEWAY_KEY });

const ordersOf = async (paymentIntentId: string) =>
  (
    await stack.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where payment_intent_id = ${paymentIntentId}`,
    )
  ).rows[0]!.n;
const paymentSucceededEventsOf = async (paymentIntentId: string) =>
  (
    await stack.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox where type = 'PaymentSucceeded' and payload -> 'data' ->> 'paymentId' = ${paymentIntentId}`,
    )
  ).rows[0]!.n;
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
      const stripeBack = gatewayCannotVerify();
      const refusedBefore = stack.double.outages.refused;
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
        const order = await waitFor(
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
        expect(res.json().orderId).toBe(order.id);
        // The run itself ends with that order (after `placePaidOrder:after`, once its activity's
        // retry on the healthy worker finds the committed order).
        const run = stack.temporal.workflow.getHandle(paymentWorkflowId(paymentIntentId));
        expect((await run.result()).orderId).toBe(order.id);
      } finally {
        await healthy.stop();
        stripeBack();
      }
      // The gateway did ask Stripe and was refused: the order is the workflow's, made across the kill.
      expect(stack.double.outages.refused).toBeGreaterThan(refusedBefore);
      expect(await ordersOf(paymentIntentId)).toBe(1);
      expect(await paymentSucceededEventsOf(paymentIntentId)).toBe(1);
    },
    120_000,
  );
});

describe('a paid order the gateway could not make in the webhook’s request', () => {
  it('the first delivery cannot verify the payment: the run holds it; a later delivery makes the order in the gateway while the run waits for a worker; the run finds that order: exactly one', async () => {
    const claim = await checkoutClaim(stack.db);
    const created = await stack.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: claim,
    });
    const { paymentIntentId, clientSecret } = created.json();
    const variationId = claim.items[0]!.variationId;
    const stockOf = async () =>
      (
        await stack.db
          .select({ n: tables.productVariations.stockQuantity })
          .from(tables.productVariations)
          .where(eq(tables.productVariations.id, variationId))
      )[0]!.n;
    // The intent holds its units already; the order must consume that hold, not take them again.
    const heldStock = await stockOf();
    const handle = stack.temporal.workflow.getHandle(paymentWorkflowId(paymentIntentId));

    const stripeBack = gatewayCannotVerify();
    try {
      // The shopper pays and closes the tab: only Stripe's webhook learns of the payment.
      await confirmInBrowser(stack, clientSecret);
      await stack.double.idle();
    } finally {
      stripeBack();
    }
    const [succeeded] = stack.double.eventsFor(paymentIntentId, 'payment_intent.succeeded');
    // Answered 2xx only once the run held the payment: no worker runs yet, so it waits, with no order.
    expect(stack.double.deliveries.filter((d) => d.eventId === succeeded!.id).map((d) => d.status)).toEqual([
      200,
    ]);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    expect(await ordersOf(paymentIntentId)).toBe(0);

    // Stripe delivers the event again (its deliveries are at least once), Stripe reachable now:
    // the gateway makes the order in the request.
    expect((await stack.double.deliver(succeeded!))[0]!.status).toBe(200);
    const [order] = await stack.db
      .select()
      .from(tables.orders)
      .where(eq(tables.orders.paymentIntentId, paymentIntentId));
    expect(order).toBeDefined();

    // A worker comes back: the waiting run finds that order instead of making a second one.
    const healthy = await startTestWorker(stack.db, stack.taskQueue, temporalAddress(), {
      stripe: stack.stripe,
    });
    try {
      expect((await handle.result()).orderId).toBe(order!.id);
      const res = await stack.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { ...claim, totalAmount: 1, paymentIntentId },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().orderId).toBe(order!.id);
    } finally {
      await healthy.stop();
    }
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await paymentSucceededEventsOf(paymentIntentId)).toBe(1);
    expect(await stockOf()).toBe(heldStock);
  }, 120_000);
});
