import { randomUUID } from 'node:crypto';
import { createOrdersRepository, eq, sql, tables } from '@qahwa/db';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * Issue 12 (docs/orders.md, "Starting the follow-up"): with Temporal out of the gateway's reach a
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

async function placeOrder() {
  const [v] = await gw.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .limit(1);
  const email = `shopper-${randomUUID()}@example.ae`;
  const [customer] = await gw.db
    .insert(tables.customers)
    .values({ email, fullName: 'Hessa Al Mansoori', phone: '+971 50 222 3344' })
    .returning({ id: tables.customers.id });
  return gw.db.transaction((tx) =>
    createOrdersRepository(gw.db).insert(
      {
        checkoutId: `cod-${randomUUID()}`,
        customerId: customer!.id,
        customer: { fullName: 'Hessa Al Mansoori', email, phone: '+971 50 222 3344' },
        paymentProvider: 'COD',
        paymentIntentId: null,
        subtotalFils: 46_80,
        shippingFils: 25_00,
        discountFils: 0,
        taxFils: 0,
        totalFils: 71_80,
        emirate: 'sharjah',
        city: 'al-majaz',
        address: 'Corniche Street, Tower 3, Flat 902',
        locale: 'ar',
        status: 'new',
        items: [
          {
            productId: v!.productId,
            variationId: v!.id,
            name: 'Coffee',
            nameAr: 'قهوة',
            variation: { weight: '250g', beans: null, additions: null },
            unitFils: 46_80,
            quantity: 1,
          },
        ],
      },
      tx,
    ),
  );
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
