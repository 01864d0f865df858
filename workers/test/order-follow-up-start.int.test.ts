import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createStripeClient } from '@qahwa/checkout/payments';
import { createOrderAdminRepository, eq, sql, tables } from '@qahwa/db';
import { placedOrder, resetDatabase } from '@qahwa/db/testing';
import { createMailer } from '@qahwa/mail';
import { mailCatcher } from '@qahwa/mail/testing';
import { type DomainEvent, subjectOf } from '@qahwa/schema';
import type { OrderStatus } from '@qahwa/schema/reference';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { orderFollowUpWorkflowId, startOrderFollowUp } from '@qahwa/workflows';
import { createRefundActivities, ensureSearchAttributes } from '@qahwa/workflows/worker';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderFollowUpStarter,
  createOutboxRelay,
  type DurableConsumer,
  ensureStream,
  type OutboxRelay,
} from '../src';
import { closeServices, connectServices, logger, type Services, waitFor } from './support';

/**
 * A staff move's follow-up (refund, shopper's e-mail) does not depend on the
 * gateway reaching Temporal right after the commit. Real parts: the move's transaction
 * (`move()`, what the gateway's route commits), the real outbox relay onto a JetStream stream of
 * this file's own, the order-follow-up consumer, `orderFollowUp` on the real Temporal dev server
 * (a task queue of this file's own), Stripe refunds through stripe-mock behind a recorder that
 * keeps Stripe's documented idempotency (a key seen before replays the first answer), and the
 * e-mail through SMTP into MailDev.
 */
const STRIPE_MOCK = process.env.STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111';
const SMTP_URL = process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl;
const TEMPORAL = process.env.TEMPORAL_ADDRESS ?? SERVICE_DEFAULTS.temporalAddress;
const catcher = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);
const taskQueue = `test-follow-up-start-${randomUUID()}`;

let s: Services;
let temporal: Client;
let workerConnection: NativeConnection;
let worker: Worker;
let running: Promise<void>;
let relay: OutboxRelay;
let starter: DurableConsumer;
let recorder: Server;
let recorderUrl: string;
/** Refund requests Stripe received, by idempotency key, and the refunds it made (one per new key). */
const refundRequests: (string | undefined)[] = [];
const refundsMade = new Map<string, { status: number; body: string }>();

function forward(method: string, path: string, headers: Record<string, unknown>, body: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const up = request(
      `${STRIPE_MOCK}${path}`,
      { method, headers: { ...(headers as Record<string, string>), host: new URL(STRIPE_MOCK).host } },
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
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
  // A seeded catalogue, and no other file's unpublished outbox rows for our relay to publish.
  await resetDatabase(s.handle.db);

  recorder = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const isRefund = req.method === 'POST' && req.url === '/v1/refunds';
      if (isRefund) refundRequests.push(key);
      const seen = isRefund && key ? refundsMade.get(key) : undefined;
      const answer =
        seen ?? (await forward(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks)));
      if (isRefund && key && !seen) refundsMade.set(key, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;

  temporal = new Client({ connection: await Connection.connect({ address: TEMPORAL }) });
  workerConnection = await NativeConnection.connect({ address: TEMPORAL });
  await ensureSearchAttributes(workerConnection, 'default');
  worker = await Worker.create({
    connection: workerConnection,
    taskQueue,
    workflowsPath: fileURLToPath(new URL('../../workflows/src/order-follow-up/workflow.ts', import.meta.url)),
    activities: createRefundActivities({
      db: s.handle.db,
      logger,
      stripe: createStripeClient({ apiBase: recorderUrl, secretKey: 'sk_test_123' }),
      mailer: createMailer({ smtpUrl: SMTP_URL, from: 'Qahwa <orders@qahwa.local>', logger }),
      storeUrl: 'http://127.0.0.1:5802',
    }),
  });
  running = worker.run();

  relay = createOutboxRelay({
    db: s.handle.db,
    js: s.js,
    logger,
    subjectPrefix: s.subjectPrefix,
    pollIntervalMs: 100,
  });
  starter = createOrderFollowUpStarter({
    db: s.handle.db,
    js: s.js,
    logger,
    temporal,
    taskQueue,
    stream: s.stream,
    durable: `order-follow-up-${randomUUID().slice(0, 8)}`,
    subjectPrefix: s.subjectPrefix,
    nakDelay: { baseMs: 200, maxMs: 1_000 },
  });
  relay.start();
  starter.start();
}, 120_000);

afterAll(async () => {
  await starter?.stop();
  await relay?.stop();
  worker?.shutdown();
  await running;
  await workerConnection?.close();
  await temporal?.connection.close();
  await new Promise((r) => recorder?.close(r));
  await closeServices(s);
});

/** A placed order (card or cash on delivery) with its payment row, in the test database. */
async function placeOrder(email: string, provider: 'STRIPE' | 'COD') {
  const paymentIntentId = provider === 'STRIPE' ? `pi_${randomUUID().replace(/-/g, '')}` : null;
  const orderId = await placedOrder(s.handle.db, {
    provider,
    customer: { fullName: 'Mariam Al Ketbi', email, phone: '+971 50 123 9876' },
    locale: 'en',
    line: { unitFils: 60_00, quantity: 2 },
    ...(paymentIntentId
      ? { payment: { id: paymentIntentId, method: 'card', status: 'succeeded' } as const }
      : {}),
  });
  return { orderId, paymentIntentId };
}

/** What the gateway's route commits for a staff move: status, history, audit, outbox (and the refund row). */
async function move(orderId: string, to: OrderStatus, version: number) {
  return s.handle.db.transaction((tx) =>
    createOrderAdminRepository(s.handle.db).move(
      {
        orderId,
        to,
        version,
        actor: { id: null, email: 'staff@qahwa.local' },
      },
      tx,
    ),
  );
}

/** Every run Temporal holds under a workflow id (closed ones included). */
async function runsOf(workflowId: string) {
  const runs: string[] = [];
  for await (const w of temporal.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(w.runId);
  return runs;
}

/** Waits until the consumer has seen `n` messages and holds none unacknowledged. */
async function consumerSettled(n: number) {
  await waitFor(async () => {
    const h = await starter.health();
    return h.handled >= n && h.numPending === 0 && h.numAckPending === 0;
  }, `the consumer to handle ${n} messages`);
}

async function lastStatusEvent(orderId: string): Promise<DomainEvent> {
  const [row] = await s.handle.db
    .select()
    .from(tables.outbox)
    .where(
      sql`${tables.outbox.type} = 'OrderStatusChanged' and ${tables.outbox.payload}->'data'->>'orderId' = ${orderId}`,
    )
    .orderBy(sql`${tables.outbox.createdAt} desc`)
    .limit(1);
  return row!.payload as DomainEvent;
}

describe('the order follow-up, started from OrderStatusChanged', () => {
  it("refunds a cancelled card order once and e-mails the shopper once when the gateway's start failed", async () => {
    const email = `mariam-${randomUUID()}@example.ae`;
    const { orderId, paymentIntentId } = await placeOrder(email, 'STRIPE');
    const before = (await starter.health()).handled;
    const moved = await move(orderId, 'cancelled', 1);

    // The gateway's start, exactly as the route makes it, with Temporal unreachable from the gateway.
    const unreachable = new Client({ connection: Connection.lazy({ address: '127.0.0.1:5899' }) });
    await expect(
      unreachable.connection.withDeadline(Date.now() + 2_000, () =>
        startOrderFollowUp(unreachable, taskQueue, { orderId, status: 'cancelled', moveId: moved.moveId }),
      ),
    ).rejects.toThrow();
    await unreachable.connection.close().catch(() => {});

    // The relay publishes the move's event; the same event comes again later (a redelivery
    // outside the stream's duplicate window, as after a consumer reset).
    const event = await lastStatusEvent(orderId);
    expect(event.data).toMatchObject({ orderId, to: 'cancelled', moveId: moved.moveId });
    const workflowId = orderFollowUpWorkflowId(orderId, 'cancelled', moved.moveId);
    const result = await temporal.workflow.getHandle(workflowId).result();
    expect(result).toEqual({ refund: 'refunded', email: 'sent' });
    await s.js.publish(`${s.subjectPrefix}${subjectOf('OrderStatusChanged')}`, JSON.stringify(event), {
      msgID: `again-${event.id}`,
    });
    await consumerSettled(before + 2);

    expect(await runsOf(workflowId)).toHaveLength(1);
    // Stripe was asked once, under the refund's reference.
    expect(refundRequests.filter((k) => k?.startsWith(`refund-${orderId}-`))).toHaveLength(1);
    const refunds = await s.handle.db
      .select()
      .from(tables.refunds)
      .where(eq(tables.refunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ status: 'succeeded', amountFils: 145_00 })]);
    const [payment] = await s.handle.db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.id, paymentIntentId!));
    expect(payment!.refundedFils).toBe(145_00);
    // One credit note for the one refund, giving the whole invoice back.
    const notes = await s.handle.db
      .select()
      .from(tables.creditNotes)
      .where(eq(tables.creditNotes.orderId, orderId));
    expect(notes).toEqual([expect.objectContaining({ refundId: refunds[0]!.id, totalFils: 145_00 })]);

    const mails = await catcher.messagesTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(orderId);
    expect(mails[0]!.text).toContain('145.00');
  }, 120_000);

  it('joins the run the gateway started: one run and one e-mail for a shipped order, also for an event without its move id', async () => {
    const email = `mariam-${randomUUID()}@example.ae`;
    const { orderId } = await placeOrder(email, 'COD');
    const before = (await starter.health()).handled;
    await move(orderId, 'processing', 1);
    const moved = await move(orderId, 'shipped', 2);

    // The gateway reached Temporal this time: its start and the event's name the same run.
    const started = await startOrderFollowUp(temporal, taskQueue, {
      orderId,
      status: 'shipped',
      moveId: moved.moveId,
    });
    expect(started.workflowId).toBe(orderFollowUpWorkflowId(orderId, 'shipped', moved.moveId));
    expect(await temporal.workflow.getHandle(started.workflowId).result()).toEqual({
      refund: 'none',
      email: 'sent',
    });

    // An event written before events carried the move: the consumer finds the move by its status.
    const event = (await lastStatusEvent(orderId)) as Extract<DomainEvent, { type: 'OrderStatusChanged' }>;
    const { moveId: _, ...data } = event.data;
    await s.js.publish(
      `${s.subjectPrefix}${subjectOf('OrderStatusChanged')}`,
      JSON.stringify({ ...event, data }),
      { msgID: `old-${event.id}` },
    );
    // processing (its own run and e-mail), shipped from the relay, shipped again without its move id.
    await consumerSettled(before + 3);

    expect(await runsOf(started.workflowId)).toHaveLength(1);
    // A late retry of the gateway's start is refused, not run again.
    expect(
      await startOrderFollowUp(temporal, taskQueue, { orderId, status: 'shipped', moveId: moved.moveId }),
    ).toEqual({ workflowId: started.workflowId, closed: true });
    // One e-mail per move the shopper hears about: being prepared, then on its way — never twice.
    await expect
      .poll(async () => (await catcher.messagesTo(email)).map((m) => m.subject).sort(), { timeout: 30_000 })
      .toEqual([`We are preparing your order ${orderId}`, `Your order ${orderId} is on its way`]);
  }, 120_000);
});
