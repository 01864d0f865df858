import { createOutboxRepository, eq, tables } from '@qahwa/db';
import { subjectOf } from '@qahwa/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxRelay, ensureStream } from '../src';
import {
  cleanTables,
  closeServices,
  connectServices,
  logger,
  orderPlaced,
  type Services,
  waitFor,
} from './support';

let s: Services;

beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
});
afterAll(async () => {
  await closeServices(s);
});
beforeEach(async () => {
  await cleanTables(s);
  await s.jsm.streams.purge(s.stream);
});

function relay(overrides: Partial<Parameters<typeof createOutboxRelay>[0]> = {}) {
  return createOutboxRelay({
    db: s.handle.db,
    js: s.js,
    logger,
    subjectPrefix: s.subjectPrefix,
    ...overrides,
  });
}

async function outboxRow(id: string) {
  const [row] = await s.handle.db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
  return row;
}

async function streamMessages() {
  return (await s.jsm.streams.info(s.stream)).state.messages;
}

/** Nats-Msg-Id of every message in the stream, in stream order (purges do not reset sequences). */
async function storedMsgIds() {
  const { first_seq, last_seq, messages } = (await s.jsm.streams.info(s.stream)).state;
  const ids: Array<string | undefined> = [];
  if (messages === 0) return ids;
  for (let seq = first_seq; seq <= last_seq; seq++) {
    ids.push((await s.jsm.streams.getMessage(s.stream, { seq }))?.header.get('Nats-Msg-Id'));
  }
  return ids;
}

describe('outbox relay', () => {
  it('publishes an outbox row once, with Nats-Msg-Id = event id and the request id, and marks it published', async () => {
    const event = orderPlaced();
    await createOutboxRepository(s.handle.db).append(event);

    const result = await relay().relayBatch();

    expect(result).toEqual({
      claimed: 1,
      published: 1,
      duplicates: 0,
      failed: 0,
      deadLettered: 0,
      outage: false,
    });
    expect(await streamMessages()).toBe(1);
    const { first_seq } = (await s.jsm.streams.info(s.stream)).state;
    const stored = await s.jsm.streams.getMessage(s.stream, { seq: first_seq });
    expect(stored?.subject).toBe(`${s.subjectPrefix}${subjectOf('OrderPlaced')}`);
    expect(stored?.header.get('Nats-Msg-Id')).toBe(event.id);
    expect(stored?.header.get('x-request-id')).toBe(event.requestId);
    expect(stored?.json()).toEqual(event);
    expect((await outboxRow(event.id))?.publishedAt).toBeInstanceOf(Date);

    // Nothing is left to claim: a second pass publishes nothing.
    expect(await relay().relayBatch()).toEqual({
      claimed: 0,
      published: 0,
      duplicates: 0,
      failed: 0,
      deadLettered: 0,
      outage: false,
    });
    expect(await streamMessages()).toBe(1);
  });

  it('leaves one message in the stream when a crash lost the mark and the row is published again', async () => {
    const event = orderPlaced();
    await createOutboxRepository(s.handle.db).append(event);
    await relay().relayBatch();

    // The relay died after the PubAck and before its commit: the row is unpublished again.
    await s.handle.db.update(tables.outbox).set({ publishedAt: null }).where(eq(tables.outbox.id, event.id));
    const again = await relay().relayBatch();

    expect(again).toEqual({
      claimed: 1,
      published: 1,
      duplicates: 1,
      failed: 0,
      deadLettered: 0,
      outage: false,
    });
    expect(await storedMsgIds()).toEqual([event.id]);
    expect((await outboxRow(event.id))?.publishedAt).toBeInstanceOf(Date);
  });

  it('counts an attempt and keeps the row unpublished when JetStream does not take the event', async () => {
    const event = orderPlaced();
    await createOutboxRepository(s.handle.db).append(event);

    // No stream listens on this prefix, so the publish gets no PubAck.
    const result = await relay({ subjectPrefix: 'no-stream-here.', publishTimeoutMs: 1_000 }).relayBatch();

    expect(result).toEqual({
      claimed: 1,
      published: 0,
      duplicates: 0,
      failed: 1,
      deadLettered: 0,
      outage: false,
    });
    const row = await outboxRow(event.id);
    expect(row?.publishedAt).toBeNull();
    expect(row?.attempts).toBe(1);
    // Why it waits is on the row, and it is not claimed again before its back-off ends.
    expect(row?.lastError).toMatch(/could not publish outbox event/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps publishing in its loop, in outbox order, until stopped', async () => {
    const r = relay({ pollIntervalMs: 50, batchSize: 2 });
    r.start();
    try {
      const events = [orderPlaced(), orderPlaced(), orderPlaced()];
      const outbox = createOutboxRepository(s.handle.db);
      for (const e of events) await outbox.append(e);
      r.wake();

      await waitFor(async () => (await outbox.countUnpublished()) === 0, 'the outbox to drain');
      expect(await storedMsgIds()).toEqual(events.map((e) => e.id));
      const health = await r.health();
      expect(health).toMatchObject({ running: true, unpublished: 0, publishedTotal: 3, lastError: null });
    } finally {
      await r.stop();
    }
    expect((await r.health()).running).toBe(false);
  });
});

describe('poison rows', () => {
  /** A row JetStream refuses: its subject is one no stream captures (say, written by a newer release). */
  async function appendPoison() {
    const event = orderPlaced();
    await s.handle.db.insert(tables.outbox).values({
      id: event.id,
      subject: 'commerce-next.order.placed',
      type: event.type,
      payload: event,
      requestId: event.requestId ?? null,
      // The oldest row, so it is the first one every claim sees.
      createdAt: new Date(Date.now() - 60_000),
    });
    return event;
  }

  it('never hold up the healthy rows behind them, and move to the dead letters with their last error', async () => {
    const poison = await appendPoison();
    const healthy = [orderPlaced(), orderPlaced(), orderPlaced()];
    const outbox = createOutboxRepository(s.handle.db);
    for (const e of healthy) await outbox.append(e);
    const r = relay({
      batchSize: 2,
      maxAttempts: 3,
      rowBackoff: { baseMs: 1, maxMs: 1 },
      publishTimeoutMs: 1_000,
    });

    // The first batch holds the poison row and one healthy row: the healthy one goes out.
    const first = await r.relayBatch();
    expect(first).toMatchObject({ claimed: 2, published: 1, failed: 1, deadLettered: 0, outage: false });

    let dead = 0;
    for (let i = 0; i < 10 && dead === 0; i++) {
      await new Promise((done) => setTimeout(done, 5));
      dead += (await r.relayBatch()).deadLettered;
    }

    expect(await storedMsgIds()).toEqual(healthy.map((e) => e.id));
    expect(await outboxRow(poison.id)).toBeUndefined();
    const [letter] = await s.handle.db
      .select()
      .from(tables.outboxDeadLetters)
      .where(eq(tables.outboxDeadLetters.id, poison.id));
    expect(letter).toMatchObject({ id: poison.id, subject: 'commerce-next.order.placed', attempts: 3 });
    expect(letter?.lastError).toMatch(/could not publish outbox event .*: /);
    expect(letter?.payload).toEqual(poison);
    expect((await r.health()).deadLetters).toBe(1);
  });

  it('are skipped while they back off: a batch of one still reaches the rows behind', async () => {
    const poison = await appendPoison();
    const healthy = [orderPlaced(), orderPlaced()];
    const outbox = createOutboxRepository(s.handle.db);
    for (const e of healthy) await outbox.append(e);
    const r = relay({ batchSize: 1, rowBackoff: { baseMs: 60_000, maxMs: 60_000 }, publishTimeoutMs: 1_000 });

    expect(await r.relayBatch()).toMatchObject({ claimed: 1, failed: 1, outage: false });
    expect(await r.relayBatch()).toMatchObject({ claimed: 1, published: 1 });
    expect(await r.relayBatch()).toMatchObject({ claimed: 1, published: 1 });
    expect(await r.relayBatch()).toMatchObject({ claimed: 0 });
    expect(await storedMsgIds()).toEqual(healthy.map((e) => e.id));
    expect(await outboxRow(poison.id)).toMatchObject({ attempts: 1, publishedAt: null });
  });

  it('once re-driven and publishable, goes out with its own id', async () => {
    const poison = await appendPoison();
    const outbox = createOutboxRepository(s.handle.db);
    const r = relay({ maxAttempts: 1, publishTimeoutMs: 1_000 });
    expect(await r.relayBatch()).toMatchObject({ failed: 1, deadLettered: 1 });

    // The operator fixes the cause (here: the stream learns the subject), then re-drives.
    await s.jsm.streams.update(s.stream, {
      subjects: [`${s.subjectPrefix}commerce.>`, `${s.subjectPrefix}commerce-next.>`],
    });
    expect(await outbox.redrive([poison.id])).toEqual([poison.id]);
    expect(await outbox.redrive([poison.id])).toEqual([]);
    expect(await outboxRow(poison.id)).toMatchObject({ attempts: 0, publishedAt: null });

    expect(await r.relayBatch()).toMatchObject({ published: 1, failed: 0 });
    expect(await storedMsgIds()).toEqual([poison.id]);
    expect(await outbox.countDeadLetters()).toBe(0);
    await s.jsm.streams.update(s.stream, { subjects: [`${s.subjectPrefix}commerce.>`] });
  });
});
