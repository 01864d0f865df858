import { randomUUID } from 'node:crypto';
import { createTabbyClient, type TabbyClient } from '@qahwa/checkout/payments';
import { and, createDb, type DbHandle, eq, sql, tables } from '@qahwa/db';
import { cancelledOrder, resetDatabase } from '@qahwa/db/testing';
import { startTabbyFake, type TabbyFake } from '@qahwa/fake-tabby';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefundActivities } from '../src/order-follow-up/activities';

/**
 * Cancelling a pay-later order (docs/orders.md) against the Tabby fake, which follows TABBY.md: a
 * captured (CLOSED) payment is refunded with our reference, once even when the refund is asked
 * for again after a crash; an authorised, never captured one is closed and nothing is refunded.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
let handle: DbHandle;
let fake: TabbyFake;
let tabby: TabbyClient;
let refunds: ReturnType<typeof createRefundActivities>;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  fake = await startTabbyFake({ port: 0 });
  tabby = createTabbyClient({
    apiBase: fake.url,
    secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
    merchantCode: 'GR',
  });
  refunds = createRefundActivities({ db: handle.db, logger: pino({ level: 'silent' }), tabby });
});
afterAll(async () => {
  await fake?.stop();
  await handle?.close();
});

/** A Tabby payment the shopper approved on the hosted page; captured in full when asked. */
async function tabbyPayment(capture: boolean): Promise<string> {
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
  if (capture) await tabby.capture(s.paymentId, { amountFils: 165_00, referenceId: `cap-${s.paymentId}` });
  return s.paymentId;
}

function cancelledTabbyOrder(paymentId: string) {
  return cancelledOrder(handle.db, {
    provider: 'TABBY',
    payment: { id: paymentId, method: 'pay_later', status: 'captured' },
    checkoutId: `tabby-${randomUUID()}`,
    customer: { fullName: 'Amal Saeed', email: `amal-${randomUUID()}@example.ae`, phone: '+971501234567' },
    locale: 'ar',
  });
}

const refundIssuedOf = (orderId: string) =>
  and(eq(tables.outbox.type, 'RefundIssued'), sql`${tables.outbox.payload}->'data'->>'orderId' = ${orderId}`);

/** The dashboard hears of the whole order going back once: every line, the shipping, the order's day. */
async function expectOneRefundIssued(orderId: string) {
  const events = await handle.db.select().from(tables.outbox).where(refundIssuedOf(orderId));
  expect(events).toHaveLength(1);
  const [order] = await handle.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
  const [item] = await handle.db
    .select()
    .from(tables.orderItems)
    .where(eq(tables.orderItems.orderId, orderId));
  expect(events[0]!.payload).toMatchObject({
    type: 'RefundIssued',
    data: {
      returnNumber: null,
      orderId,
      orderPlacedAt: order!.createdAt.toISOString(),
      paymentProvider: 'TABBY',
      method: 'PAY_LATER',
      amountFils: 165_00,
      shippingFils: 25_00,
      lines: [
        {
          orderItemId: item!.id,
          productId: item!.productId,
          variationId: item!.variationId,
          quantity: 2,
          refundFils: 140_00,
        },
      ],
    },
  });
}

describe('cancelling a pay-later order', () => {
  it('refunds a captured payment once with our reference, even when asked again after a crash', async () => {
    const paymentId = await tabbyPayment(true);
    const orderId = await cancelledTabbyOrder(paymentId);
    expect(await refunds.refundOrder(orderId)).toEqual({ outcome: 'refunded', amountFils: 165_00 });
    // A worker that died after Tabby answered and before the mark committed: the row is still
    // 'requested' and the payment's refunded total untouched (they commit together).
    await handle.db
      .update(tables.refunds)
      .set({ status: 'requested', providerRefundId: null })
      .where(eq(tables.refunds.orderId, orderId));
    await handle.db.update(tables.payments).set({ refundedFils: 0 }).where(eq(tables.payments.id, paymentId));
    await handle.db.delete(tables.outbox).where(refundIssuedOf(orderId));
    expect(await refunds.refundOrder(orderId)).toEqual({ outcome: 'refunded', amountFils: 165_00 });
    expect(await refunds.refundOrder(orderId)).toEqual({ outcome: 'already', amountFils: 165_00 });

    const payment = await tabby.getPayment(paymentId);
    expect(payment.refunds).toHaveLength(1);
    expect(payment.refunds[0]).toMatchObject({ amountFils: 165_00 });
    const [row] = await handle.db.select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId));
    expect(payment.refunds[0]!.referenceId).toBe(row!.reference);
    const [p] = await handle.db.select().from(tables.payments).where(eq(tables.payments.id, paymentId));
    expect(p!.refundedFils).toBe(165_00);
    await expectOneRefundIssued(orderId);
  });

  it('closes an authorised payment that was never captured, refunding nothing', async () => {
    const paymentId = await tabbyPayment(false);
    expect((await tabby.getPayment(paymentId)).status).toBe('AUTHORIZED');
    const orderId = await cancelledTabbyOrder(paymentId);
    expect(await refunds.refundOrder(orderId)).toEqual({ outcome: 'closed', amountFils: 0 });
    const payment = await tabby.getPayment(paymentId);
    expect(payment.status).toBe('CLOSED');
    expect(payment.refunds).toEqual([]);
    expect(payment.captures).toEqual([]);
    const [p] = await handle.db.select().from(tables.payments).where(eq(tables.payments.id, paymentId));
    expect(p!.refundedFils).toBe(0);
    // No money moved, but the sale brought none: the dashboard takes the whole order off too.
    await expectOneRefundIssued(orderId);
  });
});
