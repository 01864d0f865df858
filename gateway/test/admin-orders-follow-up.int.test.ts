import { randomUUID } from 'node:crypto';
import { eq, sql, tables } from '@qahwa/db';
import { placedOrder } from '@qahwa/db/testing';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * docs/orders.md, "Starting the follow-up": with Temporal out of the gateway's reach a
 * staff member's move still answers at once — the move is committed with its OrderStatusChanged,
 * whose move id names the follow-up the workers start (workers/test/order-follow-up-start.int.test.ts
 * proves that half). Unbounded, the gateway's own start kept the answer waiting about 18 s.
 */
let gw: Gateway;
let editor: { cookie: string };
let unreachable: Client;

beforeAll(async () => {
  gw = await startGateway();
  editor = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true, canEdit: true }] });
  // Nothing listens on this port (the engineer's own range): every call to Temporal fails.
  unreachable = new Client({ connection: Connection.lazy({ address: '127.0.0.1:5898' }) });
  (gw.app.deps as { temporal: Client }).temporal = unreachable;
});
afterAll(async () => {
  await unreachable?.connection.close().catch(() => {});
  await gw?.close();
});

function placeOrder() {
  return placedOrder(gw.db, {
    provider: 'COD',
    customer: {
      fullName: 'Hessa Al Mansoori',
      email: `shopper-${randomUUID()}@example.ae`,
      phone: '+971 50 222 3344',
    },
    locale: 'ar',
    line: { unitFils: 46_80, quantity: 1 },
  });
}

describe('moving an order while Temporal is out of reach', () => {
  it('answers within the start deadline, commits the move, and leaves the follow-up to the event', async () => {
    const id = await placeOrder();
    const move = (to: string, version: number) =>
      gw.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/status`,
        headers: { cookie: editor.cookie },
        payload: { to, version },
      });
    expect((await move('processing', 1)).statusCode).toBe(200);

    const began = Date.now();
    const shipped = await move('shipped', 2);
    const ms = Date.now() - began;
    expect(shipped.statusCode, shipped.body).toBe(200);
    const body = shipped.json();
    expect(body).toMatchObject({ orderId: id, status: 'shipped', version: 3 });
    expect(body.workflowId).toBeUndefined();
    // The 2 s deadline plus a busy machine's scheduling; never the SDK's ~18 s of retries.
    expect(ms).toBeLessThan(6_000);

    const [history] = await gw.db
      .select({ id: tables.orderStatusHistory.id })
      .from(tables.orderStatusHistory)
      .where(
        sql`${tables.orderStatusHistory.orderId} = ${id} and ${tables.orderStatusHistory.toStatus} = 'shipped'`,
      );
    const events = await gw.db
      .select({ payload: tables.outbox.payload })
      .from(tables.outbox)
      .where(eq(tables.outbox.type, 'OrderStatusChanged'));
    const ours = events
      .map((e) => (e.payload as { data: { orderId: string; to: string; moveId?: string } }).data)
      .filter((d) => d.orderId === id && d.to === 'shipped');
    expect(ours).toEqual([expect.objectContaining({ moveId: history!.id })]);
  }, 60_000);
});
