import { randomUUID } from 'node:crypto';
import { createStripeClient } from '@qahwa/checkout/payments';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { issueInvoice } from '@qahwa/invoices';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { returnRefundReference } from '@qahwa/schema/returns';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReturnActivities } from '../src/returns/activities';
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

/*
 * docs/returns.md: the return's run against real Temporal, PostgreSQL, stripe-mock (behind a
 * recorder keeping Stripe's idempotency) and MailDev, with short timers from its input.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const SMTP_URL = process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025';

let handle: DbHandle;
let client: Client;
let stripe: StripeRecorder;
let w: Awaited<ReturnType<typeof createReturnWorker>>;
let running: Promise<void>;
const taskQueue = `returns-${randomUUID()}`;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
  stripe = await stripeRecorder();
  w = await createReturnWorker({
    databaseUrl: DATABASE_URL,
    taskQueue,
    stripeApiBase: stripe.url,
    smtpUrl: SMTP_URL,
  });
  running = w.worker.run();
}, 120_000);
afterAll(async () => {
  w?.worker.shutdown();
  await running;
  await w?.connection.close();
  await w?.close();
  await client?.connection.close();
  await stripe?.close();
  await handle?.close();
});

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const statusOf = async (number: string) =>
  (await handle.db.select().from(tables.returns).where(eq(tables.returns.number, number)))[0]!;
const mailsOf = (subjectId: string) =>
  handle.db.select().from(tables.emails).where(eq(tables.emails.subjectId, subjectId));

describe('returnProcess', () => {
  it('refunds a card return once for double clicks, gives the stock back, and tells the shopper', async () => {
    const { orderId, paymentIntentId } = await deliveredCardOrder(
      handle.db,
      `r-${randomUUID()}@example.ae`,
      'ar',
    );
    // A paid order's invoice is issued when it is placed (the workers' issuer).
    await handle.db.transaction((tx) => issueInvoice(tx, orderId));
    const ret = await requestReturn(handle.db, orderId, 'DAMAGED');
    // Damaged: the line's share plus the shipping.
    expect(ret.shippingRefundFils).toBe(25_00);
    expect(ret.refundFils).toBe(70_00 + 25_00);
    const [item] = await handle.db
      .select()
      .from(tables.orderItems)
      .where(eq(tables.orderItems.orderId, orderId));
    const stockOf = async () =>
      (
        await handle.db
          .select({ n: tables.productVariations.stockQuantity })
          .from(tables.productVariations)
          .where(eq(tables.productVariations.id, item!.variationId))
      )[0]!.n;
    const stockBefore = await stockOf();
    const wf = await startReturnProcess(client, taskQueue, {
      returnNumber: ret.number,
      returnId: ret.id,
      orderId,
    });
    expect(wf.workflowId).toBe(`return-${ret.number}`);

    await approve(handle.db, ret.number);
    await signalReturnChanged(client, ret.number);
    await waitFor(
      () => mailsOf(ret.number),
      (m) => m.some((e) => e.purpose === 'return-approved'),
    );
    await receive(handle.db, ret, true);
    await signalReturnChanged(client, ret.number);
    // Two staff members (or a double click) press Refund at once: one row, two wake-ups.
    await Promise.all([
      askRefund(handle.db, ret, paymentIntentId),
      askRefund(handle.db, ret, paymentIntentId),
    ]);
    await Promise.all([signalReturnChanged(client, ret.number), signalReturnChanged(client, ret.number)]);

    const result = await client.workflow.getHandle(wf.workflowId).result();
    expect(result).toBe('refunded');
    const keys = stripe.requests.filter((r) => r.key === returnRefundReference(ret.number));
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(stripe.made.has(returnRefundReference(ret.number))).toBe(true);
    expect(keys.every((k) => k.body.includes(`amount=${ret.refundFils}`))).toBe(true);
    const refunds = await handle.db.select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ status: 'succeeded', amountFils: 95_00 })]);
    const done = await statusOf(ret.number);
    expect(done).toMatchObject({ status: 'refunded', refundMethod: 'CARD', refundId: refunds[0]!.id });
    expect(await stockOf()).toBe(stockBefore + 1);
    const notes = await handle.db
      .select()
      .from(tables.creditNotes)
      .where(eq(tables.creditNotes.refundId, refunds[0]!.id));
    expect(notes).toHaveLength(1);
    // The credit note gives back exactly what the refund did: the line's share and the shipping.
    expect(notes[0]!.totalFils).toBe(95_00);
    const events = await handle.db.select().from(tables.outbox);
    const issued = events.filter((e) => e.type === 'RefundIssued');
    expect(issued).toHaveLength(1);
    const mails = await mailsOf(ret.number);
    expect(mails.map((m) => m.purpose).sort()).toEqual(['return-approved', 'return-refunded']);
  }, 120_000);

  it('reminds staff after the reminder time and expires an approved return whose goods never came', async () => {
    const { orderId } = await deliveredCardOrder(handle.db, `x-${randomUUID()}@example.ae`);
    const ret = await requestReturn(handle.db, orderId, 'CHANGED_MIND');
    expect(ret.shippingRefundFils).toBe(0);
    const wf = await startReturnProcess(client, taskQueue, {
      returnNumber: ret.number,
      returnId: ret.id,
      orderId,
      timers: { reminderMs: 1_500, arrivalMs: 2_000 },
    });
    const reminders = await waitFor(
      () =>
        handle.db
          .select()
          .from(tables.emails)
          .where(eq(tables.emails.subjectId, `${ret.number}-1`)),
      (m) => m.length === 1,
    );
    expect(reminders[0]!.purpose).toBe('return-reminder');
    await approve(handle.db, ret.number);
    await signalReturnChanged(client, ret.number);
    expect(await client.workflow.getHandle(wf.workflowId).result()).toBe('expired');
    expect((await statusOf(ret.number)).status).toBe('expired');
    // Its line is free again: a new return of it may be asked for.
    const open = await handle.db
      .select()
      .from(tables.returnLines)
      .where(eq(tables.returnLines.returnId, ret.id));
    expect(open.every((l) => !l.open)).toBe(true);
    const mails = await mailsOf(ret.number);
    expect(mails.map((m) => m.purpose).sort()).toEqual(['return-approved', 'return-expired']);
  }, 120_000);

  it('counts a card refund once in the payment when Stripe’s charge.refunded got there first', async () => {
    const acts = createReturnActivities({
      db: handle.db,
      logger: pino({ level: 'silent' }),
      stripe: createStripeClient({ apiBase: stripe.url, secretKey: 'sk_test_123' }),
    });
    const { orderId, paymentIntentId } = await deliveredCardOrder(handle.db, `w-${randomUUID()}@example.ae`);
    const ret = await requestReturn(handle.db, orderId, 'CHANGED_MIND');
    await approve(handle.db, ret.number);
    await receive(handle.db, ret, false);
    await askRefund(handle.db, ret, paymentIntentId);
    await acts.refundReturn(ret.number);
    // The payments projection applied Stripe's charge.refunded (the charge's running total) first.
    await handle.db
      .update(tables.payments)
      .set({ refundedFils: ret.refundFils })
      .where(eq(tables.payments.id, paymentIntentId));
    expect(await acts.completeRefund(ret.number)).toBe(true);
    const [payment] = await handle.db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.id, paymentIntentId));
    expect(payment!.refundedFils).toBe(70_00);
  }, 60_000);

  it('holds one open return per order line in the database', async () => {
    const { orderId } = await deliveredCardOrder(handle.db, `o-${randomUUID()}@example.ae`);
    await requestReturn(handle.db, orderId, 'OTHER');
    await expect(requestReturn(handle.db, orderId, 'OTHER')).rejects.toThrow();
  }, 60_000);
});
