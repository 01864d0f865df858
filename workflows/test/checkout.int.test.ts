import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHECKOUT_FAILURE } from '@qahwa/checkout';
import { createDb, type DbHandle, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { CheckoutToOrderInput, CheckoutToOrderResult } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { ApplicationFailure, Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActivities } from '../src/activities';
import { sharedWorkflowBundle, startTestWorker, temporalAddress } from '../src/testing';
import { checkoutWorkflowId } from '../src/workflow-ids';

const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let handle: DbHandle;
let client: Client;
let variation: { id: string; productId: string; stockQuantity: number };

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
});
beforeEach(async () => {
  await resetDatabase(handle.db);
  const [v] = await handle.db
    .select({
      id: tables.productVariations.id,
      productId: tables.productVariations.productId,
      stockQuantity: tables.productVariations.stockQuantity,
    })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .where(eq(tables.products.slug, 'brass-dallah'));
  variation = v!;
});
afterAll(async () => {
  await client?.connection.close();
  await handle?.close();
});

function input(checkoutId: string, quantity = 2, city = 'dubai-marina'): CheckoutToOrderInput {
  return {
    checkoutId,
    requestId: `req-${checkoutId}`,
    order: {
      customerInfo: { fullName: 'Omar Haddad', email: 'omar@example.ae', phone: '+971 55 000 1111' },
      shippingInfo: { emirate: 'dubai', city, address: 'Marina Promenade, Tower 2, Apt 805' },
      items: [
        {
          id: `${variation.productId}-${variation.id}`,
          productId: variation.productId,
          variationId: variation.id,
          name: 'Brass Dallah',
          price: 165,
          quantity,
          variation: { weight: 'One size', beans: null, additions: null },
        },
      ],
      totalAmount: 330,
      subtotal: 330,
      tax: 0,
      shippingCost: 0,
      discount: 0,
      paymentProvider: 'COD',
    },
  };
}

async function ordersFor(checkoutId: string) {
  return handle.db.select().from(tables.orders).where(eq(tables.orders.checkoutId, checkoutId));
}
async function stockNow() {
  const [row] = await handle.db
    .select({ n: tables.productVariations.stockQuantity })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.id, variation.id));
  return row!.n;
}

describe('placeCodOrder activity', () => {
  it('is idempotent by checkout id: a retry after a commit returns the same order and sells once', async () => {
    const activities = createActivities({ db: handle.db, logger: pino({ level: 'silent' }) });
    const env = new MockActivityEnvironment();
    const checkoutId = `chk-${randomUUID()}`;
    // MockActivityEnvironment.run is typed loosely; the activity's own result type is the truth.
    const first = (await env.run(activities.placeCodOrder, input(checkoutId))) as CheckoutToOrderResult;
    const again = (await env.run(activities.placeCodOrder, input(checkoutId))) as CheckoutToOrderResult;
    expect(again.orderId).toBe(first.orderId);
    expect(await ordersFor(checkoutId)).toHaveLength(1);
    expect(await stockNow()).toBe(variation.stockQuantity - 2);
    // 2 × 165.00 = 330.00 is over 200: free delivery.
    expect(first.totalFils).toBe(33000);
  });

  it('refuses a city outside the emirate as a non-retryable business failure', async () => {
    const activities = createActivities({ db: handle.db, logger: pino({ level: 'silent' }) });
    const env = new MockActivityEnvironment();
    const bad = input(`chk-${randomUUID()}`, 1, 'sharjah');
    await expect(env.run(activities.placeCodOrder, bad)).rejects.toMatchObject({
      type: CHECKOUT_FAILURE.invalidAddress,
      nonRetryable: true,
    });
  });
});

describe('checkoutToOrder workflow', () => {
  it('still makes exactly one order when the worker is killed in the middle of a checkout', async () => {
    const taskQueue = `kill-test-${randomUUID()}`;
    const checkoutId = `chk-${randomUUID()}`;
    // Hold the variation's row lock so the first worker's activity is stuck inside its transaction.
    const locker = new pg.Client({ connectionString: DATABASE_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from product_variations where id = $1 for update', [variation.id]);

    const child: ChildProcess = spawn('npx', ['tsx', 'workflows/src/worker.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL, CHECKOUT_TASK_QUEUE: taskQueue, LOG_LEVEL: 'warn' },
      detached: true,
      stdio: ['ignore', process.env.KILL_TEST_LOG ? 'inherit' : 'ignore', 'pipe'],
    });
    let childErr = '';
    child.stderr?.on('data', (d) => {
      childErr = (childErr + String(d)).slice(-4000);
    });
    let second: Awaited<ReturnType<typeof startTestWorker>> | undefined;
    try {
      const wf = await client.workflow.start('checkoutToOrder', {
        taskQueue,
        workflowId: checkoutWorkflowId(checkoutId),
        args: [input(checkoutId)],
      });
      // Wait until the first worker's activity is blocked on our lock: mid-checkout.
      // A cold worker start (tsx + workflow bundling) can take a while on a busy 2-core machine.
      const deadline = Date.now() + 200_000;
      for (;;) {
        // Polled outside the locker's transaction: pg_stat_activity is snapshotted once per transaction.
        const { rows } = await handle.pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (rows[0].n > 0) break;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(
            `the first worker never reached the checkout (exit ${child.exitCode}): ${childErr}`,
          );
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      process.kill(-child.pid!, 'SIGKILL');
      await locker.query('rollback');

      second = await startTestWorker(handle.db, taskQueue);
      const result = await wf.result();
      const orders = await ordersFor(checkoutId);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.id).toBe(result.orderId);
      expect(await stockNow()).toBe(variation.stockQuantity - 2);
      const events = await handle.db
        .select()
        .from(tables.outbox)
        .where(sql`${tables.outbox.payload}->'data'->>'orderId' = ${result.orderId}`);
      expect(events).toHaveLength(1);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
      await locker.end().catch(() => {});
      await second?.stop();
    }
  }, 300_000);

  it('joins the running checkout when the same checkout is submitted twice', async () => {
    const taskQueue = `dup-test-${randomUUID()}`;
    const worker = await startTestWorker(handle.db, taskQueue);
    try {
      const { runCheckout } = await import('../src/checkout/start');
      const checkoutId = `chk-${randomUUID()}`;
      const [a, b] = await Promise.all([
        runCheckout(client, input(checkoutId), taskQueue),
        runCheckout(client, input(checkoutId), taskQueue),
      ]);
      const c = await runCheckout(client, input(checkoutId), taskQueue);
      expect(new Set([a.orderId, b.orderId, c.orderId]).size).toBe(1);
      expect(await ordersFor(checkoutId)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it.each([
    // Before the local activity: a checkout started by the previous release must still replay.
    'checkout-to-order.history.json',
    'checkout-to-order-local.history.json',
    // The card path (docs/payments.md): started by the webhook's signal-with-start, joined by the browser.
    'checkout-to-order-card.history.json',
  ])('replays the recorded history %s deterministically', async (file) => {
    const history = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8'));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await sharedWorkflowBundle() }, history),
    ).resolves.toBeUndefined();
  });

  it('fails a checkout with a malformed id at once, without retrying', async () => {
    const taskQueue = `bad-input-${randomUUID()}`;
    const worker = await startTestWorker(handle.db, taskQueue);
    try {
      const bad = input(`chk-${randomUUID()}`);
      bad.order.items[0]!.variationId = 'x';
      const t0 = Date.now();
      const err = await client.workflow
        .execute('checkoutToOrder', {
          taskQueue,
          workflowId: checkoutWorkflowId(bad.checkoutId),
          args: [bad],
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WorkflowFailedError);
      let cause: unknown = err;
      while (cause && !(cause instanceof ApplicationFailure)) cause = (cause as { cause?: unknown }).cause;
      expect(cause).toMatchObject({ type: CHECKOUT_FAILURE.invalidInput, nonRetryable: true });
      // One attempt: before, a malformed uuid was an SQL error retried 20 times over minutes.
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(await ordersFor(bad.checkoutId)).toHaveLength(0);
    } finally {
      await worker.stop();
    }
  });

  it('lets an operator find a checkout by the order number, e-mail and checkout id (visibility API)', async () => {
    const taskQueue = `search-${randomUUID()}`;
    const worker = await startTestWorker(handle.db, taskQueue);
    try {
      const { runCheckout } = await import('../src/checkout/start');
      const checkoutId = `chk-${randomUUID()}`;
      const { orderId } = await runCheckout(client, input(checkoutId), taskQueue);
      const query = `OrderNumber = '${orderId}' AND CustomerEmail = 'omar@example.ae' AND PaymentProvider = 'COD' AND CheckoutId = '${checkoutId}'`;
      // Visibility is eventually consistent: it trails the workflow by a moment.
      let found: string[] = [];
      for (let i = 0; i < 50 && found.length === 0; i++) {
        found = [];
        for await (const wf of client.workflow.list({ query })) found.push(wf.workflowId);
        if (found.length === 0) await new Promise((r) => setTimeout(r, 200));
      }
      expect(found).toEqual([`checkout-${checkoutId}`]);
    } finally {
      await worker.stop();
    }
  });
});
