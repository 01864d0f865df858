import { randomUUID } from 'node:crypto';
import { createDb, createOrderAdminRepository, eq, inArray, sql, tables } from '@qahwa/db';
import { placedOrder, resetDatabase } from '@qahwa/db/testing';
import { formatNumber } from '@qahwa/invoices';
import type { DomainEvent } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceIssuer, type DurableConsumer } from '../src';
import {
  DATABASE_URL,
  orderPlaced,
  publishEvent,
  type Services,
  startOnStream,
  stopOnStream,
  waitFor,
} from './support';

/**
 * The invoice issuer on a stream of this file's own: a paid order is invoiced when placed, a
 * cash order when staff move it to delivered, each once whatever the deliveries; and 200 cash
 * orders delivered at once get the invoice numbers 1..200 of the year, no gap and no repeat.
 */
let s: Services;
let issuer: DurableConsumer;

beforeAll(async () => {
  ({ s, consumer: issuer } = await startOnStream((base) =>
    createInvoiceIssuer({ ...base, durable: `invoices-${randomUUID().slice(0, 8)}`, concurrency: 8 }),
  ));
  await resetDatabase(s.handle.db);
});

afterAll(async () => {
  await stopOnStream(s, issuer);
});

const db = () => s.handle.db;
let shopper = 0;
const order = (provider: 'COD' | 'STRIPE' | 'TABBY') => {
  shopper += 1;
  return placedOrder(db(), {
    provider,
    customer: {
      fullName: `Shopper ${shopper}`,
      email: `invoice-${shopper}@example.com`,
      phone: `+97150${1_000_000 + shopper}`,
    },
    locale: 'en',
  });
};
const invoicesOf = (orderIds: string[]) =>
  db()
    .select({ orderId: tables.invoices.orderId, number: tables.invoices.number })
    .from(tables.invoices)
    .where(inArray(tables.invoices.orderId, orderIds));
const placedEvent = (orderId: string, provider: 'COD' | 'STRIPE' | 'TABBY') =>
  orderPlaced({ orderId, paymentProvider: provider });

/** Moves an order as staff do (one step at a time) and publishes the events its moves wrote to the outbox. */
async function deliver(orderId: string) {
  const moves = createOrderAdminRepository(db());
  for (const [to, version] of [
    ['processing', 1],
    ['shipped', 2],
    ['delivered', 3],
  ] as const) {
    await db().transaction((tx) =>
      moves.move({ orderId, to, version, actor: { id: null, email: 'staff@qahwa.local' } }, tx),
    );
  }
}

async function publishOutbox(orderIds: string[]) {
  const rows = await db()
    .select({ payload: tables.outbox.payload })
    .from(tables.outbox)
    .where(
      sql`${tables.outbox.type} = 'OrderStatusChanged' and ${tables.outbox.payload}->'data'->>'orderId' in ${orderIds}`,
    );
  await Promise.all(rows.map((r) => publishEvent(s, r.payload as DomainEvent)));
  return rows.length;
}

describe('the invoice issuer', () => {
  it('invoices a card or pay-later order when it is placed, once however often the event comes', async () => {
    const card = await order('STRIPE');
    const later = await order('TABBY');
    for (const [id, p] of [
      [card, 'STRIPE'],
      [later, 'TABBY'],
    ] as const) {
      const event = placedEvent(id, p);
      await publishEvent(s, event);
      await publishEvent(s, event, `${event.id}-again`);
    }
    const rows = await waitFor(async () => {
      const r = await invoicesOf([card, later]);
      return r.length === 2 && r;
    }, 'both paid orders invoiced');
    expect(rows.every((r) => /^INV-\d{4}-\d{6}$/.test(r.number))).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await invoicesOf([card, later])).toHaveLength(2);
  });

  it('does not invoice a cash order before it is delivered, and does once it is', async () => {
    const cash = await order('COD');
    await publishEvent(s, placedEvent(cash, 'COD'));
    await new Promise((r) => setTimeout(r, 500));
    expect(await invoicesOf([cash])).toHaveLength(0);
    await deliver(cash);
    expect(await publishOutbox([cash])).toBe(3);
    await waitFor(async () => (await invoicesOf([cash])).length === 1, 'the delivered cash order invoiced');
  });

  it('gives 200 cash orders delivered at once the next 200 numbers, gap-free and unique', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(tables.invoices);
    const start = before[0]?.n ?? 0;
    const orders: string[] = [];
    for (let i = 0; i < 200; i++) orders.push(await order('COD'));
    // Shipped already, so the 200 deliveries are the moves that race.
    await db()
      .update(tables.orders)
      .set({ status: 'shipped', version: 3 })
      .where(inArray(tables.orders.id, orders));
    // Staff's 200 moves at once, on a pool of their own that waits for a free connection as long
    // as it takes on a busy machine.
    const staff = createDb(DATABASE_URL, { max: 20, connectTimeoutMs: 60_000 });
    try {
      const moves = createOrderAdminRepository(staff.db);
      await Promise.all(
        orders.map((orderId) =>
          staff.db.transaction((tx) =>
            moves.move(
              { orderId, to: 'delivered', version: 3, actor: { id: null, email: 'staff@qahwa.local' } },
              tx,
            ),
          ),
        ),
      );
    } finally {
      await staff.close();
    }
    expect(await publishOutbox(orders)).toBe(200);
    const rows = await waitFor(
      async () => {
        const r = await invoicesOf(orders);
        return r.length === 200 && r;
      },
      '200 invoices',
      60_000,
    );
    const year = Number(new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 4));
    const numbers = rows.map((r) => r.number).sort();
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => formatNumber('INV', year, start + i + 1)));
    const [counter] = await db()
      .select({ last: tables.documentCounters.lastValue })
      .from(tables.documentCounters)
      .where(eq(tables.documentCounters.series, 'INV'));
    expect(counter?.last).toBe(start + 200);
  });
});
