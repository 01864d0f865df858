import { randomUUID } from 'node:crypto';
import { asc, createOutboxRepository, eq, sql, tables } from '@qahwa/db';
import { type DomainEvent, subjectOf } from '@qahwa/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applyOrderEventOnce,
  createOrderStatsProjection,
  createOutboxRelay,
  type DurableConsumer,
} from '../src';
import {
  cleanTables,
  logger,
  orderPlaced,
  orderStatusChanged,
  publishEvent,
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

/** Every message in the stream delivered and acked: the projection has caught up. */
async function settled() {
  return waitFor(async () => {
    const info = await s.jsm.consumers.info(s.stream, durable);
    const caughtUp =
      info.num_pending === 0 &&
      info.num_ack_pending === 0 &&
      info.delivered.stream_seq === info.num_pending + (await lastSeq());
    return caughtUp ? info : undefined;
  }, 'the projection to catch up');
}

async function lastSeq() {
  return (await s.jsm.streams.info(s.stream)).state.last_seq;
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
