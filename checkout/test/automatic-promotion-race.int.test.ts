import { randomUUID } from 'node:crypto';
import { createDb, createPromotionsRepository, type DbHandle, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECKOUT_FAILURE, CheckoutRefusal, createOrderPlacement, priceCheckout } from '../src';
import type { VerifiedPayment } from '../src/payments/stripe';

/**
 * An automatic promotion's last use taken by another order while this checkout is being placed
 * (docs/promotions.md "maxUses"): the checkout was priced with the promotion, and the other order
 * commits the last use before this one takes it. The order is answered at once with a refusal the
 * shopper can act on — cash on delivery: PRICE_CHANGED with the total without the promotion; a
 * payment: PAYMENT_MISMATCH (the order cannot be made at the price paid, and a refused payment is
 * refunded) — never made at another price, never a use over the limit, and never a plain error
 * that only a retry turns into an answer.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;

let handle: DbHandle;
let line: CheckoutToOrderInput['order']['items'][number];
const placement = () => createOrderPlacement({ db: handle.db, logger: pino({ level: 'silent' }) });

beforeAll(async () => {
  handle = createDb(DATABASE_URL, { max: 6 });
  await resetDatabase(handle.db);
  const [v] = await handle.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .where(eq(tables.products.slug, 'brass-dallah'));
  line = {
    id: `${v!.productId}-${v!.id}`,
    productId: v!.productId,
    variationId: v!.id,
    name: 'Brass Dallah',
    price: 1,
    quantity: 1,
    variation: { weight: 'One size', beans: null, additions: null },
  };
});
afterAll(async () => handle?.close());

let promotionId: string;
beforeEach(async () => {
  await handle.db.update(tables.promotions).set({ isActive: false });
  const [promo] = await handle.db
    .insert(tables.promotions)
    .values({
      name: 'Half price, once',
      nameAr: 'نصف السعر، مرة واحدة',
      type: 'PERCENTAGE',
      value: 50,
      maxUses: 1,
      startDate: new Date('2020-01-01T00:00:00+04:00'),
      endDate: new Date('2099-12-31T23:59:59+04:00'),
      isActive: true,
    })
    .returning();
  promotionId = promo!.id;
});

function checkout(): CheckoutToOrderInput {
  const checkoutId = `cod-${randomUUID()}`;
  return {
    checkoutId,
    requestId: `req-${checkoutId}`,
    order: {
      customerInfo: {
        fullName: 'Hessa Al Mansoori',
        email: `hessa-${randomUUID()}@example.ae`,
        phone: `+971 56 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      },
      shippingInfo: { emirate: 'dubai', city: 'jbr', address: 'The Walk, Building 3, Apt 1204' },
      items: [line],
      subtotal: 1,
      tax: 0,
      shippingCost: 0,
      discount: 0,
      totalAmount: 1,
      paymentProvider: 'COD',
      locale: 'en',
    },
  } as CheckoutToOrderInput;
}

const totalNow = async () => (await priceCheckout(handle.db, { items: [line], city: 'jbr' })).totalFils;

/** Another shopper's order holding the promotion's row while it takes its last use, until `commit`. */
function anotherOrderTakingTheLastUse() {
  let commit!: () => void;
  const gate = new Promise<void>((r) => {
    commit = r;
  });
  let locked!: () => void;
  const holding = new Promise<void>((r) => {
    locked = r;
  });
  const done = handle.db.transaction(async (tx) => {
    await createPromotionsRepository(tx).redeem({ promotionId, checkoutId: `cod-${randomUUID()}` }, tx);
    locked();
    await gate;
  });
  return {
    holding,
    commit: async () => {
      commit();
      await done;
    },
  };
}

/** Resolves once a statement of this database waits for a row lock (the checkout reached the promotion's row). */
async function someoneWaitsForALock() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the checkout never reached the promotion');
}

async function refusalOf(placing: Promise<unknown>) {
  const outcome = await placing.then(
    () => null,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(CheckoutRefusal);
  return outcome as CheckoutRefusal;
}

describe('an automatic promotion whose last use goes to another order while this one is placed', () => {
  it('cash on delivery: refused at once with the total without the promotion; one use', async () => {
    const shown = await totalNow();
    const input = checkout();
    const other = anotherOrderTakingTheLastUse();
    await other.holding;
    const placing = placement().placeOrder(input, null, undefined, { fresh: true, claimedTotalFils: shown });
    await someoneWaitsForALock().finally(other.commit);

    const refusal = await refusalOf(placing);
    const full = await totalNow();
    expect(full).toBeGreaterThan(shown);
    expect(refusal.type).toBe(CHECKOUT_FAILURE.priceChanged);
    expect(refusal.details[0]).toMatchObject({ totalFils: full });
    const [promo] = await handle.db
      .select()
      .from(tables.promotions)
      .where(eq(tables.promotions.id, promotionId));
    expect(promo!.uses).toBe(1);
    expect(await createPromotionsRepository(handle.db).countRedemptions(promotionId)).toBe(1);
    expect(await createPromotionsRepository(handle.db).heldBy(input.checkoutId)).toEqual([]);

    // The shopper confirms the new total: the order is made at it.
    const made = await placement().placeOrder(input, null, undefined, { claimedTotalFils: full });
    expect(made.totalFils).toBe(full);
  });

  it('a payment made at the discounted total: refused at once (the order cannot be made at the price paid); one use', async () => {
    const paidFils = await totalNow();
    const input = { ...checkout(), checkoutId: `pi-${randomUUID()}` };
    const payment: VerifiedPayment = {
      paymentIntentId: `pi_${randomUUID().replaceAll('-', '')}`,
      status: 'succeeded',
      amountFils: paidFils,
      currency: 'aed',
      checkoutId: input.checkoutId,
      method: 'card',
    };
    const other = anotherOrderTakingTheLastUse();
    await other.holding;
    const placing = placement().placeOrder(input, payment);
    await someoneWaitsForALock().finally(other.commit);

    const refusal = await refusalOf(placing);
    expect(refusal.type).toBe(CHECKOUT_FAILURE.paymentMismatch);
    const { rows } = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where checkout_id = ${input.checkoutId}`,
    );
    expect(rows[0]!.n).toBe(0);
    const [promo] = await handle.db
      .select()
      .from(tables.promotions)
      .where(eq(tables.promotions.id, promotionId));
    expect(promo!.uses).toBe(1);
    expect(await createPromotionsRepository(handle.db).heldBy(input.checkoutId)).toEqual([]);
  });
});
