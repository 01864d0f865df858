import { randomUUID } from 'node:crypto';
import { createDeadLettersRepository, eq, recordAudit, tables } from '@qahwa/db';
import type { OrderPlaced } from '@qahwa/schema';
import type { AuditLogList, ConsumerDeadLetterList } from '@qahwa/schema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * The logs screen (docs/payments-logs.md): the audit log filtered by user, module and
 * Gulf day; the consumers' dead letters listed and re-driven through the outbox (a new outbox id,
 * the event's own id unchanged), with the re-drive audited; permissions on the server.
 */
let gw: Gateway;
let reader: { cookie: string; email: string };
let operator: { cookie: string; email: string };
let outsider: { cookie: string };

beforeAll(async () => {
  gw = await startGateway();
  reader = await staffCookie(gw, { permissions: [{ module: 'logs', canView: true }] });
  operator = await staffCookie(gw, { permissions: [{ module: 'logs', canView: true, canEdit: true }] });
  outsider = await staffCookie(gw, { permissions: [{ module: 'payments', canView: true }] });
});
afterAll(async () => gw?.close());

const get = (url: string, who: { cookie: string } = reader, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...headers } });

describe('the audit log', () => {
  beforeAll(async () => {
    await gw.db.delete(tables.auditLog);
    const write = (email: string, module: string, at: string, entityId: string) =>
      gw.db.transaction(async (tx) => {
        await recordAudit(tx, {
          user: { id: null, email },
          module,
          action: 'update',
          entityType: module.slice(0, -1),
          entityId,
          before: { price: 45 },
          after: { price: 50 },
          requestId: `req-${entityId}`,
        });
        await tx
          .update(tables.auditLog)
          .set({ createdAt: new Date(at) })
          .where(eq(tables.auditLog.entityId, entityId));
      });
    await write('amal@qahwa.local', 'products', '2026-03-01T10:00:00Z', 'p1');
    await write('amal@qahwa.local', 'orders', '2026-03-02T10:00:00Z', 'o1');
    await write('omar@qahwa.local', 'products', '2026-03-02T21:30:00Z', 'p2'); // 01:30 on 3 March in Dubai
    await write('omar@qahwa.local', 'reviews', '2026-03-05T10:00:00Z', 'r1');
  });

  const entities = (l: AuditLogList) => l.entries.map((e) => e.entityId);

  it('lists staff writes newest first with before and after, and who has written', async () => {
    const res = await get('/api/admin/audit-log');
    expect(res.statusCode, res.body).toBe(200);
    const all: AuditLogList = res.json();
    expect(entities(all)).toEqual(['r1', 'p2', 'o1', 'p1']);
    expect(all.total).toBe(4);
    expect(all.users).toEqual(['amal@qahwa.local', 'omar@qahwa.local']);
    expect(all.entries[0]).toMatchObject({
      userEmail: 'omar@qahwa.local',
      module: 'reviews',
      action: 'update',
      before: { price: 45 },
      after: { price: 50 },
      requestId: 'req-r1',
    });
  });

  it('filters by user, module and Gulf day, together', async () => {
    const filtered = async (q: string) => entities((await get(`/api/admin/audit-log?${q}`)).json());
    expect(await filtered('user=AMAL@qahwa.local')).toEqual(['o1', 'p1']);
    expect(await filtered('module=products')).toEqual(['p2', 'p1']);
    expect(await filtered('from=2026-03-03&to=2026-03-03')).toEqual(['p2']);
    expect(await filtered('from=2026-03-02&to=2026-03-02')).toEqual(['o1']);
    expect(await filtered('user=omar@qahwa.local&module=products&from=2026-03-01&to=2026-03-04')).toEqual([
      'p2',
    ]);
    const page: AuditLogList = (await get('/api/admin/audit-log?limit=2&offset=2')).json();
    expect(entities(page)).toEqual(['o1', 'p1']);
    expect(page.total).toBe(4);
  });

  it('refuses a module that does not exist and a day that does not, with 400', async () => {
    expect((await get('/api/admin/audit-log?module=nothing')).statusCode).toBe(400);
    expect((await get('/api/admin/audit-log?from=2026-02-30')).statusCode).toBe(400);
  });
});

describe('consumer dead letters', () => {
  const event: OrderPlaced = {
    id: randomUUID(),
    type: 'OrderPlaced',
    version: 1,
    occurredAt: '2026-03-10T08:00:00.000Z',
    requestId: 'req-dead',
    data: {
      orderId: 'QH-100777',
      customerId: randomUUID(),
      isNewCustomer: true,
      status: 'new',
      paymentProvider: 'COD',
      totalFils: 12_500,
      placedAt: '2026-03-10T08:00:00.000Z',
      items: [],
    },
  };

  beforeAll(async () => {
    const repo = createDeadLettersRepository(gw.db);
    const base = {
      stream: 'COMMERCE',
      headers: { 'x-request-id': ['req-dead'] },
      requestId: 'req-dead',
      deliveries: 20,
      lastError: 'Error: relation "order_stats_weekly" does not exist',
    };
    await repo.record({
      ...base,
      consumer: 'order-stats',
      streamSeq: 41,
      subject: 'e2e9.commerce.order.order_placed',
      body: JSON.stringify(event),
    });
    await repo.record({
      ...base,
      consumer: 'mail-contact',
      streamSeq: 42,
      subject: 'commerce.engagement.contact_received',
      body: '{"not json',
      deliveries: 1,
    });
  });

  const deadLetters = async (q = '', who: { cookie: string } = reader): Promise<ConsumerDeadLetterList> => {
    const res = await get(`/api/admin/dead-letters/consumers${q}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const redrive = (id: string, who: { cookie: string } = operator, headers: Record<string, string> = {}) =>
    gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/consumers/${id}/redrive`,
      headers: { cookie: who.cookie, ...headers },
    });

  it('lists the open ones with their consumer, error and body, and filters by consumer', async () => {
    const open = await deadLetters();
    expect(open.openCount).toBe(2);
    expect(open.deadLetters.map((d) => d.consumer).sort()).toEqual(['mail-contact', 'order-stats']);
    const stats = await deadLetters('?consumer=order-stats');
    expect(stats.deadLetters).toMatchObject([
      {
        streamSeq: 41,
        deliveries: 20,
        lastError: 'Error: relation "order_stats_weekly" does not exist',
        redrivenAt: null,
      },
    ]);
    expect(JSON.parse(stats.deadLetters[0]?.body ?? '')).toEqual(event);
  });

  it('re-drives an event through the outbox under a new id, marks it, audits it; twice is refused', async () => {
    const [dead] = (await deadLetters('?consumer=order-stats')).deadLetters;
    // Viewing the logs is not enough to re-drive.
    expect((await redrive(dead!.id, reader)).statusCode).toBe(403);

    const res = await redrive(dead!.id);
    expect(res.statusCode, res.body).toBe(200);
    const { outboxId } = res.json();
    expect(outboxId).not.toBe(event.id);
    const [row] = await gw.db.select().from(tables.outbox).where(eq(tables.outbox.id, outboxId));
    // The relay prefixes the subject itself; the event id inside stays, so consumers that applied it skip it.
    expect(row).toMatchObject({
      subject: 'commerce.order.order_placed',
      type: 'OrderPlaced',
      publishedAt: null,
    });
    expect(row?.payload).toEqual(event);

    const after = await deadLetters('?state=redriven');
    expect(after.deadLetters).toMatchObject([{ id: dead!.id, redrivenBy: operator.email }]);
    expect(after.openCount).toBe(1);
    const audit = await gw.db.select().from(tables.auditLog).where(eq(tables.auditLog.entityId, dead!.id));
    expect(audit).toMatchObject([
      { module: 'logs', action: 'redrive', entityType: 'consumer-dead-letter', userEmail: operator.email },
    ]);

    const again = await redrive(dead!.id, operator, { 'accept-language': 'ar' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DEAD_LETTER_ALREADY_REDRIVEN' });
    expect(again.json().error).toMatch(/أُعيد إرسال/);
  });

  it('a body that is not an event stays as a record (409), and an unknown id is 404', async () => {
    const [poison] = (await deadLetters('?consumer=mail-contact')).deadLetters;
    const refused = await redrive(poison!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEAD_LETTER_NOT_AN_EVENT' });
    expect((await deadLetters()).openCount).toBe(1);
    expect((await redrive(randomUUID())).statusCode).toBe(404);
  });

  it('staff without the logs permission get 403 on every logs route', async () => {
    for (const url of [
      '/api/admin/audit-log',
      '/api/admin/dead-letters/consumers',
      '/api/admin/dead-letters',
    ]) {
      expect((await get(url, outsider)).statusCode).toBe(403);
    }
    expect((await redrive(randomUUID(), outsider)).statusCode).toBe(403);
  });
});
