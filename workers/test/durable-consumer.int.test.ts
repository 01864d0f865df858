import { randomUUID } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDurableConsumer, ensureStream } from '../src';
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
});
