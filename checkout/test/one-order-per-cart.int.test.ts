import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle, desc, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_FAILURE, CheckoutRefusal, createOrderPlacement, priceCheckout } from '../src';
import type { VerifiedPayment } from '../src/payments/stripe';

/**
 * One cart, one paid order (docs/payments.md "One checkout, one payment"): checkouts that share a
 * checkout key are one shopper's cart in two tabs. Whatever order their paid orders' transactions
 * run in, one order is made, and the other is a final DUPLICATE_PAYMENT refusal naming that order
 * — never a second order, never a raw unique-violation error that a retry would repeat forever.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;

let handle: DbHandle;
let line: CheckoutToOrderInput['order']['items'][number];
let totalFils: number;
const placement = () => createOrderPlacement({ db: handle.db, logger: pino({ level: 'silent' }) });

beforeAll(async () => {
  handle = createDb(DATABASE_URL, { max: 6 });
  await resetDatabase(handle.db);
  const [v] = await handle.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.isActive, true))
    .orderBy(desc(tables.productVariations.stockQuantity))
    .limit(1);
  line = {
    id: `${v!.productId}-${v!.id}`,
    productId: v!.productId,
    variationId: v!.id,
    name: 'Coffee',
    price: 1,
    quantity: 1,
    variation: { weight: '250g', beans: null, additions: null },
  };
  totalFils = (await priceCheckout(handle.db, { items: [line], city: 'jbr' })).totalFils;
});
afterAll(async () => handle?.close());

/** One tab's paid card checkout of the cart `checkoutKey`, stored as the intent's request stores it. */
async function paidCheckout(checkoutKey: string) {
  const checkoutId = `card-${randomUUID()}`;
  const paymentIntentId = `pi_${randomUUID().replaceAll('-', '')}`;
  const input = {
    checkoutId,
    requestId: `req-${checkoutId}`,
    order: {
      customerInfo: { fullName: 'Hessa Al Mansoori', email: 'hessa@example.ae', phone: '+971 56 123 4567' },
      shippingInfo: { emirate: 'dubai', city: 'jbr', address: 'The Walk, Building 3, Apt 1204' },
      items: [line],
      subtotal: 1,
      tax: 0,
      shippingCost: 0,
      discount: 0,
      totalAmount: totalFils / 100,
      paymentProvider: 'STRIPE',
      paymentIntentId,
      locale: 'en',
    },
  } as CheckoutToOrderInput;
  await handle.db.insert(tables.checkouts).values({
    id: checkoutId,
    provider: 'STRIPE',
    providerPaymentId: paymentIntentId,
    status: 'open',
    request: input.order,
    pricing: {},
    totalFils,
    checkoutKey,
  });
  const payment: VerifiedPayment = {
    paymentIntentId,
    status: 'succeeded',
    amountFils: totalFils,
    currency: 'aed',
    checkoutId,
    method: 'card',
  };
  return { input, payment, place: () => placement().placeOrder(input, payment) };
}

const ordersOf = (checkoutIds: string[]) =>
  Promise.all(checkoutIds.map((id) => placementOrders(id))).then((rows) => rows.flat());
const placementOrders = (checkoutId: string) =>
  handle.db.select().from(tables.orders).where(eq(tables.orders.checkoutId, checkoutId));

async function refusalOf(placing: Promise<unknown>) {
  const outcome = await placing.then(
    () => null,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(CheckoutRefusal);
  return outcome as CheckoutRefusal;
}

describe('two paid checkouts of one cart', () => {
  it('one after the other: the second is refused for good, naming the first order', async () => {
    const key = randomUUID();
    const first = await paidCheckout(key);
    const second = await paidCheckout(key);
    const { orderId } = await first.place();

    const refusal = await refusalOf(second.place());
    expect(refusal.type).toBe(CHECKOUT_FAILURE.duplicatePayment);
    expect(refusal.nonRetryable).toBe(true);
    expect(refusal.details[0]).toMatchObject({
      existingOrderId: orderId,
      existingCheckoutId: first.input.checkoutId,
    });
    expect(await placementOrders(second.input.checkoutId)).toEqual([]);
    // Asked again (a retry, the webhook), the same refusal: nothing was half done.
    expect((await refusalOf(second.place())).type).toBe(CHECKOUT_FAILURE.duplicatePayment);
    // The first one's own retry still answers its order.
    expect((await first.place()).orderId).toBe(orderId);
  });

  it('at the same moment, ten rounds: one order, the other a DUPLICATE_PAYMENT refusal', async () => {
    for (let round = 0; round < 10; round++) {
      const key = randomUUID();
      const tabs = [await paidCheckout(key), await paidCheckout(key)];
      const outcomes = await Promise.allSettled(tabs.map((tab) => tab.place()));
      const made = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason);
      expect(made).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(CheckoutRefusal);
      expect((refused[0] as CheckoutRefusal).type).toBe(CHECKOUT_FAILURE.duplicatePayment);
      const orders = await ordersOf(tabs.map((t) => t.input.checkoutId));
      expect(orders.map((o) => o.id)).toEqual([made[0]!.value.orderId]);
      expect((refused[0] as CheckoutRefusal).details[0]?.existingOrderId).toBe(made[0]!.value.orderId);
    }
  });

  it('the other checkout marked ordered by a writer that took no lock: still the refusal, not a raw error', async () => {
    const key = randomUUID();
    const first = await paidCheckout(key);
    const second = await paidCheckout(key);
    // An order to point at, made the ordinary way (cash on delivery).
    const cod = await placement().placeOrder(
      {
        ...first.input,
        checkoutId: `cod-${randomUUID()}`,
        order: {
          ...first.input.order,
          customerInfo: {
            fullName: 'Mona Saeed',
            email: `mona-${randomUUID()}@example.ae`,
            phone: '+971 50 765 4321',
          },
          paymentProvider: 'COD',
        },
      },
      null,
    );
    // Another writer marks the first checkout ordered and has not committed yet.
    let commit!: () => void;
    const gate = new Promise<void>((r) => {
      commit = r;
    });
    const writer = handle.db.transaction(async (tx) => {
      await tx
        .update(tables.checkouts)
        .set({ status: 'ordered', orderId: cod.orderId })
        .where(eq(tables.checkouts.id, first.input.checkoutId));
      await gate;
    });
    const placing = refusalOf(second.place());
    // The second's transaction waits on the one-order-per-cart index for the writer's outcome.
    for (let i = 0; ; i++) {
      const { rows } = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) break;
      if (i > 200) throw new Error('the second checkout never waited for the first');
      await new Promise((r) => setTimeout(r, 20));
    }
    commit();
    await writer;
    const refusal = await placing;
    expect(refusal.type).toBe(CHECKOUT_FAILURE.duplicatePayment);
    expect(refusal.details[0]).toMatchObject({ existingOrderId: cod.orderId });
    expect(await placementOrders(second.input.checkoutId)).toEqual([]);
  });
});
