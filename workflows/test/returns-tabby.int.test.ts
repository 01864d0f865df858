import { randomUUID } from 'node:crypto';
import { createTabbyClient, type TabbyClient } from '@qahwa/checkout/payments';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { startTabbyFake, type TabbyFake } from '@qahwa/fake-tabby';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { returnRefundReference } from '@qahwa/schema/returns';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReturnActivities } from '../src/returns/activities';
import { approve, askRefund, deliveredCardOrder, receive, requestReturn } from './returns-support';

/**
 * A pay-later return's refund (docs/returns.md) against the Tabby fake, which follows TABBY.md's
 * `POST /api/v2/payments/{id}/refunds`: each return is its own partial refund under its own
 * reference_id, made once even when asked again after a crash, and one Tabby refuses (more than
 * is left of the capture) is recorded failed for staff, not retried for a day.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
let handle: DbHandle;
let fake: TabbyFake;
let tabby: TabbyClient;
let acts: ReturnType<typeof createReturnActivities>;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  fake = await startTabbyFake({ port: 0 });
  tabby = createTabbyClient({
    apiBase: fake.url,
    secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
    merchantCode: 'GR',
  });
  acts = createReturnActivities({ db: handle.db, logger: pino({ level: 'silent' }), tabby });
});
afterAll(async () => {
  await fake?.stop();
  await handle?.close();
});

/** A Tabby payment of 165 AED (two bags and delivery), approved and captured in full. */
async function capturedPayment(): Promise<string> {
  const s = await tabby.createSession({
    amountFils: 165_00,
    currency: 'AED',
    description: 'qahwa order',
    buyer: { name: 'Amal Saeed', email: 'amal@example.com', phone: '+971501234567' },
    shippingAddress: { city: 'Dubai', address: 'Al Wasl Rd 12', zip: '00000' },
    order: {
      referenceId: `chk-${randomUUID()}`,
      shippingFils: 25_00,
      discountFils: 0,
      items: [{ referenceId: 'v1', title: 'Coffee', quantity: 2, unitPriceFils: 70_00, category: 'beans' }],
    },
    lang: 'ar',
    merchantUrls: {
      success: 'http://s.test/ok',
      cancel: 'http://s.test/cancel',
      failure: 'http://s.test/fail',
    },
  });
  const res = await fetch(`${s.webUrl}/approve`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  await tabby.capture(s.paymentId, { amountFils: 165_00, referenceId: `cap-${s.paymentId}` });
  return s.paymentId;
}

async function receivedReturn(orderId: string, paymentId: string, reason: 'CHANGED_MIND' | 'DAMAGED') {
  const ret = await requestReturn(handle.db, orderId, reason);
  await approve(handle.db, ret.number);
  await receive(handle.db, ret, true);
  await askRefund(handle.db, ret, paymentId, 'TABBY');
  return ret;
}

describe('a pay-later return', () => {
  it('is refunded through Tabby per return, once, with its own reference', async () => {
    const paymentId = await capturedPayment();
    const { orderId } = await deliveredCardOrder(handle.db, `t-${randomUUID()}@example.ae`, 'ar', paymentId);
    const first = await receivedReturn(orderId, paymentId, 'CHANGED_MIND');
    await acts.refundReturn(first.number);
    // Killed after Tabby answered and before the record: asked again, Tabby's list already has it.
    await handle.db
      .update(tables.refunds)
      .set({ status: 'requested', providerRefundId: null })
      .where(eq(tables.refunds.reference, returnRefundReference(first.number)));
    await acts.refundReturn(first.number);
    expect(await acts.completeRefund(first.number)).toBe(true);
    expect(await acts.completeRefund(first.number)).toBe(false);

    // The other bag, damaged: its 70 AED and the delivery.
    const second = await receivedReturn(orderId, paymentId, 'DAMAGED');
    expect(second.refundFils).toBe(95_00);
    await acts.refundReturn(second.number);
    expect(await acts.completeRefund(second.number)).toBe(true);

    const payment = await tabby.getPayment(paymentId);
    expect(payment.refunds.map((m) => [m.referenceId, m.amountFils])).toEqual([
      [returnRefundReference(first.number), 70_00],
      [returnRefundReference(second.number), 95_00],
    ]);
    const [p] = await handle.db.select().from(tables.payments).where(eq(tables.payments.id, paymentId));
    expect(p!.refundedFils).toBe(165_00);
    const [done] = await handle.db
      .select()
      .from(tables.returns)
      .where(eq(tables.returns.number, first.number));
    expect(done).toMatchObject({ status: 'refunded', refundMethod: 'PAY_LATER' });
  });

  it('records a refund Tabby refuses as failed for staff', async () => {
    const paymentId = await capturedPayment();
    const { orderId } = await deliveredCardOrder(handle.db, `u-${randomUUID()}@example.ae`, 'en', paymentId);
    // Tabby's side already gave everything back (a refund made from its dashboard).
    await tabby.refund(paymentId, { amountFils: 165_00, referenceId: 'dashboard-refund', reason: 'manual' });
    const ret = await receivedReturn(orderId, paymentId, 'CHANGED_MIND');
    await expect(acts.refundReturn(ret.number)).rejects.toMatchObject({ type: 'RETURN_REFUND_REFUSED' });
    const [row] = await handle.db
      .select()
      .from(tables.refunds)
      .where(eq(tables.refunds.reference, returnRefundReference(ret.number)));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toMatch(/^Tabby: .*400/);
  });
});
