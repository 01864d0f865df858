import { randomUUID } from 'node:crypto';
import { createCheckoutsRepository, eq, tables } from '@qahwa/db';
import type { OrderPlaced, OrderStatusChanged } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStream } from '../src';
import { createWebhookWatch } from '../src/maintenance';
import { createCodPaymentsProjection } from '../src/projections/cod-payments';
import {
  closeServices,
  connectServices,
  logger,
  orderPlaced,
  orderStatusChanged,
  type Services,
  waitFor,
} from './support';

/*
 * The workers' side of the payments screen (docs/payments-logs.md) against real NATS and
 * PostgreSQL: cash on delivery kept in the payments read model from the order's events (duplicates
 * and any order give the same row), and the webhook watch's loop flagging a payment whose provider
 * webhook never came and clearing it when it comes.
 */
let s: Services;
const HOUR = 3_600_000;

beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
});
afterAll(async () => {
  await closeServices(s);
});

async function codOrder(): Promise<string> {
  const [customer] = await s.handle.db
    .insert(tables.customers)
    .values({ email: `cod-${randomUUID()}@example.ae`, fullName: 'Huda Saeed', phone: '+971 55 111 2233' })
    .returning({ id: tables.customers.id });
  const id = `QH-9${Math.floor(Math.random() * 1e9)}`;
  await s.handle.db.insert(tables.orders).values({
    id,
    checkoutId: `cod-${randomUUID()}`,
    customerId: customer!.id,
    paymentProvider: 'COD',
    subtotalFils: 80_00,
    shippingFils: 25_00,
    totalFils: 105_00,
    customerName: 'Huda Saeed',
    customerEmail: 'huda@example.ae',
    customerPhone: '+971 55 111 2233',
    emirate: 'sharjah',
    city: 'al-majaz',
    address: 'Al Majaz 2, Villa 9',
  });
  return id;
}

async function publish(event: OrderPlaced | OrderStatusChanged, subject: string, msgID = event.id) {
  await s.js.publish(`${s.subjectPrefix}${subject}`, JSON.stringify(event), { msgID });
}
const codRow = async (orderId: string) =>
  (
    await s.handle.db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.id, `cod-${orderId}`))
  )[0];

describe('cash on delivery in the payments read model', () => {
  it('follows its order through duplicates and out-of-order events', async () => {
    const durable = `payments-cod-${randomUUID().slice(0, 8)}`;
    const projection = createCodPaymentsProjection({
      db: s.handle.db,
      js: s.js,
      logger,
      stream: s.stream,
      durable,
      subjectPrefix: s.subjectPrefix,
    });
    projection.start();
    try {
      const id = await codOrder();
      const placed = orderPlaced({ orderId: id, paymentProvider: 'COD', totalFils: 105_00 });
      await publish(placed, 'commerce.order.order_placed');
      await waitFor(async () => (await codRow(id))?.status === 'pending', 'the COD payment');
      expect(await codRow(id)).toMatchObject({
        provider: 'COD',
        method: 'cod',
        amountFils: 105_00,
        orderId: id,
      });

      // Delivered: the status event twice (a redelivery), then the OrderPlaced again, late.
      await s.handle.db.update(tables.orders).set({ status: 'delivered' }).where(eq(tables.orders.id, id));
      const delivered = orderStatusChanged(id, 'shipped', 'delivered');
      await publish(delivered, 'commerce.order.order_status_changed');
      await publish(delivered, 'commerce.order.order_status_changed', randomUUID());
      await publish(placed, 'commerce.order.order_placed', randomUUID());
      await waitFor(async () => (await projection.health()).handled >= 4, 'every copy handled');
      expect((await codRow(id))?.status).toBe('collected');

      // A card order's events leave no cash row.
      const card = orderPlaced({
        orderId: `QH-8${Math.floor(Math.random() * 1e9)}`,
        paymentProvider: 'STRIPE',
      });
      await publish(card, 'commerce.order.order_placed');
      await waitFor(async () => (await projection.health()).handled >= 5, 'the card order');
      expect(await codRow(card.data.orderId)).toBeUndefined();
    } finally {
      await projection.stop();
    }
  });
});

describe('the webhook watch', () => {
  it('flags a card payment with no webhook after the threshold, on its schedule, and clears it when the webhook comes', async () => {
    const silent = `pi_watch${randomUUID().replace(/-/g, '')}`;
    const young = `pi_young${randomUUID().replace(/-/g, '')}`;
    for (const [id, age] of [
      [silent, 2 * HOUR],
      [young, 10 * 60_000],
    ] as const) {
      await s.handle.db.insert(tables.payments).values({
        id,
        provider: 'STRIPE',
        method: 'card',
        status: 'succeeded',
        amountFils: 50_00,
        createdAt: new Date(Date.now() - age),
      });
    }
    const watch = createWebhookWatch({
      db: s.handle.db,
      logger,
      intervalMs: 100,
      missingAfterMs: HOUR,
      lookbackMs: 24 * HOUR,
    });
    const row = async (id: string) =>
      (await s.handle.db.select().from(tables.payments).where(eq(tables.payments.id, id)))[0];
    watch.start();
    try {
      await waitFor(async () => (await row(silent))?.needsAttention === true, 'the flag');
      expect(await row(silent)).toMatchObject({ attentionReason: 'WEBHOOK_MISSING' });
      expect((await row(young))?.needsAttention).toBe(false);

      await createCheckoutsRepository(s.handle.db).recordWebhook({
        id: `evt_${randomUUID()}`,
        provider: 'STRIPE',
        type: 'payment_intent.succeeded',
        payload: { data: { object: { id: silent } } },
      });
      await waitFor(async () => (await row(silent))?.needsAttention === false, 'the flag cleared');
      expect(watch.health()).toMatchObject({ running: true, lastError: null });
    } finally {
      await watch.stop();
    }
    expect(watch.health().running).toBe(false);
  });
});
