import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createTabbyClient, type TabbyClient } from '@qahwa/checkout/payments';
import { createDb, createPromotionsRepository, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { startTabbyFake, type TabbyFake } from '@qahwa/fake-tabby';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayLaterInput, payLaterStateQuery } from '../src/pay-later/workflow';
import { sharedWorkflowBundle, startTestWorker, temporalAddress } from '../src/testing';
import { payLaterWorkflowId } from '../src/workflow-ids';
import { brassDallah, payLaterCheckout } from './pay-later-support';

/**
 * The pay-later workflow's timers (docs/pay-later.md): a payment the shopper never finishes. Temporal's
 * time-skipping test server cannot be downloaded on these machines (temporal.download does not
 * resolve), so the timers are made short through the workflow's input (`timing`) and run on the
 * real dev server: the same code path, seconds instead of 30 minutes (docs/pay-later.md).
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;

let handle: DbHandle;
let client: Client;
let fake: TabbyFake;
let tabby: TabbyClient;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
const taskQueue = `pay-later-${randomUUID()}`;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  // Tabby's own expiry is 30 minutes; this fake's is 3 s, for the case where Tabby expires it first.
  fake = await startTabbyFake({ port: 0, paymentTtlMs: 3000 });
  tabby = createTabbyClient({
    apiBase: fake.url,
    secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
    merchantCode: 'GR',
  });
  worker = await startTestWorker(handle.db, taskQueue, temporalAddress(), { tabby });
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await client?.connection.close();
  await fake?.stop();
  await handle?.close();
});

async function limitedCoupon(code: string) {
  const [promo] = await handle.db
    .insert(tables.promotions)
    .values({
      name: code,
      code,
      type: 'FIXED_AMOUNT',
      value: 15,
      maxUses: 1,
      startDate: new Date('2020-01-01T00:00:00+04:00'),
      endDate: new Date('2099-12-31T23:59:59+04:00'),
    })
    .returning();
  return promo!;
}

async function run(input: PayLaterInput) {
  return client.workflow.start('payLaterReconciliation', {
    taskQueue,
    workflowId: payLaterWorkflowId(input.paymentId),
    args: [input],
  });
}

describe('a pay-later checkout nobody finishes', () => {
  it('is closed after the expiry: no order, the coupon use and the stock back, "expired" for a late shopper', async () => {
    const dallah = await brassDallah(handle.db);
    const promo = await limitedCoupon('TABBYONCE');
    const [before] = await handle.db
      .select()
      .from(tables.productVariations)
      .where(eq(tables.productVariations.id, dallah.id));
    // Long-lived at the fake (its 3 s TTL does not apply to this one's look): the workflow's own
    // expiry (2 s) closes it first.
    const input = await payLaterCheckout(handle.db, tabby, {
      coupon: 'TABBYONCE',
      totalFils: 175_00,
      variation: dallah,
    });
    await handle.db.transaction((tx) =>
      createPromotionsRepository(tx).redeem({
        promotionId: promo.id,
        checkoutId: input.checkout.checkoutId,
      }),
    );
    expect(
      (await handle.db.select().from(tables.promotions).where(eq(tables.promotions.id, promo.id)))[0]!.uses,
    ).toBe(1);

    const wf = await run({ ...input, timing: { pollMs: [400, 800], expiryMs: 2000 } });
    const result = await wf.result();
    expect(result).toEqual({ status: 'expired', reason: 'expired' });
    // Answered again to a shopper who comes back after the end (the gateway's GET reads this).
    expect(await wf.query(payLaterStateQuery)).toEqual({ status: 'expired', reason: 'expired' });

    expect(fake.control.payment(input.paymentId).status).toMatch(/^(CLOSED|EXPIRED)$/);
    expect(fake.control.captureCount(input.paymentId)).toBe(0);
    expect(
      await handle.db
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.checkoutId, input.checkout.checkoutId)),
    ).toHaveLength(0);
    const [after] = await handle.db
      .select()
      .from(tables.promotions)
      .where(eq(tables.promotions.id, promo.id));
    expect(after!.uses).toBe(0);
    const redemptions = await handle.db
      .select()
      .from(tables.promotionRedemptions)
      .where(eq(tables.promotionRedemptions.checkoutId, input.checkout.checkoutId));
    expect(redemptions.map((r) => r.status)).toEqual(['released']);
    const [stock] = await handle.db
      .select()
      .from(tables.productVariations)
      .where(eq(tables.productVariations.id, dallah.id));
    expect(stock!.stockQuantity).toBe(before!.stockQuantity);
    const [checkout] = await handle.db
      .select()
      .from(tables.checkouts)
      .where(eq(tables.checkouts.id, input.checkout.checkoutId));
    expect(checkout!.status).toBe('expired');
    const events = await handle.db.select().from(tables.outbox);
    const rejected = events.filter(
      (e) => e.type === 'TabbyRejected' && JSON.stringify(e.payload).includes(input.paymentId),
    );
    expect(rejected).toHaveLength(1);
  }, 60_000);

  it("ends as expired when Tabby's own expiry comes first (the look finds EXPIRED)", async () => {
    const dallah = await brassDallah(handle.db);
    const input = await payLaterCheckout(handle.db, tabby, { totalFils: 175_00, variation: dallah });
    const wf = await run({ ...input, timing: { pollMs: [1000, 2000], expiryMs: 60_000 } });
    expect(await wf.result()).toEqual({ status: 'expired', reason: 'expired' });
    expect(fake.control.payment(input.paymentId).status).toBe('EXPIRED');
    expect(
      await handle.db
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.checkoutId, input.checkout.checkoutId)),
    ).toHaveLength(0);
  }, 60_000);
});

describe('replay', () => {
  it('replays the recorded pay-later history (webhook, capture in the order, return) deterministically', async () => {
    // Recorded by gateway/test/payments/pay-later.int.test.ts with RECORD_PAY_LATER_HISTORY=1.
    const history = JSON.parse(
      readFileSync(new URL('./fixtures/pay-later.history.json', import.meta.url), 'utf8'),
    );
    // The workflow id is part of what the run did (its confirmation child is named after it):
    // taken from the recorded input's payment id.
    const started = history.events[0].workflowExecutionStartedEventAttributes;
    const input = JSON.parse(Buffer.from(started.input.payloads[0].data, 'base64').toString('utf8'));
    await expect(
      Worker.runReplayHistory(
        { workflowBundle: await sharedWorkflowBundle() },
        history,
        payLaterWorkflowId(input.paymentId),
      ),
    ).resolves.toBeUndefined();
  }, 60_000);
});
