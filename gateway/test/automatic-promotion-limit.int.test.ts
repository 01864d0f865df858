import { randomUUID } from 'node:crypto';
import { priceCheckout } from '@qahwa/checkout';
import { createPromotionsRepository, eq, inArray, sql, tables } from '@qahwa/db';
import { formatAed, type Locale, ORDER_TOTAL_HEADER, type Product, toAed } from '@qahwa/schema';
import { codOrder, orderLineOf } from '@qahwa/schema/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

/**
 * An automatic promotion with a usage limit under a rush of cash-on-delivery orders
 * (docs/promotions.md "maxUses"): exactly `limit` orders carry it, its recorded uses equal the
 * limit, and every other shopper — who claimed the discounted total their summary showed — is
 * told the new total in their language (409 PRICE_CHANGED, nothing ordered) and then orders at
 * it. Nobody is charged more than they were shown, nobody gets a 5xx, nobody is lost. The
 * shoppers buy every variation of the store in turn, so the one row they all share is the
 * promotion's. `make test` runs one round of 200 shoppers; `make soak` runs
 * AUTO_PROMOTION_ROUNDS (10).
 */
const SHOPPERS = Number(process.env.AUTO_PROMOTION_SHOPPERS ?? 200);
const ROUNDS = Number(process.env.AUTO_PROMOTION_ROUNDS ?? 1);
const LIMIT = 5;

let gw: Gateway;
let lines: ReturnType<typeof orderLineOf>[];

beforeAll(async () => {
  gw = await startGateway({ poolSize: 10 });
  const products: Product[] = (await gw.app.inject({ method: 'GET', url: '/api/products?limit=100' })).json();
  lines = products.flatMap((p) => p.variations.map((v) => orderLineOf(p, v, 1)));
  // Stock is not the subject: every shopper's item is there.
  await gw.db.update(tables.productVariations).set({ stockQuantity: 1_000_000 });
});
afterAll(async () => gw?.close());

const SHIPPING = { emirate: 'sharjah', city: 'sharjah', address: 'Al Majaz 2, Building 7, Flat 12' } as const;

/** What the checkout's summary shows for one line right now: the server's own price. */
const totalOf = async (line: ReturnType<typeof orderLineOf>) =>
  (await priceCheckout(gw.db, { items: [line], city: SHIPPING.city })).totalFils;

let shopper = 0;
function order(line: ReturnType<typeof orderLineOf>, locale: Locale, totalFils: number) {
  shopper += 1;
  return codOrder({
    customerInfo: {
      fullName: 'Hessa Al Mazrouei',
      email: `hessa-${randomUUID()}@example.ae`,
      phone: `+971 55 ${String(shopper % 1000).padStart(3, '0')} ${String(Math.floor(shopper / 1000)).padStart(4, '0')}`,
    },
    shippingInfo: SHIPPING,
    items: [line],
    totalAmount: toAed(totalFils),
    subtotal: 1,
    appliedCoupon: null,
    locale,
  });
}

const place = (payload: ReturnType<typeof order>, key: string, remoteAddress: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': key },
    payload,
    remoteAddress,
  });

const PRICE_CHANGED: Record<Locale, string> = {
  en: 'The total of your order is now {total}: a price or an offer changed since you filled your cart. Nothing was ordered yet. Please confirm to place the order at this total.',
  ar: 'أصبح مجموع طلبك الآن {total}: تغيّر سعر أو عرض منذ أن ملأت سلتك. لم يتم تسجيل أي طلب بعد. يرجى التأكيد لإتمام الطلب بهذا المجموع.',
};

describe('an automatic promotion with a usage limit, under parallel cash-on-delivery orders', () => {
  it(
    `${ROUNDS} × ${SHOPPERS} shoppers at once for ${LIMIT} uses: ${LIMIT} discounted orders, the rest told the new total in their language, then ordered at it`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [promo] = await gw.db
          .insert(tables.promotions)
          .values({
            name: `Half price for the first ${LIMIT} orders (${round})`,
            nameAr: 'نصف السعر لأول خمسة طلبات',
            type: 'PERCENTAGE',
            value: 50,
            maxUses: LIMIT,
            startDate: new Date('2020-01-01T00:00:00+04:00'),
            endDate: new Date('2099-12-31T23:59:59+04:00'),
            isActive: true,
          })
          .returning();
        const shown = await Promise.all(lines.map(totalOf));
        const shoppers = Array.from({ length: SHOPPERS }, (_, i) => {
          const locale: Locale = i % 3 === 0 ? 'ar' : 'en';
          const line = i % lines.length;
          return {
            locale,
            line,
            payload: order(lines[line]!, locale, shown[line]!),
            key: `k-${randomUUID()}`,
            ip: `10.7.${Math.floor(i / 250)}.${i % 250}`,
          };
        });
        const began = performance.now();
        // All at once, as a flash sale's shoppers answering one notification would.
        const answers = await Promise.all(shoppers.map((s) => place(s.payload, s.key, s.ip)));
        const elapsedMs = performance.now() - began;

        expect(
          answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409).map((a) => a.body),
        ).toEqual([]);
        const ok = shoppers
          .map((s, i) => ({ ...s, answer: answers[i]! }))
          .filter((s) => s.answer.statusCode === 200);
        expect(ok).toHaveLength(LIMIT);
        for (const s of ok) expect(s.answer.json().totalAmount).toBe(toAed(shown[s.line]!));
        const refused = shoppers
          .map((s, i) => ({ ...s, answer: answers[i]! }))
          .filter((s) => s.answer.statusCode === 409);
        expect(refused).toHaveLength(SHOPPERS - LIMIT);
        // The promotion is used up: each line now costs what it costs without it.
        const full = await Promise.all(lines.map(totalOf));
        for (const { locale, line, answer } of refused) {
          expect(full[line]).toBeGreaterThan(shown[line]!);
          expect(answer.json()).toMatchObject({
            success: false,
            code: 'PRICE_CHANGED',
            error: PRICE_CHANGED[locale].replace('{total}', formatAed(full[line]!, locale)),
          });
          expect(answer.headers[ORDER_TOTAL_HEADER]).toBe((full[line]! / 100).toFixed(2));
        }

        const orderIds = ok.map((s) => s.answer.json().orderId as string);
        const discountLines = await gw.db
          .select({ orderId: tables.orderDiscounts.orderId })
          .from(tables.orderDiscounts)
          .where(eq(tables.orderDiscounts.promotionId, promo!.id));
        expect(discountLines.map((l) => l.orderId).sort()).toEqual([...orderIds].sort());
        const [after] = await gw.db
          .select()
          .from(tables.promotions)
          .where(eq(tables.promotions.id, promo!.id));
        expect(after!.uses).toBe(LIMIT);
        expect(await createPromotionsRepository(gw.db).countRedemptions(promo!.id)).toBe(LIMIT);
        const stored = await gw.db
          .select({ id: tables.orders.id, totalFils: tables.orders.totalFils })
          .from(tables.orders)
          .where(inArray(tables.orders.id, orderIds));
        expect(stored).toHaveLength(LIMIT);

        // Nothing is lost: each refused shopper confirms the new total (the same Idempotency-Key,
        // within the next second) and gets the order, at the full price, without the promotion.
        const again = await Promise.all(
          refused.map(async (s, i) => {
            await new Promise((r) => setTimeout(r, i * 5));
            return place({ ...s.payload, totalAmount: toAed(full[s.line]!) }, s.key, s.ip);
          }),
        );
        expect(again.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
        expect(again.map((a) => a.json().totalAmount)).toEqual(refused.map((s) => toAed(full[s.line]!)));
        const [discountedOrders] = await gw.db
          .select({ n: sql<number>`count(*)::int` })
          .from(tables.orderDiscounts)
          .where(eq(tables.orderDiscounts.promotionId, promo!.id));
        expect(discountedOrders!.n).toBe(LIMIT);
        const [still] = await gw.db
          .select()
          .from(tables.promotions)
          .where(eq(tables.promotions.id, promo!.id));
        expect(still!.uses).toBe(LIMIT);
        console.info(
          `automatic promotion limit, round ${round + 1}/${ROUNDS}: ${SHOPPERS} COD orders at once answered in ${Math.round(elapsedMs)} ms (${LIMIT} discounted, ${refused.length} × 409 PRICE_CHANGED, then ordered)`,
        );
      }
    },
    60_000 + ROUNDS * 40_000,
  );
});
