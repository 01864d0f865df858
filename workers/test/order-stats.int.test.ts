import { randomUUID } from 'node:crypto';
import { asc, createOutboxRepository, eq, sql, tables } from '@qahwa/db';
import { type DomainEvent, type DomainEventType, subjectOf } from '@qahwa/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applyOrderEventOnce,
  createOrderStatsProjection,
  createOutboxRelay,
  type DurableConsumer,
  refundsDurableOf,
} from '../src';
import {
  cleanTables,
  logger,
  orderPlaced,
  orderStatusChanged,
  publishEvent,
  refundIssued,
  type Services,
  startOnStream,
  stopOnStream,
  waitFor,
} from './support';

let s: Services;
let projection: DurableConsumer;
const durable = `order-stats-test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  ({ s, consumer: projection } = await startOnStream((base) =>
    createOrderStatsProjection({ ...base, durable }),
  ));
});
afterAll(() => stopOnStream(s, projection));
beforeEach(async () => {
  await cleanTables(s);
});

const publish = (event: DomainEvent, msgID?: string) => publishEvent(s, event, msgID);

/**
 * Every message in the stream delivered and acked: the projection has caught up. Each of its two
 * durables has delivered the last message on its subjects (the orders', the refunds').
 */
async function settled() {
  const upTo = async (name: string, types: DomainEventType[]) => {
    const last = Math.max(0, ...(await Promise.all(types.map(lastSeqOf))));
    const info = await s.jsm.consumers.info(s.stream, name);
    const caughtUp =
      info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq >= last;
    return caughtUp ? info : undefined;
  };
  return waitFor(async () => {
    const refunds = await upTo(refundsDurableOf(durable), ['RefundIssued']);
    return refunds && upTo(durable, ['OrderPlaced', 'OrderStatusChanged']);
  }, 'the projection to catch up');
}

/** The stream sequence of the last message of a type (0: none). */
async function lastSeqOf(type: DomainEventType) {
  const m = await s.jsm.streams.getMessage(s.stream, {
    last_by_subj: `${s.subjectPrefix}${subjectOf(type)}`,
  });
  return m?.seq ?? 0;
}

async function snapshot() {
  const { db } = s.handle;
  const days = await db.select().from(tables.orderStatsDaily).orderBy(asc(tables.orderStatsDaily.day));
  const counts = await db
    .select()
    .from(tables.orderStatusCounts)
    .orderBy(asc(tables.orderStatusCounts.status));
  return {
    days,
    counts: Object.fromEntries(counts.filter((c) => c.count !== 0).map((c) => [c.status, c.count])),
  };
}

/** Units, orders and revenue per product and day, keyed `day productId`. */
async function sales() {
  const rows = await s.handle.db.select().from(tables.productSalesDaily);
  return Object.fromEntries(
    rows.map((r) => [
      `${r.day} ${r.productId}`,
      { units: r.units, orders: r.orders, revenueFils: r.revenueFils },
    ]),
  );
}

async function processedRows(eventId: string) {
  const rows = await s.handle.db
    .select()
    .from(tables.processedEvents)
    .where(eq(tables.processedEvents.eventId, eventId));
  return rows.filter((r) => r.consumer === durable).length;
}

describe('order-stats projection', () => {
  it('counts an OrderPlaced on its Dubai calendar day, with its revenue and status', async () => {
    // 22:30 UTC on 10 March is already 11 March in Dubai (UTC+4).
    const late = orderPlaced({ placedAt: '2026-03-10T22:30:00.000Z', totalFils: 30_000 });
    const early = orderPlaced({ placedAt: '2026-03-11T05:00:00.000Z', totalFils: 12_500 });
    await publish(late);
    await publish(early);
    await settled();

    expect(await snapshot()).toEqual({
      days: [{ day: '2026-03-11', orders: 2, revenueFils: 42_500 }],
      counts: { new: 2 },
    });
    const [order] = await s.handle.db
      .select()
      .from(tables.projectionOrders)
      .where(eq(tables.projectionOrders.orderId, late.data.orderId));
    expect(order).toMatchObject({
      status: 'new',
      payload: { totalFils: 30_000, placedAt: late.data.placedAt },
    });
  });

  it('does not change the projection when the same OrderPlaced is delivered again under another Nats-Msg-Id', async () => {
    const event = orderPlaced({ totalFils: 25_000 });
    await publish(event);
    await settled();
    const before = await snapshot();
    expect(before).toEqual({
      days: [{ day: '2026-03-10', orders: 1, revenueFils: 25_000 }],
      counts: { new: 1 },
    });

    // A copy JetStream cannot dedupe (e.g. republished after the duplicate window).
    const ack = await publish(event, `${event.id}:again`);
    expect(ack.duplicate).toBe(false);
    await settled();

    expect(await snapshot()).toEqual(before);
    expect(await processedRows(event.id)).toBe(1);
  });

  it('acks without change an OrderPlaced redelivered after its change committed but its ack was lost', async () => {
    const event = orderPlaced({ totalFils: 7_000 });
    // The projection committed, then the process died before acking: JetStream delivers it again.
    expect(await applyOrderEventOnce(s.handle.db, durable, event)).toBe(true);
    const before = await snapshot();

    await publish(event);
    await settled();

    expect(await snapshot()).toEqual(before);
    expect(before).toEqual({
      days: [{ day: '2026-03-10', orders: 1, revenueFils: 7_000 }],
      counts: { new: 1 },
    });
    expect(await processedRows(event.id)).toBe(1);
  });

  it('counts one order once even when it is announced under two event ids', async () => {
    const first = orderPlaced();
    const second = { ...orderPlaced(), data: first.data };
    await publish(first);
    await publish(second);
    await settled();

    expect(await snapshot()).toEqual({
      days: [{ day: '2026-03-10', orders: 1, revenueFils: first.data.totalFils }],
      counts: { new: 1 },
    });
  });

  it('moves a count from one status to another on OrderStatusChanged', async () => {
    const a = orderPlaced();
    const b = orderPlaced();
    const moved = orderStatusChanged(a.data.orderId, 'new', 'processing');
    for (const e of [a, b, moved]) await publish(e);
    await settled();

    expect((await snapshot()).counts).toEqual({ new: 1, processing: 1 });
    const [order] = await s.handle.db
      .select()
      .from(tables.projectionOrders)
      .where(eq(tables.projectionOrders.orderId, a.data.orderId));
    expect(order?.status).toBe('processing');
    expect(order?.payload).toMatchObject({ placedAt: a.data.placedAt, statusAt: moved.data.changedAt });
  });

  it('ends with the right counts and status when the events of an order arrive out of order', async () => {
    const placed = orderPlaced();
    const processing = orderStatusChanged(
      placed.data.orderId,
      'new',
      'processing',
      '2026-03-10T09:00:00.000Z',
    );
    const shipped = orderStatusChanged(
      placed.data.orderId,
      'processing',
      'shipped',
      '2026-03-10T12:00:00.000Z',
    );
    // As after a failed publish retried later, or a nak'ed message redelivered.
    for (const e of [shipped, placed, processing]) await publish(e);
    await settled();

    expect((await snapshot()).counts).toEqual({ shipped: 1 });
    const [order] = await s.handle.db
      .select()
      .from(tables.projectionOrders)
      .where(eq(tables.projectionOrders.orderId, placed.data.orderId));
    // The older change, applied last, must not overwrite the newer status.
    expect(order?.status).toBe('shipped');
    expect(order?.payload).toMatchObject({
      placedAt: placed.data.placedAt,
      statusAt: shipped.data.changedAt,
    });
  });

  it("takes a refund off the order's day and the refunded products' sales, and still counts the order", async () => {
    const coffee = randomUUID();
    const cups = randomUUID();
    // 22:30 UTC on 10 March is 11 March in Dubai: the refund, ten days later, is filed there too.
    const order = orderPlaced({
      placedAt: '2026-03-10T22:30:00.000Z',
      totalFils: 2 * 5_000 + 3_000 + 2_500,
      items: [
        { productId: coffee, variationId: randomUUID(), quantity: 2, unitFils: 5_000 },
        { productId: cups, variationId: randomUUID(), quantity: 1, unitFils: 3_000 },
      ],
    });
    await publish(order);
    await publish(orderStatusChanged(order.data.orderId, 'new', 'delivered', '2026-03-12T09:00:00.000Z'));
    // One bag back, damaged: its price and the shipping.
    const refund = refundIssued(order, [{ productId: coffee, quantity: 1, refundFils: 5_000 }], 2_500);
    await publish(refund);
    await settled();

    expect(await snapshot()).toEqual({
      days: [{ day: '2026-03-11', orders: 1, revenueFils: 15_500 - 7_500 }],
      counts: { delivered: 1 },
    });
    expect(await sales()).toEqual({
      [`2026-03-11 ${coffee}`]: { units: 1, orders: 1, revenueFils: 5_000 },
      [`2026-03-11 ${cups}`]: { units: 1, orders: 1, revenueFils: 3_000 },
    });
    expect(await processedRows(refund.id)).toBe(1);
  });

  it('applies a redelivered refund once, whether its copy comes under another Nats-Msg-Id or after a lost ack', async () => {
    const coffee = randomUUID();
    const order = orderPlaced({
      totalFils: 3 * 4_000,
      items: [{ productId: coffee, variationId: randomUUID(), quantity: 3, unitFils: 4_000 }],
    });
    const refund = refundIssued(order, [{ productId: coffee, quantity: 2, refundFils: 8_000 }]);
    await publish(order);
    // The refund committed, then the process died before acking: JetStream delivers it again.
    expect(await applyOrderEventOnce(s.handle.db, durable, refund)).toBe(true);
    await publish(refund);
    await settled();
    const before = { ...(await snapshot()), sales: await sales() };
    expect(before).toEqual({
      days: [{ day: '2026-03-10', orders: 1, revenueFils: 4_000 }],
      counts: { new: 1 },
      sales: { [`2026-03-10 ${coffee}`]: { units: 1, orders: 1, revenueFils: 4_000 } },
    });

    // A copy JetStream cannot dedupe (republished after the duplicate window).
    const ack = await publish(refund, `${refund.id}:again`);
    expect(ack.duplicate).toBe(false);
    await settled();

    expect({ ...(await snapshot()), sales: await sales() }).toEqual(before);
    expect(await processedRows(refund.id)).toBe(1);
  });

  it('ends with the same figures when a refund is folded before its order', async () => {
    const coffee = randomUUID();
    const order = orderPlaced({
      totalFils: 6_000,
      items: [{ productId: coffee, variationId: randomUUID(), quantity: 2, unitFils: 3_000 }],
    });
    await publish(refundIssued(order, [{ productId: coffee, quantity: 2, refundFils: 6_000 }]));
    await settled();
    await publish(order);
    await settled();

    expect(await snapshot()).toEqual({
      days: [{ day: '2026-03-10', orders: 1, revenueFils: 0 }],
      counts: { new: 1 },
    });
    expect(await sales()).toEqual({ [`2026-03-10 ${coffee}`]: { units: 0, orders: 1, revenueFils: 0 } });
  });

  it('terminates a message that breaks its contract and carries on with the next', async () => {
    const broken = { ...orderPlaced(), data: { orderId: 'o-1' } };
    const good = orderPlaced();
    await s.js.publish(`${s.subjectPrefix}${subjectOf('OrderPlaced')}`, JSON.stringify(broken), {
      msgID: broken.id,
    });
    await s.js.publish(`${s.subjectPrefix}${subjectOf('OrderPlaced')}`, 'not json', { msgID: randomUUID() });
    await publish(good);
    await settled();

    expect((await snapshot()).counts).toEqual({ new: 1 });
    expect(await processedRows(broken.id)).toBe(0);
  });

  it('runs the relay and the projection together: every event applied once and nothing pending', async () => {
    const relay = createOutboxRelay({
      db: s.handle.db,
      js: s.js,
      logger,
      subjectPrefix: s.subjectPrefix,
      pollIntervalMs: 50,
    });
    const outbox = createOutboxRepository(s.handle.db);
    const orders = Array.from({ length: 20 }, (_, i) =>
      orderPlaced({ totalFils: 1_000 * (i + 1), status: i % 2 === 0 ? 'new' : 'pending' }),
    );
    const changes = orders
      .slice(0, 5)
      .map((o) => orderStatusChanged(o.data.orderId, o.data.status, 'delivered'));
    const events: DomainEvent[] = [...orders, ...changes];
    for (const e of events) await outbox.append(e);

    relay.start();
    try {
      await waitFor(async () => (await outbox.countUnpublished()) === 0, 'the outbox to drain');
      // The relay crashed after publishing and lost its marks: everything goes out again.
      await s.handle.db.update(tables.outbox).set({ publishedAt: null });
      relay.wake();
      await waitFor(async () => (await outbox.countUnpublished()) === 0, 'the outbox to drain again');
    } finally {
      await relay.stop();
    }
    const info = await settled();

    expect(info.num_pending).toBe(0);
    expect(info.num_ack_pending).toBe(0);
    const health = await projection.health();
    expect(health).toMatchObject({ running: true, numPending: 0, numAckPending: 0 });
    const processed = await s.handle.db
      .select({ eventId: tables.processedEvents.eventId, n: sql<number>`count(*)::int` })
      .from(tables.processedEvents)
      .where(eq(tables.processedEvents.consumer, durable))
      .groupBy(tables.processedEvents.eventId);
    expect(processed).toHaveLength(events.length);
    expect(processed.every((p) => p.n === 1)).toBe(true);
    expect(await snapshot()).toEqual({
      days: [{ day: '2026-03-10', orders: 20, revenueFils: 210_000 }],
      counts: { new: 7, pending: 8, delivered: 5 },
    });
  });
});
