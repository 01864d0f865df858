import { randomUUID } from 'node:crypto';
import { priceCheckout } from '@qahwa/checkout';
import { createPromotionsRepository, desc, eq, inArray, tables } from '@qahwa/db';
import type { Locale } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmInBrowser, type PaymentsStack, startPaymentsStack, waitFor } from './harness';
import { claimBody } from './support/claim';

/**
 * Card payments for an automatic promotion with a usage limit (docs/promotions.md "maxUses"):
 * 200 intents made at once are each priced by the server; the intent holds no use, so while
 * uses are left every one of them is offered the discount. When they are paid, a paid order is
 * made at the price paid or refused (the order's transaction refuses a payment that is not its
 * total, and the refusal is refunded): never an order at another price, never a use over the
 * limit, never a 5xx. `make test` pays AUTO_PROMOTION_PAID (20) of the intents; `make soak` all
 * 200.
 */
const INTENTS = 200;
const PAID = Number(process.env.AUTO_PROMOTION_PAID ?? 20);
const LIMIT = 5;

let stack: PaymentsStack;
let variations: { id: string; productId: string }[];

beforeAll(async () => {
  stack = await startPaymentsStack();
  // Stock is not the subject: every shopper's item is there.
  await stack.db.update(tables.productVariations).set({ stockQuantity: 1_000_000 });
  variations = await stack.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.isActive, true))
    .orderBy(desc(tables.productVariations.stockQuantity), tables.productVariations.id)
    .limit(8);
}, 120_000);
afterAll(async () => stack?.close());

const ARABIC = /[\u0600-\u06FF]/;

describe('an automatic promotion with a usage limit, paid by card', () => {
  it(`${INTENTS} intents at once for ${LIMIT} uses; ${PAID} paid at once: each paid order made at the price paid or refused, ${LIMIT} uses`, async () => {
    const [promo] = await stack.db
      .insert(tables.promotions)
      .values({
        name: `Half price for the first ${LIMIT} orders`,
        nameAr: 'نصف السعر لأول خمسة طلبات',
        type: 'PERCENTAGE',
        value: 50,
        maxUses: LIMIT,
        startDate: new Date('2020-01-01T00:00:00+04:00'),
        endDate: new Date('2099-12-31T23:59:59+04:00'),
        isActive: true,
      })
      .returning();
    const claims = Array.from({ length: INTENTS }, (_, i) => {
      const locale: Locale = i % 3 === 0 ? 'ar' : 'en';
      const v = variations[i % variations.length]!;
      return {
        ...claimBody(
          {
            fullName: 'Sara Ali',
            email: `sara+${randomUUID().slice(0, 8)}@example.ae`,
            phone: `+97150${String(1_000_000 + i).slice(-7)}`,
          },
          [{ ...v, quantity: 1 }],
          'aed',
        ),
        locale,
      };
    });
    const intents = await Promise.all(
      claims.map((payload) =>
        stack.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload }),
      ),
    );
    expect(intents.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const offered = intents.map(
      (r) => r.json() as { paymentIntentId: string; clientSecret: string; totalAmount: number },
    );
    const [untouched] = await stack.db
      .select()
      .from(tables.promotions)
      .where(eq(tables.promotions.id, promo!.id));
    // An intent is a price, not a use: nothing is counted before a payment succeeds.
    expect(untouched!.uses).toBe(0);

    const paid = offered.slice(0, PAID).map((o, i) => ({ ...o, claim: claims[i]! }));
    const answers = await Promise.all(
      paid.map(async (p) => {
        const confirmed = await confirmInBrowser(stack, p.clientSecret);
        expect(confirmed.body.status).toBe('succeeded');
        return stack.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            ...p.claim,
            totalAmount: p.totalAmount,
            paymentIntentId: p.paymentIntentId,
            paymentProvider: 'STRIPE',
          },
        });
      }),
    );
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    // A shopper whose payment cannot become the order hears so, in their language.
    answers.forEach((a, i) => {
      if (a.statusCode === 200 || a.statusCode === 202) return;
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().success).toBe(false);
      if (paid[i]!.claim.locale === 'ar') expect(a.json().error).toMatch(ARABIC);
    });

    // Every paid checkout ends: an order, or a refusal (202s settle in the background).
    const ids = paid.map((p) => p.paymentIntentId);
    const settled = await waitFor(
      async () => {
        const rows = await stack.db
          .select({ pi: tables.checkouts.providerPaymentId, status: tables.checkouts.status })
          .from(tables.checkouts)
          .where(inArray(tables.checkouts.providerPaymentId, ids));
        return rows.every((r) => r.status !== 'open') ? rows : null;
      },
      'every paid checkout to end',
      60_000,
    );
    expect(settled).toHaveLength(PAID);
    const orders = await stack.db
      .select({ pi: tables.orders.paymentIntentId, id: tables.orders.id, totalFils: tables.orders.totalFils })
      .from(tables.orders)
      .where(inArray(tables.orders.paymentIntentId, ids));
    // Each order is made at the price its shopper paid.
    const paidFils = new Map(paid.map((p) => [p.paymentIntentId, Math.round(p.totalAmount * 100)]));
    for (const o of orders) expect(o.totalFils).toBe(paidFils.get(o.pi!));
    const discounted = await stack.db
      .select({ orderId: tables.orderDiscounts.orderId })
      .from(tables.orderDiscounts)
      .where(eq(tables.orderDiscounts.promotionId, promo!.id));
    expect(discounted).toHaveLength(Math.min(LIMIT, PAID));
    const [after] = await stack.db
      .select()
      .from(tables.promotions)
      .where(eq(tables.promotions.id, promo!.id));
    expect(after!.uses).toBe(Math.min(LIMIT, PAID));
    expect(await createPromotionsRepository(stack.db).countRedemptions(promo!.id)).toBe(
      Math.min(LIMIT, PAID),
    );
    // What the intents offered: every one the discount, though only five uses could be had.
    const variationOf = (claim: (typeof claims)[number]) => claim.items[0]!.variationId;
    const fullFils = new Map<string, number>();
    for (const claim of claims) {
      const id = variationOf(claim);
      if (!fullFils.has(id)) {
        fullFils.set(
          id,
          (await priceCheckout(stack.db, { items: claim.items, city: claim.shippingInfo.city })).totalFils,
        );
      }
    }
    const states = new Map<string, number>();
    for (const r of settled) states.set(r.status, (states.get(r.status) ?? 0) + 1);
    console.info(
      JSON.stringify({
        intents: INTENTS,
        offeredTheDiscount: offered.filter(
          (o, i) => Math.round(o.totalAmount * 100) < fullFils.get(variationOf(claims[i]!))!,
        ).length,
        paid: PAID,
        orders: orders.length,
        refused: answers.filter((a) => a.statusCode === 409).length,
        stillProcessing: answers.filter((a) => a.statusCode === 202).length,
        checkoutStates: Object.fromEntries(states),
      }),
    );
  }, 180_000);
});
