import { randomUUID } from 'node:crypto';
import { priceCheckout } from '@qahwa/checkout';
import { eq, sql, tables } from '@qahwa/db';
import { SALE_CONFIG } from '@qahwa/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsStack, startPaymentsStack } from './harness';

/**
 * The card half of docs/promotions.md's property (beside workflows/test/pricing.property.int.test.ts, which
 * checks the order's total): with a coupon, the sale and a free-shipping promotion in force,
 * over random carts with random client claims, the amount Stripe is asked for is the server's
 * total × 100 (integer fils, SPEC 9), whatever the browser claimed, and the answer tells the
 * browser that total. 300 runs; QAHWA_SOAK=1 runs 10,000.
 */
const RUNS = process.env.QAHWA_SOAK === '1' ? 10_000 : 300;

let stack: PaymentsStack;
let variations: { id: string; productId: string }[];
beforeAll(async () => {
  stack = await startPaymentsStack();
  const db = stack.db;
  await db.update(tables.productVariations).set({ stockQuantity: 10_000_000 });
  await db.update(tables.promotions).set({ isActive: false });
  await db
    .update(tables.promotions)
    .set({ isActive: true })
    .where(sql`${tables.promotions.code} in ('ANNIVERSARY_2025', 'WELCOME10')`);
  await db.insert(tables.promotions).values({
    name: 'Free delivery from 150',
    type: 'FREE_SHIPPING',
    value: 0,
    minOrderFils: 150_00,
    startDate: new Date('2020-01-01T00:00:00+04:00'),
    endDate: new Date('2099-12-31T23:59:59+04:00'),
    isActive: true,
  });
  // The sale switched on as staff would (settings 'sale', docs/settings.md).
  await db.insert(tables.storeSettings).values({
    key: 'sale',
    value: {
      version: 1,
      value: { ...SALE_CONFIG, isActive: true, startDate: '2020-01-01', endDate: '2099-12-31' },
    },
  });
  variations = await db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.isActive, true));
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

const claim = fc.oneof(
  fc.constant(0.01),
  fc.double({ min: 0.01, max: 1e6, noNaN: true }),
  fc.integer({ min: 1 }),
);

describe('the Stripe amount is the server total × 100', () => {
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
            amount: claim,
            subtotal: claim,
            shipping: claim,
            discount: claim,
            couponAmount: claim,
          }),
          async (picks, coupon, claims) => {
            const items = picks.map((p, i) => {
              const row = variations[p.index % variations.length]!;
              return {
                id: `${row.productId}-${i}`,
                productId: row.productId,
                variationId: row.id,
                name: 'claimed',
                price: claims.amount % 1000,
                quantity: p.quantity,
                variation: { weight: 'claimed', beans: null, additions: null },
              };
            });
            const res = await stack.app.inject({
              method: 'POST',
              url: '/api/create-payment-intent',
              payload: {
                customerInfo: {
                  fullName: 'Property Shopper',
                  email: `p-${randomUUID()}@example.ae`,
                  phone: '+971501112233',
                },
                shippingInfo: {
                  emirate: 'dubai',
                  city: 'jumeirah',
                  address: 'Jumeirah Beach Road, Villa 12',
                },
                items,
                amount: claims.amount,
                currency: 'aed',
                subtotal: claims.subtotal,
                tax: 0,
                shippingCost: claims.shipping,
                discount: claims.discount,
                appliedCoupon: coupon ? { code: coupon, discountAmount: claims.couponAmount } : null,
              },
            });
            const server = await priceCheckout(stack.db, {
              items,
              city: 'jumeirah',
              couponCode: coupon,
            });
            if (server.coupon.status === 'refused') {
              // WELCOME10 under its minimum: refused before any intent is made.
              expect(res.statusCode).toBe(409);
              return;
            }
            expect(res.statusCode).toBe(200);
            const body = res.json();
            const intent = stack.double.intents.get(body.paymentIntentId)!;
            expect(intent.currency).toBe('aed');
            expect(intent.amount).toBe(server.totalFils);
            expect(intent.amount).toBe(Math.round(body.totalAmount * 100));
          },
        ),
        { numRuns: RUNS },
      );
    },
    RUNS * 300,
  );
});
