import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createTabbyClient, type TabbyClient } from '@qahwa/checkout/payments';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { startTabbyFake, type TabbyFake } from '@qahwa/fake-tabby';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorker, temporalAddress } from '../src/testing';
import { payLaterWorkflowId } from '../src/workflow-ids';
import { brassDallah, payLaterCheckout } from './pay-later-support';

/**
 * docs/pay-later.md: a worker killed after Tabby's capture and before the order is written. The capture is
 * the last step inside the order's transaction; holding the checkout's row stops the first worker
 * right after the capture (the checkout is marked `ordered` next), and it is SIGKILLed there: its
 * transaction — the order — never commits. The retry on another worker makes the order again and
 * captures with the same reference_id, which Tabby answers with the capture it already has.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let handle: DbHandle;
let client: Client;
let fake: TabbyFake;
let tabby: TabbyClient;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  fake = await startTabbyFake({ port: 0 });
  tabby = createTabbyClient({
    apiBase: fake.url,
    secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
    merchantCode: 'GR',
  });
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
}, 60_000);
afterAll(async () => {
  await client?.connection.close();
  await fake?.stop();
  await handle?.close();
});

describe('a worker killed between the capture and the order', () => {
  it('ends with one order and one capture', async () => {
    const taskQueue = `pay-later-kill-${randomUUID()}`;
    const dallah = await brassDallah(handle.db);
    // 165 AED and 25 shipping under 200 (the seed's rules): the server's total.
    const input = await payLaterCheckout(handle.db, tabby, { totalFils: 190_00, variation: dallah });
    fake.control.setWebhookMode({ kind: 'never' });
    fake.control.approve(input.paymentId);

    const locker = new pg.Client({ connectionString: DATABASE_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from checkouts where id = $1 for update', [input.checkout.checkoutId]);

    const child: ChildProcess = spawn('npx', ['tsx', 'workflows/src/worker.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL,
        CHECKOUT_TASK_QUEUE: taskQueue,
        TABBY_API_BASE: fake.url,
        LOG_LEVEL: 'warn',
      },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let childErr = '';
    child.stderr?.on('data', (d) => {
      childErr = (childErr + String(d)).slice(-4000);
    });
    let second: Awaited<ReturnType<typeof startTestWorker>> | undefined;
    try {
      const wf = await client.workflow.start('payLaterReconciliation', {
        taskQueue,
        workflowId: payLaterWorkflowId(input.paymentId),
        args: [{ ...input, timing: { pollMs: [500], expiryMs: 120_000 } }],
      });
      const deadline = Date.now() + 200_000;
      for (;;) {
        const { rows } = await handle.pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (rows[0].n > 0 && fake.control.captureCount(input.paymentId) === 1) break;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the first worker never reached the capture (exit ${child.exitCode}): ${childErr}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      // Captured at Tabby; the order's transaction is open and waiting: kill it there.
      expect(fake.control.payment(input.paymentId).status).toBe('CLOSED');
      process.kill(-child.pid!, 'SIGKILL');
      await locker.query('rollback');
      expect(
        await handle.db
          .select()
          .from(tables.orders)
          .where(eq(tables.orders.checkoutId, input.checkout.checkoutId)),
      ).toHaveLength(0);

      second = await startTestWorker(handle.db, taskQueue, temporalAddress(), { tabby });
      const result = await wf.result();
      expect(result.status).toBe('approved');
      const orders = await handle.db
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.checkoutId, input.checkout.checkoutId));
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ id: result.orderId, paymentProvider: 'TABBY', totalFils: 190_00 });
      expect(fake.control.captureCount(input.paymentId)).toBe(1);
      expect(fake.control.payment(input.paymentId).captures).toHaveLength(1);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
      await locker.end().catch(() => {});
      await second?.stop();
    }
  }, 300_000);
});
