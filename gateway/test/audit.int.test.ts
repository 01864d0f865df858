import { randomUUID } from 'node:crypto';
import { createAuditRepository, createOutboxRepository, tables } from '@qahwa/db';
import type { OrderPlaced } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * docs/admin.md "Audit": every staff write records who, when, module, entity, before and after, in
 * the write's own transaction. Here the writes older than the audit: review moderation and re-drive.
 */
let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

async function pendingReview(): Promise<string> {
  const [product] = await gw.db.select({ id: tables.products.id }).from(tables.products).limit(1);
  const [row] = await gw.db
    .insert(tables.reviews)
    .values({
      productId: product!.id,
      authorName: 'Mariam',
      email: 'm@example.com',
      rating: 5,
      body: 'Lovely',
    })
    .returning({ id: tables.reviews.id });
  return row!.id;
}

describe('the audit log', () => {
  it('records a review approval: who, the module, the entity, the status before and after, the request', async () => {
    const id = await pendingReview();
    const moderator = await staffCookie(gw, {
      name: 'Moderator',
      permissions: [{ module: 'reviews', canView: true, canEdit: true }],
    });
    const res = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${id}/approve`,
      headers: { cookie: moderator.cookie, 'x-request-id': 'audit-test-approve' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await createAuditRepository(gw.db).list({ entityId: id });
    expect(entry).toMatchObject({
      userId: moderator.userId,
      userEmail: moderator.email,
      module: 'reviews',
      action: 'approve',
      entityType: 'review',
      entityId: id,
      before: { status: 'PENDING', moderatedAt: null },
      after: { status: 'APPROVED' },
      requestId: 'audit-test-approve',
    });
    // Not the shopper's e-mail or words: the audit keeps what moderation changed.
    expect(JSON.stringify(entry)).not.toContain('m@example.com');
  });

  it('records nothing for a refused write (view only: 403) or a review that does not exist (404)', async () => {
    const id = await pendingReview();
    const viewer = await staffCookie(gw, { permissions: [{ module: 'reviews', canView: true }] });
    const refused = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${id}/reject`,
      headers: { cookie: viewer.cookie },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const admin = await staffCookie(gw, { role: 'ADMIN' });
    const missing = randomUUID();
    const gone = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${missing}/reject`,
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(gone.statusCode).toBe(404);
    const audit = createAuditRepository(gw.db);
    expect(await audit.list({ entityId: id })).toEqual([]);
    expect(await audit.list({ entityId: missing })).toEqual([]);
  });

  it('records a re-drive of a dead letter under logs', async () => {
    const outbox = createOutboxRepository(gw.db);
    const dead: OrderPlaced = {
      id: randomUUID(),
      type: 'OrderPlaced',
      version: 1,
      occurredAt: '2026-03-10T08:00:00.000Z',
      data: {
        orderId: randomUUID(),
        customerId: randomUUID(),
        isNewCustomer: true,
        status: 'new',
        paymentProvider: 'COD',
        totalFils: 12_500,
        placedAt: '2026-03-10T08:00:00.000Z',
        items: [{ productId: randomUUID(), variationId: randomUUID(), quantity: 1, unitFils: 12_500 }],
      },
    };
    await outbox.append(dead);
    await gw.db.transaction(async (tx) => {
      await outbox.recordFailures([{ id: dead.id, error: 'no responders', retryInMs: 0 }], tx);
      await outbox.deadLetter([dead.id], tx);
    });
    const operator = await staffCookie(gw, {
      permissions: [{ module: 'logs', canView: true, canEdit: true }],
    });
    const res = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/${dead.id}/redrive`,
      headers: { cookie: operator.cookie },
    });
    expect(res.statusCode).toBe(200);
    const entries = await createAuditRepository(gw.db).list({ module: 'logs', entityId: dead.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: operator.userId,
      action: 'redrive',
      entityType: 'dead-letter',
    });
  });
});
