import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { createCheckoutsRepository, createOutboxRepository, eq, sql, tables } from '@qahwa/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPruner, startHealthServer } from '../src';
import { closeServices, connectServices, DATABASE_URL, logger, orderPlaced, type Services } from './support';

let s: Services;
beforeAll(async () => {
  s = await connectServices();
});
afterAll(async () => closeServices(s));
beforeEach(async () => {
  await s.handle.db.execute(
    sql`truncate ${tables.outbox}, ${tables.outboxDeadLetters}, ${tables.processedEvents}, ${tables.idempotencyKeys}, ${tables.sessions}, ${tables.webhookEvents}`,
  );
});

const ago = (ms: number) => new Date(Date.now() - ms);
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('pruning', () => {
  it('deletes finished bookkeeping past its retention and keeps everything still guarding something', async () => {
    const { db } = s.handle;
    const old = randomUUID();
    const recent = randomUUID();
    await db.insert(tables.processedEvents).values([
      { consumer: 'order-stats', eventId: old, processedAt: ago(31 * DAY) },
      { consumer: 'order-stats', eventId: recent, processedAt: ago(1 * DAY) },
    ]);
    const outbox = createOutboxRepository(db);
    const [publishedLongAgo, publishedYesterday, neverPublished] = [
      orderPlaced(),
      orderPlaced(),
      orderPlaced(),
    ];
    for (const e of [publishedLongAgo, publishedYesterday, neverPublished]) await outbox.append(e);
    await db
      .update(tables.outbox)
      .set({ publishedAt: ago(8 * DAY) })
      .where(eq(tables.outbox.id, publishedLongAgo.id));
    await db
      .update(tables.outbox)
      .set({ publishedAt: ago(1 * DAY) })
      .where(eq(tables.outbox.id, publishedYesterday.id));
    // An unpublished row, however old, is an event still to be sent: never pruned.
    await db
      .update(tables.outbox)
      .set({ createdAt: ago(90 * DAY) })
      .where(eq(tables.outbox.id, neverPublished.id));
    await db.insert(tables.idempotencyKeys).values([
      {
        keyHash: 'expired-long-ago',
        scope: 'order',
        fingerprint: 'f',
        resourceId: 'r',
        expiresAt: ago(25 * HOUR),
      },
      {
        keyHash: 'expired-just-now',
        scope: 'order',
        fingerprint: 'f',
        resourceId: 'r',
        expiresAt: ago(HOUR),
      },
      { keyHash: 'alive', scope: 'order', fingerprint: 'f', resourceId: 'r', expiresAt: ago(-HOUR) },
    ]);
    const [user] = await db
      .insert(tables.users)
      .values({ email: `prune-${randomUUID()}@qahwa.local`, name: 'Prune', passwordHash: 'x' })
      .returning();
    await db.insert(tables.sessions).values([
      { id: 'session-expired-long-ago', userId: user!.id, expiresAt: ago(2 * DAY) },
      { id: 'session-alive', userId: user!.id, expiresAt: ago(-HOUR) },
    ]);

    const pruner = createPruner({
      db,
      logger,
      intervalMs: 60_000,
      retention: {
        processedEventsDays: 30,
        publishedOutboxDays: 7,
        expiredIdempotencyKeysHours: 24,
        expiredSessionsHours: 24,
        webhookPayloadsDays: 30,
      },
    });
    const result = await pruner.runOnce();

    expect(result).toEqual({
      processedEvents: 1,
      publishedOutbox: 1,
      idempotencyKeys: 1,
      sessions: 1,
      webhookPayloads: 0,
    });
    expect((await db.select().from(tables.processedEvents)).map((r) => r.eventId)).toEqual([recent]);
    expect((await db.select().from(tables.outbox)).map((r) => r.id).sort()).toEqual(
      [publishedYesterday.id, neverPublished.id].sort(),
    );
    expect((await db.select().from(tables.idempotencyKeys)).map((r) => r.keyHash).sort()).toEqual([
      'alive',
      'expired-just-now',
    ]);
    expect((await db.select().from(tables.sessions)).map((r) => r.id)).toEqual(['session-alive']);
    // A second pass finds nothing more.
    expect(await pruner.runOnce()).toEqual({
      processedEvents: 0,
      publishedOutbox: 0,
      idempotencyKeys: 0,
      sessions: 0,
      webhookPayloads: 0,
    });
    await db.delete(tables.users).where(eq(tables.users.id, user!.id));
  });

  it('reduces a provider webhook’s body to its ids after 30 days, and keeps the row that stops a redelivery', async () => {
    const { db } = s.handle;
    const run = randomUUID().slice(0, 8);
    const buyer = { name: 'Mariam Al Hashimi', email: 'mariam@example.ae', phone: '+971501234567' };
    const intent = `pi_${run}`;
    const tabbyPayment = `tabby-${run}`;
    await db.insert(tables.webhookEvents).values([
      {
        id: `evt_old_${run}`,
        provider: 'STRIPE',
        type: 'payment_intent.succeeded',
        receivedAt: ago(31 * DAY),
        payload: {
          id: `evt_old_${run}`,
          type: 'payment_intent.succeeded',
          data: {
            object: {
              id: intent,
              amount: 12_400,
              receipt_email: buyer.email,
              shipping: { name: buyer.name },
            },
          },
        },
      },
      {
        id: `evt_charge_${run}`,
        provider: 'STRIPE',
        type: 'charge.refunded',
        receivedAt: ago(40 * DAY),
        payload: {
          id: `evt_charge_${run}`,
          data: { object: { id: `ch_${run}`, payment_intent: intent, billing_details: buyer } },
        },
      },
      {
        id: `tabby:${tabbyPayment}:authorized`,
        provider: 'TABBY',
        type: 'authorized',
        receivedAt: ago(45 * DAY),
        payload: { id: tabbyPayment, status: 'authorized', buyer },
      },
      {
        id: `evt_new_${run}`,
        provider: 'STRIPE',
        type: 'payment_intent.succeeded',
        receivedAt: ago(29 * DAY),
        payload: {
          id: `evt_new_${run}`,
          data: { object: { id: `pi_new_${run}`, receipt_email: buyer.email } },
        },
      },
    ]);
    const pruner = createPruner({
      db,
      logger,
      intervalMs: 60_000,
      retention: {
        processedEventsDays: 30,
        publishedOutboxDays: 7,
        expiredIdempotencyKeysHours: 24,
        expiredSessionsHours: 24,
        webhookPayloadsDays: 30,
      },
    });

    expect((await pruner.runOnce()).webhookPayloads).toBe(3);

    const rows = await db
      .select()
      .from(tables.webhookEvents)
      .where(sql`${tables.webhookEvents.id} like ${`%${run}%`}`);
    const payloadOf = (id: string) => rows.find((r) => r.id === id)?.payload;
    expect(rows).toHaveLength(4);
    expect(payloadOf(`evt_old_${run}`)).toEqual({
      pruned: true,
      id: `evt_old_${run}`,
      data: { object: { id: intent } },
    });
    expect(payloadOf(`evt_charge_${run}`)).toEqual({
      pruned: true,
      id: `evt_charge_${run}`,
      data: { object: { id: `ch_${run}`, payment_intent: intent } },
    });
    expect(payloadOf(`tabby:${tabbyPayment}:authorized`)).toEqual({ pruned: true, id: tabbyPayment });
    for (const id of [`evt_old_${run}`, `evt_charge_${run}`, `tabby:${tabbyPayment}:authorized`]) {
      const text = JSON.stringify(payloadOf(id));
      for (const personal of Object.values(buyer)) expect(text).not.toContain(personal);
    }
    // Inside the 30 days: the whole body, for staff's inquiries.
    expect(JSON.stringify(payloadOf(`evt_new_${run}`))).toContain(buyer.email);
    // The payment's log still finds its deliveries, and a late redelivery is still known.
    const webhookPaymentId = sql<string>`coalesce(${tables.webhookEvents.payload}->'data'->'object'->>'id', ${tables.webhookEvents.payload}->>'id')`;
    const linked = await db
      .select({ id: tables.webhookEvents.id })
      .from(tables.webhookEvents)
      .where(sql`${webhookPaymentId} in (${intent}, ${tabbyPayment})`);
    expect(linked.map((r) => r.id).sort()).toEqual(
      [`evt_old_${run}`, `tabby:${tabbyPayment}:authorized`].sort(),
    );
    expect(
      await createCheckoutsRepository(db).recordWebhook({
        id: `evt_old_${run}`,
        provider: 'STRIPE',
        type: 'payment_intent.succeeded',
        payload: {},
      }),
    ).toBe(false);
    expect((await pruner.runOnce()).webhookPayloads).toBe(0);
  });
});

describe('the outbox:redrive command', () => {
  const run = promisify(execFile);
  const command = new URL('../src/outbox-relay/redrive-command.ts', import.meta.url).pathname;
  const redrive = (...args: string[]) =>
    run('npx', ['tsx', command, ...args], {
      env: { ...process.env, DATABASE_URL, LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, ...r }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );

  it('lists the dead letters and puts one, then all, back in the outbox', async () => {
    const outbox = createOutboxRepository(s.handle.db);
    const [a, b] = [orderPlaced(), orderPlaced()];
    for (const e of [a, b]) await outbox.append(e);
    await s.handle.db.transaction((tx) => outbox.deadLetter([a.id, b.id], tx));

    const list = await redrive('--list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(a.id);
    expect(list.stdout).toContain('2 dead letter(s)');

    const one = await redrive(a.id);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(`re-driven ${a.id}`);
    expect(await outbox.countDeadLetters()).toBe(1);

    const again = await redrive(a.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no dead letter ${a.id}`);

    const all = await redrive('--all');
    expect(all.stdout).toContain('1 event(s) back in the outbox');
    expect(await outbox.countDeadLetters()).toBe(0);
    expect(await outbox.countUnpublished()).toBe(2);

    expect((await redrive('not-an-id')).code).toBe(2);
  }, 60_000);
});

describe('the workers health server', () => {
  it('answers live always, and ready by the same rule as the gateway', async () => {
    let natsUp = true;
    const server = await startHealthServer({
      host: '127.0.0.1',
      port: 0,
      logger,
      probes: [
        { name: 'postgres', critical: true, affects: 'all', check: () => s.handle.db.execute(sql`select 1`) },
        {
          name: 'nats',
          affects: 'events',
          check: async () => {
            if (!natsUp) throw new Error('disconnected');
          },
        },
      ],
    });
    const get = (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);
    try {
      expect((await get('/health/live')).status).toBe(200);
      const ok = await get('/health/ready');
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ status: 'ok', affected: [] });
      natsUp = false;
      const degraded = await get('/health/ready');
      expect(degraded.status).toBe(200);
      expect(await degraded.json()).toMatchObject({
        status: 'degraded',
        affected: ['events'],
        checks: { nats: { ok: false, error: 'disconnected' } },
      });
      expect((await get('/nope')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
