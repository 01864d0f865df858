import { randomUUID } from 'node:crypto';
import { nanos } from '@nats-io/transport-node';
import { createEngagementRepository, createOutboxRepository, eq, tables } from '@qahwa/db';
import { analyticsStreamOf, makeEvent } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboxRelay,
  createProductViewsProjection,
  DEFAULT_DUPLICATE_WINDOW_MS,
  DEFAULT_STREAM_MAX_AGE_MS,
  ensureEventStreams,
  ensureStream,
} from '../src';
import { cleanTables, closeServices, connectServices, logger, type Services, waitFor } from './support';

let s: Services;

beforeAll(async () => {
  s = await connectServices();
});
afterAll(async () => {
  await closeServices(s);
});

describe('ensureStream', () => {
  it('creates a file stream with a duplicate window, then leaves it be, then updates it in place', async () => {
    const subjects = [`${s.subjectPrefix}commerce.>`];
    const created = await ensureStream(s.jsm, { name: s.stream, subjects });
    expect(created.config).toMatchObject({
      subjects,
      storage: 'file',
      duplicate_window: nanos(DEFAULT_DUPLICATE_WINDOW_MS),
      max_age: nanos(30 * 86_400_000),
    });
    await s.js.publish(`${s.subjectPrefix}commerce.order.x`, 'kept', { msgID: randomUUID() });

    const again = await ensureStream(s.jsm, { name: s.stream, subjects });
    expect(again.created).toBe(created.created);

    const updated = await ensureStream(s.jsm, { name: s.stream, subjects, duplicateWindowMs: 20 * 60_000 });
    expect(updated.config.duplicate_window).toBe(nanos(20 * 60_000));
    expect(updated.state.messages).toBe(1);
  });

  it('gives a stream made without an age limit (every stream before EVENTS_MAX_AGE_DAYS) its max_age, keeping its events', async () => {
    const name = `${s.stream}_AGE`;
    const subjects = [`${s.subjectPrefix}aged.>`];
    // As the stream was created before: JetStream's default, no max_age.
    await s.jsm.streams.add({ name, subjects, duplicate_window: nanos(DEFAULT_DUPLICATE_WINDOW_MS) });
    try {
      for (const n of [1, 2, 3]) await s.js.publish(`${s.subjectPrefix}aged.order.${n}`, `e${n}`);
      expect((await s.jsm.streams.info(name)).config.max_age).toBe(0);

      const updated = await ensureStream(s.jsm, { name, subjects });
      expect(updated.config.max_age).toBe(nanos(DEFAULT_STREAM_MAX_AGE_MS));
      expect((await s.jsm.streams.info(name)).config.max_age).toBe(nanos(30 * 86_400_000));
      expect(updated.state.messages).toBe(3);

      // The setting's value wins on the next start; 0 keeps every event for ever.
      const longer = await ensureStream(s.jsm, { name, subjects, maxAgeMs: 400 * 86_400_000 });
      expect(longer.config.max_age).toBe(nanos(400 * 86_400_000));
      expect((await ensureStream(s.jsm, { name, subjects, maxAgeMs: 0 })).config.max_age).toBe(0);
    } finally {
      await s.jsm.streams.delete(name);
    }
  });

  it('asks JetStream for the replicas it is given: a lone server refuses three rather than keep one copy quietly', async () => {
    const name = `${s.stream}_R3`;
    const subjects = [`${s.subjectPrefix}replicated.>`];
    await expect(ensureStream(s.jsm, { name, subjects, replicas: 3 })).rejects.toThrow(/replicas/i);
    const single = await ensureStream(s.jsm, { name, subjects, replicas: 1 });
    try {
      expect(single.config.num_replicas).toBe(1);
    } finally {
      await s.jsm.streams.delete(name);
    }
  });

  it('drops the events older than the age limit', async () => {
    const name = `${s.stream}_OLD`;
    const subjects = [`${s.subjectPrefix}old.>`];
    await ensureStream(s.jsm, { name, subjects, maxAgeMs: 1_500, duplicateWindowMs: 1_000 });
    try {
      await s.js.publish(`${s.subjectPrefix}old.order.1`, 'soon gone');
      expect((await s.jsm.streams.info(name)).state.messages).toBe(1);
      await new Promise((r) => setTimeout(r, 4_000));
      const info = await s.jsm.streams.info(name);
      expect(info.state.messages).toBe(0);
      expect(info.state.first_seq).toBe(2);
    } finally {
      await s.jsm.streams.delete(name);
    }
  });
});

describe('ensureEventStreams: product views in a stream of their own', () => {
  it('relays a view to the analytics stream (one replica), not the commerce stream, and the views projection counts it from there', async () => {
    const { commerce, analytics } = await ensureEventStreams(s.jsm, {
      name: s.stream,
      subjectPrefix: s.subjectPrefix,
    });
    expect(commerce.config).toMatchObject({ name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
    expect(analytics.config).toMatchObject({
      name: analyticsStreamOf(s.stream),
      subjects: [`${s.subjectPrefix}analytics.>`],
      num_replicas: 1,
      max_age: commerce.config.max_age,
    });
    await cleanTables(s);
    await s.jsm.streams.purge(s.stream);
    const { db } = s.handle;
    // What the product page's POST writes, and an order's event beside it, as the gateway would.
    const productId = randomUUID();
    await createEngagementRepository(db).productViewed(productId, 'ar');
    const orderEvent = makeEvent(
      'OrderStatusChanged',
      { orderId: randomUUID(), from: 'new', to: 'processing', changedAt: new Date().toISOString() },
      { id: randomUUID(), occurredAt: new Date().toISOString() },
    );
    await createOutboxRepository(db).append(orderEvent);

    const relay = createOutboxRelay({ db, js: s.js, logger, subjectPrefix: s.subjectPrefix });
    expect(await relay.relayBatch()).toMatchObject({ claimed: 2, published: 2, failed: 0 });
    const inStream = async (name: string) => (await s.jsm.streams.info(name)).state.messages;
    expect(await inStream(analyticsStreamOf(s.stream))).toBe(1);
    // The commerce stream has the order's event and no view.
    expect(await inStream(s.stream)).toBe(1);
    const { first_seq } = (await s.jsm.streams.info(s.stream)).state;
    const only = await s.jsm.streams.getMessage(s.stream, { seq: first_seq });
    expect(only?.subject).toBe(`${s.subjectPrefix}commerce.order.order_status_changed`);

    const durable = `product-views-split-${randomUUID().slice(0, 8)}`;
    const projection = createProductViewsProjection({
      db,
      js: s.js,
      logger,
      stream: s.stream,
      durable,
      subjectPrefix: s.subjectPrefix,
    });
    projection.start();
    try {
      await waitFor(async () => {
        const [row] = await db
          .select()
          .from(tables.productViewCounts)
          .where(eq(tables.productViewCounts.productId, productId));
        return row?.views === 1;
      }, 'the view to be counted');
      const info = await s.jsm.consumers.info(analyticsStreamOf(s.stream), durable);
      expect(info).toMatchObject({ num_pending: 0, num_ack_pending: 0, delivered: { stream_seq: 1 } });
    } finally {
      await projection.stop();
    }
  });
});
