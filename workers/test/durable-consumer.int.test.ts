import { randomUUID } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDurableConsumer, ensureStream, InvalidEventError } from '../src';
import { closeServices, connectServices, logger, type Services, waitFor } from './support';

let s: Services;

beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}jobs.>`] });
});
afterAll(async () => {
  await closeServices(s);
});

async function drained(durable: string) {
  return waitFor(async () => {
    const info = await s.jsm.consumers.info(s.stream, durable);
    return info.num_pending === 0 && info.num_ack_pending === 0 ? info : undefined;
  }, `${durable} to drain`);
}

describe('durable consumer', () => {
  it('naks a failed message with a delay and handles its redelivery, leaving nothing pending', async () => {
    const durable = `jobs-${randomUUID().slice(0, 8)}`;
    const seen: Array<{ data: string; deliveryCount: number }> = [];
    const consumer = createDurableConsumer({
      js: s.js,
      logger,
      stream: s.stream,
      durable,
      filterSubject: `${s.subjectPrefix}jobs.>`,
      nakDelay: { baseMs: 100, maxMs: 100 },
      async handle(m: JsMsg) {
        seen.push({ data: m.string(), deliveryCount: m.info.deliveryCount });
        if (m.string() === 'flaky' && m.info.deliveryCount === 1) throw new Error('database went away');
      },
    });
    consumer.start();
    try {
      await s.js.publish(`${s.subjectPrefix}jobs.a`, 'flaky');
      await s.js.publish(`${s.subjectPrefix}jobs.a`, 'steady');
      await waitFor(async () => seen.length === 3, 'the redelivery');
      const info = await drained(durable);

      expect(seen.filter((x) => x.data === 'flaky').map((x) => x.deliveryCount)).toEqual([1, 2]);
      expect(info.num_redelivered).toBe(0);
      expect(await consumer.health()).toMatchObject({
        handled: 2,
        failed: 1,
        numPending: 0,
        numAckPending: 0,
        lastError: { code: 'CONSUMER_FAILED', message: 'database went away' },
      });
    } finally {
      await consumer.stop();
    }
  });

  it('recreates its consumer and carries on when the consumer is deleted under it', async () => {
    const durable = `jobs-${randomUUID().slice(0, 8)}`;
    const seen: string[] = [];
    const consumer = createDurableConsumer({
      js: s.js,
      logger,
      stream: s.stream,
      durable,
      filterSubject: `${s.subjectPrefix}jobs.b`,
      restartBackoff: { baseMs: 100, maxMs: 200 },
      async handle(m) {
        seen.push(m.string());
      },
    });
    consumer.start();
    try {
      await s.js.publish(`${s.subjectPrefix}jobs.b`, 'before');
      await waitFor(async () => seen.includes('before'), 'the first message');

      await s.jsm.consumers.delete(s.stream, durable);
      await s.js.publish(`${s.subjectPrefix}jobs.b`, 'after');
      await waitFor(async () => seen.includes('after'), 'a message after the consumer came back', 30_000);
      await drained(durable);
    } finally {
      await consumer.stop();
    }
    expect((await consumer.health()).running).toBe(false);
  });

  it('applies messages in groups, in stream order, and one by one when a group fails: the poison one alone is given up on', async () => {
    const durable = `jobs-${randomUUID().slice(0, 8)}`;
    const subject = `${s.subjectPrefix}jobs.c`;
    const groups: string[][] = [];
    const applied: string[] = [];
    const consumer = createDurableConsumer({
      js: s.js,
      logger,
      stream: s.stream,
      durable,
      filterSubject: subject,
      nakDelay: { baseMs: 100, maxMs: 100 },
      batch: {
        max: 5,
        lingerMs: 1_000,
        async handle(ms) {
          const data = ms.map((m) => m.string());
          groups.push(data);
          if (data.includes('poison')) throw new InvalidEventError('poison breaks its contract');
          applied.push(...data);
        },
      },
    });
    consumer.start();
    try {
      // Twelve at once: groups of at most five, the first ones full, each in stream order.
      const sent = Array.from({ length: 12 }, (_, i) => `m${i}`);
      await Promise.all(sent.map((d) => s.js.publish(subject, d)));
      await waitFor(async () => applied.length === 12, 'the twelve messages');
      await drained(durable);
      expect(applied).toEqual(sent);
      expect(groups.map((g) => g.length)).toEqual([5, 5, 2]);

      // A group with a poison message: the group fails, then each message is applied alone and
      // only the poison one is terminated; nothing is redelivered or left pending.
      groups.length = 0;
      applied.length = 0;
      for (const d of ['a', 'poison', 'b']) await s.js.publish(subject, d);
      await waitFor(async () => applied.length === 2, 'the healthy messages of the failed group');
      const info = await drained(durable);
      expect(groups).toEqual([['a', 'poison', 'b'], ['a'], ['poison'], ['b']]);
      expect(applied).toEqual(['a', 'b']);
      expect(info.num_redelivered).toBe(0);
      expect(await consumer.health()).toMatchObject({
        handled: 14,
        failed: 1,
        numPending: 0,
        numAckPending: 0,
      });
    } finally {
      await consumer.stop();
    }
  });
});
