import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { cancelledOrder, resetDatabase } from '@qahwa/db/testing';
import { mailCatcher } from '@qahwa/mail/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporalAddress } from '../src/testing';
import { orderFollowUpWorkflowId } from '../src/workflow-ids';
import { createFollowUpWorker } from './fixtures/follow-up-worker';

/**
 * docs/orders.md: a cancelled card order is refunded once, even with the worker killed mid-refund. The
 * first worker asks Stripe (stripe-mock, through a recorder that keeps Stripe's documented
 * idempotency: a key seen before replays the first answer) and dies before it can mark the
 * refund done; the retry on a second worker sends the same key, so Stripe makes no second refund,
 * and only one attempt adds to the payment's refunded total. The shopper then gets the
 * cancellation e-mail in Arabic, the order's language, through MailDev.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const STRIPE_MOCK = process.env.STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111';
const SMTP_URL = process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let handle: DbHandle;
let client: Client;
let recorder: Server;
let recorderUrl: string;
/** Every refund request Stripe received, and the refunds it made (one per new idempotency key). */
const refundRequests: { key: string | undefined }[] = [];
const refundsMade = new Map<string, { status: number; body: string }>();

function forward(
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const up = request(
      `${STRIPE_MOCK}${path}`,
      { method, headers: { ...headers, host: new URL(STRIPE_MOCK).host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    up.on('error', reject);
    up.end(body);
  });
}

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
  await resetDatabase(handle.db);
  recorder = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const isRefund = req.method === 'POST' && req.url === '/v1/refunds';
      if (isRefund) refundRequests.push({ key });
      const seen = isRefund && key ? refundsMade.get(key) : undefined;
      const answer =
        seen ?? (await forward(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks)));
      if (isRefund && key && !seen) refundsMade.set(key, answer);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        ...(seen ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await client?.connection.close();
  await handle?.close();
  await new Promise((r) => recorder?.close(r));
});

async function cancelledCardOrder(email: string) {
  const paymentIntentId = `pi_${randomUUID().replace(/-/g, '')}`;
  const checkoutId = `card-${randomUUID()}`;
  const orderId = await cancelledOrder(handle.db, {
    provider: 'STRIPE',
    payment: { id: paymentIntentId, method: 'card', status: 'succeeded' },
    checkoutId,
    customer: { fullName: 'Noura Al Suwaidi', email, phone: '+971 50 765 4321' },
    locale: 'ar',
  });
  return { orderId, paymentIntentId, checkoutId };
}

describe('cancelling a card order with the worker killed mid-refund', () => {
  it('refunds once, records it once, and tells the shopper in Arabic', async () => {
    const email = `noura-${randomUUID()}@example.ae`;
    const { orderId, paymentIntentId, checkoutId } = await cancelledCardOrder(email);
    const taskQueue = `follow-up-kill-${randomUUID()}`;
    // Holding the refund's row stops the first worker after Stripe answered, before it marks the refund.
    const locker = new pg.Client({ connectionString: DATABASE_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from refunds where order_id = $1 for update', [orderId]);

    const child: ChildProcess = spawn('npx', ['tsx', 'workflows/test/fixtures/follow-up-worker.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL,
        TASK_QUEUE: taskQueue,
        STRIPE_API_BASE: recorderUrl,
        SMTP_URL,
        LOG_LEVEL: 'warn',
      },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let childErr = '';
    child.stderr?.on('data', (d) => {
      childErr = (childErr + String(d)).slice(-4000);
    });
    let second: Awaited<ReturnType<typeof createFollowUpWorker>> | undefined;
    let running: Promise<void> | undefined;
    try {
      const wf = await client.workflow.start('orderFollowUp', {
        taskQueue,
        workflowId: orderFollowUpWorkflowId(orderId, 'cancelled', randomUUID()),
        args: [{ orderId, status: 'cancelled' }],
      });
      const deadline = Date.now() + 200_000;
      for (;;) {
        const { rows } = await handle.pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (refundRequests.length > 0 && rows[0].n > 0) break;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the first worker never reached the refund (exit ${child.exitCode}): ${childErr}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      // Stripe has made the refund; the first worker has not recorded it. Kill it there.
      process.kill(-child.pid!, 'SIGKILL');
      await locker.query('rollback');

      second = await createFollowUpWorker({
        databaseUrl: DATABASE_URL,
        taskQueue,
        stripeApiBase: recorderUrl,
        smtpUrl: SMTP_URL,
      });
      running = second.worker.run();
      const result = await wf.result();
      expect(result).toEqual({ refund: 'refunded', email: 'sent' });

      // Stripe was asked at least twice, always with the same key: one refund made.
      expect(refundRequests.length).toBeGreaterThanOrEqual(2);
      const reference = `refund-${orderId}-${checkoutId}`;
      expect(new Set(refundRequests.map((r) => r.key))).toEqual(new Set([reference]));
      expect(refundsMade.size).toBe(1);
      const refunds = await handle.db
        .select()
        .from(tables.refunds)
        .where(eq(tables.refunds.orderId, orderId));
      expect(refunds).toEqual([
        expect.objectContaining({ status: 'succeeded', amountFils: 165_00, reference }),
      ]);
      expect(refunds[0]!.providerRefundId).toMatch(/^re_/);
      const [payment] = await handle.db
        .select()
        .from(tables.payments)
        .where(eq(tables.payments.id, paymentIntentId));
      expect(payment!.refundedFils).toBe(165_00);
      // The dashboard hears of it once too: RefundIssued commits with the refund's mark.
      const issued = (
        await handle.db.select().from(tables.outbox).where(eq(tables.outbox.type, 'RefundIssued'))
      ).filter((e) => (e.payload as { data: { orderId: string } }).data.orderId === orderId);
      expect(issued.map((e) => (e.payload as { data: { amountFils: number } }).data.amountFils)).toEqual([
        165_00,
      ]);

      const mail = await mailCatcher().waitForMessage((m) => m.to.some((t) => t.address === email));
      expect(mail.subject).toBe(`تم إلغاء طلبك ${orderId}`);
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.text).toContain('أعدنا');
      expect(mail.text).toContain('165.00');
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
