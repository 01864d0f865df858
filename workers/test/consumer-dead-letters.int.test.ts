import { randomUUID } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { createDeadLettersRepository, eq, sql, tables } from '@qahwa/db';
import type { PaymentSucceeded } from '@qahwa/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDurableConsumer, createOutboxRelay, ensureStream } from '../src';
import { messageJson } from '../src/jetstream/event-envelope';
import {
  applyPaymentEventOnce,
  createPaymentsProjection,
  parsePaymentEvent,
} from '../src/projections/payments';
import { closeServices, connectServices, logger, type Services, waitFor } from './support';

/**
 * Consumer dead letters (docs/payments-logs.md) against real NATS and PostgreSQL: a
 * message a consumer cannot handle is recorded once and terminated while the messages behind it
 * flow; re-driving it after the fix republishes it through the outbox so the consumer that failed
 * applies it once and a consumer that had applied it already does not apply it again.
 */
let s: Services;
const { consumerDeadLetters, payments, processedEvents } = tables;

const streams: string[] = [];
beforeAll(async () => {
  s = await connectServices();
});
afterAll(async () => {
  for (const name of streams) await s.jsm.streams.delete(name).catch(() => {});
  await closeServices(s);
});

/** Each test its own stream and subjects: a consumer reads its stream from the start. */
interface Space {
  stream: string;
  prefix: string;
}
async function space(): Promise<Space> {
  const n = streams.length + 1;
  const sp = { stream: `${s.stream}_${n}`, prefix: `${s.subjectPrefix}t${n}.` };
  await ensureStream(s.jsm, { name: sp.stream, subjects: [`${sp.prefix}commerce.>`] });
  streams.push(sp.stream);
  return sp;
}
beforeEach(async () => {
  await s.handle.db.execute(
    sql`truncate ${consumerDeadLetters}, ${tables.outbox}, ${tables.outboxDeadLetters}, ${payments}, ${processedEvents}, ${tables.auditLog}`,
  );
});

const paymentSucceeded = (paymentId: string): PaymentSucceeded => ({
  id: randomUUID(),
  type: 'PaymentSucceeded',
  version: 1,
  occurredAt: new Date().toISOString(),
  requestId: `req-${paymentId}`,
  data: { checkoutId: 'card-dead', provider: 'STRIPE', paymentId, amountFils: 7_700, method: 'card' },
});

async function publish(
  sp: Space,
  event: PaymentSucceeded | string,
  subject = 'commerce.payment.payment_succeeded',
) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const h = headers();
  h.set('x-request-id', typeof event === 'string' ? 'req-poison' : (event.requestId ?? ''));
  await s.js.publish(`${sp.prefix}${subject}`, body, {
    msgID: typeof event === 'string' ? randomUUID() : event.id,
    headers: h,
  });
}

async function drained(sp: Space, durable: string) {
  return waitFor(async () => {
    const info = await s.jsm.consumers.info(sp.stream, durable);
    return info.num_pending === 0 && info.num_ack_pending === 0 ? info : undefined;
  }, `${durable} to drain`);
}

const deadRows = (consumer: string) =>
  s.handle.db.select().from(consumerDeadLetters).where(eq(consumerDeadLetters.consumer, consumer));
const paymentRow = async (id: string) =>
  (await s.handle.db.select().from(payments).where(eq(payments.id, id)))[0];
const pi = () => `pi_${randomUUID().replace(/-/g, '')}`;

describe('consumer dead letters', () => {
  it('a message that is not an event is recorded once and terminated; the next one is applied', async () => {
    const sp = await space();
    const durable = `payments-${randomUUID().slice(0, 8)}`;
    const projection = createPaymentsProjection({
      db: s.handle.db,
      js: s.js,
      logger,
      stream: sp.stream,
      durable,
      subjectPrefix: sp.prefix,
    });
    projection.start();
    try {
      await publish(sp, '{"not json');
      const good = paymentSucceeded(pi());
      await publish(sp, good);
      await waitFor(async () => (await paymentRow(good.data.paymentId)) ?? false, 'the next payment');
      await drained(sp, durable);

      const rows = await deadRows(durable);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        stream: sp.stream,
        subject: `${sp.prefix}commerce.payment.payment_succeeded`,
        body: '{"not json',
        requestId: 'req-poison',
        deliveries: 1,
        redrivenAt: null,
      });
      expect(rows[0]?.lastError).toMatch(/is not JSON/);
      expect(rows[0]?.headers).toMatchObject({ 'x-request-id': ['req-poison'] });
      // Terminated: not redelivered, so no second row and nothing pending.
      expect((await projection.health()).deadLettered).toBe(1);
    } finally {
      await projection.stop();
    }
  });

  it('a message failing on every delivery stops at maxDeliver, is recorded, and a re-drive after the fix applies it once', async () => {
    const sp = await space();
    const durable = `payments-${randomUUID().slice(0, 8)}`;
    const other = `payments-other-${randomUUID().slice(0, 8)}`;
    let broken = true;
    const applied: Record<string, number> = {};
    const deliveries: number[] = [];
    const poisonPi = pi();
    const failing = createDurableConsumer({
      db: s.handle.db,
      js: s.js,
      logger,
      stream: sp.stream,
      durable,
      filterSubject: `${sp.prefix}commerce.payment.>`,
      maxDeliver: 3,
      nakDelay: { baseMs: 50, maxMs: 50 },
      async handle(m: JsMsg) {
        const event = parsePaymentEvent(messageJson(m));
        if (!event) return;
        if (broken && event.data.paymentId === poisonPi) {
          deliveries.push(m.info.deliveryCount);
          throw new Error('projection bug: cannot apply', { cause: new Error('column "x" does not exist') });
        }
        if (await applyPaymentEventOnce(s.handle.db, durable, event))
          applied[event.id] = (applied[event.id] ?? 0) + 1;
      },
    });
    // A second consumer on the same subject that applies everything: it sees the re-driven copy too.
    const otherApplied: Record<string, number> = {};
    const healthy = createDurableConsumer({
      db: s.handle.db,
      js: s.js,
      logger,
      stream: sp.stream,
      durable: other,
      filterSubject: `${sp.prefix}commerce.payment.>`,
      async handle(m: JsMsg) {
        const event = parsePaymentEvent(messageJson(m));
        if (event && (await applyPaymentEventOnce(s.handle.db, other, event))) {
          otherApplied[event.id] = (otherApplied[event.id] ?? 0) + 1;
        }
      },
    });
    const relay = createOutboxRelay({ db: s.handle.db, js: s.js, logger, subjectPrefix: sp.prefix });
    failing.start();
    healthy.start();
    relay.start();
    try {
      const poison = paymentSucceeded(poisonPi);
      const next = paymentSucceeded(pi());
      await publish(sp, poison);
      await publish(sp, next);
      await waitFor(async () => (await deadRows(durable)).length === 1, 'the dead letter');
      await drained(sp, durable);
      await drained(sp, other);

      expect(deliveries).toEqual([1, 2, 3]);
      expect(applied[next.id]).toBe(1);
      const [dead] = await deadRows(durable);
      expect(dead).toMatchObject({ deliveries: 3, requestId: poison.requestId, redrivenAt: null });
      expect(dead?.lastError).toBe('Error: projection bug: cannot apply ← Error: column "x" does not exist');
      expect(JSON.parse(dead?.body ?? '')).toEqual(poison);
      expect(await deadRows(other)).toHaveLength(0);
      expect(otherApplied[poison.id]).toBe(1);

      // The fix ships; staff re-drive it.
      broken = false;
      const repo = createDeadLettersRepository(s.handle.db);
      const actor = { id: null, email: 'ops@qahwa.test' };
      const outcome = await s.handle.db.transaction((tx) =>
        repo.redrive(dead?.id ?? '', actor, 'req-redrive', tx),
      );
      expect(outcome.outcome).toBe('redriven');
      await waitFor(async () => applied[poison.id] === 1, 'the re-driven event to be applied');
      await drained(sp, durable);
      await drained(sp, other);

      expect(applied[poison.id]).toBe(1);
      expect(otherApplied[poison.id]).toBe(1);
      expect(await paymentRow(poisonPi)).toMatchObject({ status: 'succeeded', amountFils: 7_700 });
      const guards = await s.handle.db
        .select()
        .from(processedEvents)
        .where(eq(processedEvents.eventId, poison.id));
      expect(guards.map((g) => g.consumer).sort()).toEqual([durable, other].sort());
      const [after] = await deadRows(durable);
      expect(after?.redrivenAt).toBeInstanceOf(Date);
      expect(after?.redrivenBy).toBe('ops@qahwa.test');
      const audit = await s.handle.db
        .select()
        .from(tables.auditLog)
        .where(eq(tables.auditLog.entityId, dead?.id ?? ''));
      expect(audit).toMatchObject([{ module: 'logs', action: 'redrive', userEmail: 'ops@qahwa.test' }]);

      // A second re-drive of the same letter is refused: it is a record now.
      const again = await s.handle.db.transaction((tx) => repo.redrive(dead?.id ?? '', actor, 'req-2', tx));
      expect(again.outcome).toBe('already_redriven');
    } finally {
      await Promise.all([failing.stop(), healthy.stop(), relay.stop()]);
    }
  });

  it('without a database the old behaviour holds: an invalid message is terminated with a log line only', async () => {
    const sp = await space();
    const durable = `legacy-${randomUUID().slice(0, 8)}`;
    const consumer = createDurableConsumer({
      js: s.js,
      logger,
      stream: sp.stream,
      durable,
      filterSubject: `${sp.prefix}commerce.payment.>`,
      async handle(m) {
        parsePaymentEvent(messageJson(m));
      },
    });
    consumer.start();
    try {
      await publish(sp, '{}');
      await waitFor(async () => (await consumer.health()).failed === 1, 'the invalid message');
      await drained(sp, durable);
      expect(await deadRows(durable)).toHaveLength(0);
      expect((await consumer.health()).deadLettered).toBe(0);
    } finally {
      await consumer.stop();
    }
  });
});
