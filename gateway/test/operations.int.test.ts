import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { createOutboxRepository, tables } from '@qahwa/db';
import type { OrderPlaced } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
  // Staff who may see orders but not the system logs (SPEC 6).
  await gw.db.insert(tables.users).values({
    email: 'orders@qahwa.local',
    name: 'Orders Staff',
    passwordHash: await hash('orders-pass'),
    role: 'STAFF',
    permissions: [
      { module: 'orders', canView: true },
      { module: 'logs', canView: false },
    ],
  });
});
afterAll(async () => gw?.close());

async function signIn(email: string, password: string) {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const cookie = res.cookies.find((c) => c.name === 'qahwa_staff_session');
  return cookie ? `${cookie.name}=${cookie.value}` : '';
}

function event(): OrderPlaced {
  return {
    id: randomUUID(),
    type: 'OrderPlaced',
    version: 1,
    occurredAt: '2026-03-10T08:00:00.000Z',
    requestId: `req-${randomUUID()}`,
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
}

describe('dead letters in the back office', () => {
  it('lists them and re-drives one into the outbox, for staff with the logs permission', async () => {
    const outbox = createOutboxRepository(gw.db);
    const dead = event();
    await outbox.append(dead);
    await gw.db.transaction(async (tx) => {
      await outbox.recordFailures(
        [{ id: dead.id, error: 'no responders: commerce-next.order.placed', retryInMs: 0 }],
        tx,
      );
      await outbox.deadLetter([dead.id], tx);
    });
    const admin = await signIn('admin@qahwa.local', 'qahwa-admin-dev');

    const list = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/dead-letters',
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      deadLetters: [
        {
          id: dead.id,
          type: 'OrderPlaced',
          subject: 'commerce.order.order_placed',
          attempts: 1,
          lastError: 'no responders: commerce-next.order.placed',
          requestId: dead.requestId,
          payload: dead,
        },
      ],
    });

    const redrive = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/${dead.id}/redrive`,
      headers: { cookie: admin },
    });
    expect(redrive.statusCode).toBe(200);
    expect(redrive.json()).toEqual({ redriven: [dead.id] });
    expect(await outbox.countDeadLetters()).toBe(0);
    expect(await outbox.countUnpublished()).toBe(1);

    // Twice is a clear 404 in the shopper's language, not a silent success.
    const again = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/${dead.id}/redrive`,
      headers: { cookie: admin, 'accept-language': 'ar' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      success: false,
      error: 'هذا الحدث المتعثر لم يعد في الانتظار: أُعيد إرساله من قبل، أو لم يكن موجودًا.',
      code: 'DEAD_LETTER_NOT_FOUND',
      requestId: again.headers['x-request-id'],
    });
  });

  it('refuses staff without the logs permission (403) and strangers (401)', async () => {
    const staff = await signIn('orders@qahwa.local', 'orders-pass');
    expect(staff).not.toBe('');
    const forbidden = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/dead-letters',
      headers: { cookie: staff },
    });
    expect(forbidden.statusCode).toBe(403);
    const redrive = await gw.app.inject({
      method: 'POST',
      url: `/api/admin/dead-letters/${randomUUID()}/redrive`,
      headers: { cookie: staff },
    });
    expect(redrive.statusCode).toBe(403);
    expect((await gw.app.inject({ method: 'GET', url: '/api/admin/dead-letters' })).statusCode).toBe(401);
  });
});
