import { randomUUID } from 'node:crypto';
import { CHECKOUT_FAILURE } from '@qahwa/checkout';
import { createDb, type DbHandle, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { type CheckoutToOrderInput, SALE_CONFIG } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { ApplicationFailure } from '@temporalio/common';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../src/activities';

/**
 * docs/promotions.md's property: a coupon, the sale and a free-shipping promotion together, over random
 * carts with random client claims. Each run places a real cash-on-delivery order (the activity,
 * its transaction, PostgreSQL) and checks the stored total against a recomputation written here
 * from the rules' words, not from the code under test. 500 runs by default; QAHWA_SOAK=1 runs
 * 10,000 (about five minutes).
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const RUNS = process.env.QAHWA_SOAK === '1' ? 10_000 : 500;

let handle: DbHandle;
let activities: ReturnType<typeof createActivities>;
interface Row {
  id: string;
  productId: string;
  priceFils: number;
  discount: number;
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT';
}
let variations: Row[];

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  activities = createActivities({ db: handle.db, logger: pino({ level: 'silent' }) });
  // Plenty of stock: the property is about money, not about running out.
  await handle.db.update(tables.productVariations).set({ stockQuantity: 10_000_000 });
  await handle.db.update(tables.promotions).set({ isActive: false });
  await handle.db
    .update(tables.promotions)
    .set({ isActive: true })
    .where(sql`${tables.promotions.code} in ('ANNIVERSARY_2025', 'WELCOME10')`);
  // The free-shipping rule: an automatic FREE_SHIPPING promotion from 150 AED of goods.
  await handle.db.insert(tables.promotions).values({
    name: 'Free delivery from 150',
    type: 'FREE_SHIPPING',
    value: 0,
    minOrderFils: 150_00,
    startDate: new Date('2020-01-01T00:00:00+04:00'),
    endDate: new Date('2099-12-31T23:59:59+04:00'),
    isActive: true,
  });
  // The sale switched on as staff would (docs/settings.md 'sale'): 40 % over a window containing today.
  await handle.db.insert(tables.storeSettings).values({
    key: 'sale',
    value: {
      version: 1,
      value: { ...SALE_CONFIG, isActive: true, startDate: '2020-01-01', endDate: '2099-12-31' },
    },
  });
  variations = (await handle.db
    .select({
      id: tables.productVariations.id,
      productId: tables.productVariations.productId,
      priceFils: tables.productVariations.priceFils,
      discount: tables.productVariations.discount,
      discountType: tables.productVariations.discountType,
    })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.isActive, true))) as Row[];
});
afterAll(async () => {
  await handle?.close();
});

/** Half away from zero, to the fils. */
const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** The expected order, from the rules as docs/domain-decisions.md states them. */
function expected(lines: { row: Row; quantity: number }[], coupon: string | null) {
  let subtotal = 0;
  for (const { row, quantity } of lines) {
    const own =
      row.discount > 0
        ? row.discountType === 'PERCENTAGE'
          ? row.priceFils - round(row.priceFils * Math.min(row.discount, 1))
          : Math.max(0, row.priceFils - round(row.discount * 100))
        : row.priceFils;
    const sale = row.priceFils - round(row.priceFils * 0.4);
    subtotal += Math.min(own, sale) * quantity;
  }
  if (coupon === 'WELCOME10' && subtotal < 100_00) return { refused: true as const };
  // ANNIVERSARY_2025 is the sale's own code (docs/promotions.md): the sale runs here, so it is
  // accepted and takes nothing beyond the sale's 40 % already in the unit prices.
  const discount = coupon === 'WELCOME10' ? Math.min(10_00, subtotal) : 0;
  const freeShipping = subtotal >= 150_00;
  const shipping = freeShipping || subtotal >= 200_00 ? 0 : 25_00;
  return { refused: false as const, subtotal, discount, shipping, total: subtotal - discount + shipping };
}

const claim = fc.oneof(fc.constant(0), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer());

describe('the order’s total is always the server’s recomputation', () => {
  it(
    `coupon + sale + free shipping over ${RUNS} random carts with random claims`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ index: fc.nat(), quantity: fc.integer({ min: 1, max: 5 }) }), {
            minLength: 1,
            maxLength: 5,
          }),
          fc.constantFrom(null, 'ANNIVERSARY_2025', 'anniversary_2025', 'WELCOME10'),
          fc.record({
            // The contract takes no negative total (0..100,000,000 AED); this activity prices the
            // order whatever it claims (the gateway checks the claim: docs/checkout.md).
            total: fc.oneof(
              fc.constant(0),
              fc.double({ min: 0, max: 1e6, noNaN: true }),
              fc.nat({ max: 100_000_000 }),
            ),
            subtotal: claim,
            shipping: claim,
            discount: claim,
            couponAmount: claim,
          }),
          async (picks, coupon, claims) => {
            const merged = new Map<string, { row: Row; quantity: number }>();
            for (const p of picks) {
              const row = variations[p.index % variations.length]!;
              const line = merged.get(row.id) ?? { row, quantity: 0 };
              line.quantity += p.quantity;
              merged.set(row.id, line);
            }
            const want = expected([...merged.values()], coupon?.toUpperCase() ?? null);
            const id = randomUUID();
            const input: CheckoutToOrderInput = {
              checkoutId: `cod-${id}`,
              requestId: `prop-${id}`,
              order: {
                customerInfo: {
                  fullName: 'Property Shopper',
                  email: `p-${id}@example.ae`,
                  phone: `+9715${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
                },
                shippingInfo: {
                  emirate: 'dubai',
                  city: 'jumeirah',
                  address: 'Jumeirah Beach Road, Villa 12',
                },
                items: picks.map((p, i) => {
                  const row = variations[p.index % variations.length]!;
                  return {
                    id: `${row.productId}-${i}`,
                    productId: row.productId,
                    variationId: row.id,
                    name: 'claimed',
                    price: Math.abs(claims.total) % 1000,
                    quantity: p.quantity,
                    variation: { weight: 'claimed', beans: null, additions: null },
                  };
                }),
                totalAmount: claims.total,
                subtotal: claims.subtotal,
                tax: 0,
                shippingCost: claims.shipping,
                discount: claims.discount,
                appliedCoupon: coupon ? { code: coupon, discountAmount: claims.couponAmount } : null,
                paymentProvider: 'COD',
              },
            };
            try {
              const result = await activities.placeCodOrder(input);
              expect(want.refused).toBe(false);
              if (want.refused) return;
              const [order] = await handle.db
                .select()
                .from(tables.orders)
                .where(eq(tables.orders.id, result.orderId));
              expect({
                subtotal: order!.subtotalFils,
                discount: order!.discountFils,
                shipping: order!.shippingFils,
                total: order!.totalFils,
              }).toEqual({
                subtotal: want.subtotal,
                discount: want.discount,
                shipping: want.shipping,
                total: want.total,
              });
              expect(result.totalFils).toBe(want.total);
            } catch (err) {
              if (!(err instanceof ApplicationFailure) || err.type !== CHECKOUT_FAILURE.couponRefused)
                throw err;
              expect(want.refused).toBe(true);
            }
          },
        ),
        { numRuns: RUNS },
      );
      // The soak on a shared two-core machine: about 30 ms a run alone, several times that when busy.
    },
    RUNS * 300,
  );
});
