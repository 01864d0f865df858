import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { returnRefundReference } from '@qahwa/schema/returns';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalReturnChanged, startReturnProcess } from '../src/returns/start';
import { temporalAddress } from '../src/testing';
import { createReturnWorker } from './fixtures/return-worker';
import {
  approve,
  askRefund,
  deliveredCardOrder,
  receive,
  requestReturn,
  type StripeRecorder,
  stripeRecorder,
} from './returns-support';

/**
 * docs/returns.md "Exactly once": the worker is killed after Stripe made the return's refund and
 * before the refund is recorded. The retry on a second worker asks Stripe again with the same
 * idempotency key (`return-<number>`), so Stripe makes no second refund; the return ends
 * refunded with one succeeded refunds row.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const SMTP_URL = process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let handle: DbHandle;
let client: Client;
let stripe: StripeRecorder;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
  stripe = await stripeRecorder();
});
afterAll(async () => {
  await client?.connection.close();
  await stripe?.close();
  await handle?.close();
});

describe('a return refunded with the workflow worker killed between the refund call and its record', () => {
  it('gives one refund, not two', async () => {
    const { orderId, paymentIntentId } = await deliveredCardOrder(handle.db, `k-${randomUUID()}@example.ae`);
    const ret = await requestReturn(handle.db, orderId, 'WRONG_ITEM', 2);
    await approve(handle.db, ret.number);
    await receive(handle.db, ret, false);
    await askRefund(handle.db, ret, paymentIntentId);
    const reference = returnRefundReference(ret.number);
    const taskQueue = `returns-kill-${randomUUID()}`;
    // Holding the refund's row stops the first worker after Stripe answered, before it records it.
    const locker = new pg.Client({ connectionString: DATABASE_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from refunds where reference = $1 for update', [reference]);

    const child: ChildProcess = spawn('npx', ['tsx', 'workflows/test/fixtures/return-worker.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL, TASK_QUEUE: taskQueue, STRIPE_API_BASE: stripe.url, SMTP_URL },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let childErr = '';
    child.stderr?.on('data', (d) => {
      childErr = (childErr + String(d)).slice(-4000);
    });
    let second: Awaited<ReturnType<typeof createReturnWorker>> | undefined;
    let running: Promise<void> | undefined;
    try {
      const wf = await startReturnProcess(client, taskQueue, {
        returnNumber: ret.number,
        returnId: ret.id,
        orderId,
      });
      await signalReturnChanged(client, ret.number);
      const deadline = Date.now() + 200_000;
      for (;;) {
        const { rows } = await handle.pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (stripe.requests.length > 0 && rows[0].n > 0) break;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the first worker never reached the refund (exit ${child.exitCode}): ${childErr}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      // Stripe has made the refund; the first worker has not recorded it. Kill it there.
      process.kill(-child.pid!, 'SIGKILL');
      await locker.query('rollback');

      second = await createReturnWorker({
        databaseUrl: DATABASE_URL,
        taskQueue,
        stripeApiBase: stripe.url,
        smtpUrl: SMTP_URL,
      });
      running = second.worker.run();
      expect(await client.workflow.getHandle(wf.workflowId).result()).toBe('refunded');

      // Asked at least twice, always under the return's key: one refund made.
      expect(stripe.requests.length).toBeGreaterThanOrEqual(2);
      expect(new Set(stripe.requests.map((r) => r.key))).toEqual(new Set([reference]));
      expect(stripe.made.size).toBe(1);
      const refunds = await handle.db
        .select()
        .from(tables.refunds)
        .where(eq(tables.refunds.orderId, orderId));
      // Wrong item: both bags and the shipping.
      expect(refunds).toEqual([
        expect.objectContaining({ reference, status: 'succeeded', amountFils: 165_00 }),
      ]);
      expect(refunds[0]!.providerRefundId).toMatch(/^re_/);
      const [done] = await handle.db
        .select()
        .from(tables.returns)
        .where(eq(tables.returns.number, ret.number));
      expect(done).toMatchObject({ status: 'refunded', refundId: refunds[0]!.id });
      const [payment] = await handle.db
        .select()
        .from(tables.payments)
        .where(eq(tables.payments.id, paymentIntentId));
      expect(payment!.refundedFils).toBe(165_00);
    } finally {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }
      await locker.end().catch(() => {});
      if (second) {
        second.worker.shutdown();
        await running;
        await second.connection.close();
        await second.close();
      }
    }
  }, 300_000);
});
