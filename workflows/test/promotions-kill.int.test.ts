import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDb, createPromotionsRepository, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorker, temporalAddress } from '../src/testing';
import { checkoutWorkflowId } from '../src/workflow-ids';

/**
 * maxUses survives a worker killed in the middle of a checkout (docs/promotions.md): the coupon's use is
 * reserved for this checkout before the order's transaction, and the worker dies inside that
 * transaction; the retry on another worker finds the checkout's own reservation and counts it
 * once — with a single-use code, counting it twice would refuse the shopper's own coupon.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let handle: DbHandle;
let client: Client;
let dallah: { id: string; productId: string };

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
  await resetDatabase(handle.db);
  const [v] = await handle.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .where(eq(tables.products.slug, 'brass-dallah'));
  dallah = v!;
});
afterAll(async () => {
  await client?.connection.close();
  await handle?.close();
});

function input(checkoutId: string, code: string): CheckoutToOrderInput {
  return {
    checkoutId,
    requestId: `req-${checkoutId}`,
    order: {
      customerInfo: { fullName: 'Hessa Al Mansoori', email: 'hessa@example.ae', phone: '+971 56 000 2222' },
      shippingInfo: { emirate: 'dubai', city: 'jbr', address: 'The Walk, Building 3, Apt 1204' },
      items: [
        {
          id: `${dallah.productId}-${dallah.id}`,
          productId: dallah.productId,
          variationId: dallah.id,
          name: 'Brass Dallah',
          price: 1,
          quantity: 1,
          variation: { weight: 'One size', beans: null, additions: null },
        },
      ],
      totalAmount: 1,
      subtotal: 1,
      tax: 0,
      shippingCost: 0,
      discount: 0,
      appliedCoupon: { code, discountAmount: 1 },
      paymentProvider: 'COD',
    },
  };
}

describe('a single-use coupon and a worker killed mid-checkout', () => {
  it('counts the coupon once and discounts the one order', async () => {
    const [promo] = await handle.db
      .insert(tables.promotions)
      .values({
        name: 'Only one',
        code: 'ONLYONE',
        type: 'FIXED_AMOUNT',
        value: 15,
        maxUses: 1,
        startDate: new Date('2020-01-01T00:00:00+04:00'),
        endDate: new Date('2099-12-31T23:59:59+04:00'),
      })
      .returning();
    const taskQueue = `promo-kill-${randomUUID()}`;
    const checkoutId = `chk-${randomUUID()}`;
    // Stock is taken last in the order's transaction: holding the variation's row stops the
    // first worker inside that transaction, after the coupon's use was reserved.
    const locker = new pg.Client({ connectionString: DATABASE_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from product_variations where id = $1 for update', [dallah.id]);

    const child: ChildProcess = spawn('npx', ['tsx', 'workflows/src/worker.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL, CHECKOUT_TASK_QUEUE: taskQueue, LOG_LEVEL: 'warn' },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let childErr = '';
    child.stderr?.on('data', (d) => {
      childErr = (childErr + String(d)).slice(-4000);
    });
    let second: Awaited<ReturnType<typeof startTestWorker>> | undefined;
    try {
      const wf = await client.workflow.start('checkoutToOrder', {
        taskQueue,
        workflowId: checkoutWorkflowId(checkoutId),
        args: [input(checkoutId, 'onlyone')],
      });
      const deadline = Date.now() + 200_000;
      for (;;) {
        const { rows } = await handle.pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (rows[0].n > 0) break;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(
            `the first worker never reached the checkout (exit ${child.exitCode}): ${childErr}`,
          );
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      // The first attempt holds its reservation and an uncommitted order right now.
      process.kill(-child.pid!, 'SIGKILL');
      await locker.query('rollback');

      second = await startTestWorker(handle.db, taskQueue);
      const result = await wf.result();
      const orders = await handle.db
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.checkoutId, checkoutId));
      expect(orders).toHaveLength(1);
      // 165 − 15, shipping 25 (under 200)
      expect(orders[0]).toMatchObject({ discountFils: 15_00, totalFils: 175_00 });
      expect(result.totalFils).toBe(175_00);
      const [after] = await handle.db
        .select()
        .from(tables.promotions)
        .where(eq(tables.promotions.id, promo!.id));
      expect(after!.uses).toBe(1);
      const redemptions = await handle.db
        .select()
        .from(tables.promotionRedemptions)
        .where(eq(tables.promotionRedemptions.promotionId, promo!.id));
      expect(redemptions).toEqual([
        expect.objectContaining({ status: 'used', orderId: result.orderId, checkoutId }),
      ]);
      const lines = await createPromotionsRepository(handle.db).orderDiscounts(result.orderId);
      expect(lines).toEqual([
        expect.objectContaining({ code: 'ONLYONE', amountFils: 15_00, kind: 'PROMOTION' }),
      ]);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
      await locker.end().catch(() => {});
      await second?.stop();
    }
  }, 300_000);
});
