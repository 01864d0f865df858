import { randomUUID } from 'node:crypto';
import { and, createStockRepository, eq, tables } from '@qahwa/db';
import type { Product } from '@qahwa/schema';
import { paymentWorkflowId } from '@qahwa/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmInBrowser, type PaymentsStack, startPaymentsStack, waitFor } from './harness';
import { claimBody } from './support/claim';

/**
 * A card payment holds its stock from its intent (docs/payments.md "Stock held for a card
 * payment"): the units leave the stock when the intent is made, so nobody else can buy them while
 * the shopper pays, and the paid order consumes them instead of taking them again. Real gateway,
 * checkout worker, the Stripe double (webhooks posted to the gateway) and PostgreSQL.
 */
let stack: PaymentsStack;
beforeAll(async () => {
  stack = await startPaymentsStack();
});
afterAll(async () => {
  await stack?.close();
});

let picked = 0;
/** A sellable variation no other test of this file uses, with `stock` left. */
async function bag(stock: number) {
  const rows = await stack.db
    .select({
      id: tables.productVariations.id,
      productId: tables.productVariations.productId,
      slug: tables.products.slug,
    })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .innerJoin(tables.variationSizes, eq(tables.variationSizes.id, tables.productVariations.sizeId))
    .where(
      and(
        eq(tables.productVariations.isActive, true),
        eq(tables.products.isActive, true),
        eq(tables.variationSizes.isActive, true),
      ),
    )
    .orderBy(tables.productVariations.id);
  const row = rows[picked++]!;
  await stack.db
    .update(tables.productVariations)
    .set({ stockQuantity: stock })
    .where(eq(tables.productVariations.id, row.id));
  return row;
}

const stockOf = async (variationId: string) =>
  (
    await stack.db
      .select({ n: tables.productVariations.stockQuantity })
      .from(tables.productVariations)
      .where(eq(tables.productVariations.id, variationId))
  )[0]!.n;

const holdsOf = async (variationId: string) =>
  stack.db.select().from(tables.stockHolds).where(eq(tables.stockHolds.variationId, variationId));

const ordersOf = async (paymentIntentId: string) =>
  stack.db.select().from(tables.orders).where(eq(tables.orders.paymentIntentId, paymentIntentId));

function claimFor(
  v: { id: string; productId: string },
  quantity: number,
  extra: Record<string, unknown> = {},
) {
  return {
    ...claimBody(
      {
        fullName: 'Mariam Saeed',
        email: `mariam+${randomUUID().slice(0, 8)}@example.ae`,
        phone: '+971502223344',
      },
      [{ id: v.id, productId: v.productId, quantity }],
      'aed',
    ),
    ...extra,
  };
}

async function createIntent(claim: Record<string, unknown>, locale = 'en') {
  const res = await stack.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { 'x-locale': locale },
    payload: claim,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The shopper's order after paying (the browser's POST /api/orders {paymentIntentId}). */
function placePaid(claim: Record<string, unknown>, intent: { paymentIntentId: string; totalAmount: number }) {
  return stack.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      ...claim,
      totalAmount: intent.totalAmount,
      paymentIntentId: intent.paymentIntentId,
      paymentProvider: 'STRIPE',
    },
  });
}

/** Cash on delivery; `totalAmount` the total the shopper was shown (a placeholder when the order must be refused anyway). */
function placeCod(claim: Record<string, unknown>, locale = 'en', totalAmount = 1) {
  return stack.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': `k-${randomUUID()}`, 'x-locale': locale },
    payload: { ...claim, totalAmount, paymentProvider: 'COD', locale },
  });
}

describe('stock held for a card payment', () => {
  it('the intent takes the last bag out of stock: the catalogue shows it gone, a second intent and a cash-on-delivery order for it are refused', async () => {
    const v = await bag(1);
    const first = await createIntent(claimFor(v, 1));
    expect(first.status).toBe(200);
    expect(await stockOf(v.id)).toBe(0);
    expect(await holdsOf(v.id)).toMatchObject([{ quantity: 1 }]);
    // Announced like every stock change, so the storefront's pages follow.
    const announced = await stack.db
      .select({ payload: tables.outbox.payload })
      .from(tables.outbox)
      .where(eq(tables.outbox.type, 'CatalogueChanged'));
    expect(
      announced.some((e) =>
        (e.payload as { data: { productIds: string[] } }).data.productIds.includes(v.productId),
      ),
    ).toBe(true);
    await stack.app.catalogue.refresh('test');
    const product: Product = (
      await stack.app.inject({ method: 'GET', url: `/api/products/${v.slug}` })
    ).json();
    expect(product.variations.find((x) => x.id === v.id)).toMatchObject({ inStock: false });

    const second = await createIntent(claimFor(v, 1, { locale: 'ar' }), 'ar');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
    expect(second.body.error).toMatch(/[\u0600-\u06FF]/);
    const cod = await placeCod(claimFor(v, 1), 'ar');
    expect(cod.statusCode).toBe(409);
    expect(cod.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await stockOf(v.id)).toBe(0);
    expect(await holdsOf(v.id)).toHaveLength(1);
  });

  it('the paid order consumes its hold: the stock goes down once in all', async () => {
    const v = await bag(3);
    const claim = claimFor(v, 2);
    const { body } = await createIntent(claim);
    expect(await stockOf(v.id)).toBe(1);
    expect((await confirmInBrowser(stack, body.clientSecret)).body.status).toBe('succeeded');
    // 200, or 202 "still processing" on a busy machine: the order follows either way.
    expect([200, 202]).toContain((await placePaid(claim, body)).statusCode);
    await waitFor(async () => (await ordersOf(body.paymentIntentId)).length === 1, 'the order');
    expect(await stockOf(v.id)).toBe(1);
    expect(await holdsOf(v.id)).toHaveLength(0);
    // The webhook's run for the same payment adds nothing.
    await stack.double.idle();
    expect(await ordersOf(body.paymentIntentId)).toHaveLength(1);
    expect(await stockOf(v.id)).toBe(1);
  });

  it('an updated intent holds the new quantities instead of the old, and a holder of the last bag may still change the address', async () => {
    const v = await bag(5);
    const { body } = await createIntent(claimFor(v, 1));
    expect(await stockOf(v.id)).toBe(4);
    const more = await createIntent(claimFor(v, 3, { paymentIntentId: body.paymentIntentId }));
    expect(more.status).toBe(200);
    expect(await stockOf(v.id)).toBe(2);
    const fewer = await createIntent(claimFor(v, 2, { paymentIntentId: body.paymentIntentId }));
    expect(fewer.status).toBe(200);
    expect(await stockOf(v.id)).toBe(3);
    expect(await holdsOf(v.id)).toMatchObject([{ quantity: 2 }]);
    // More than there is: refused, and the checkout keeps what it held, the intent its amount.
    const tooMany = await createIntent(claimFor(v, 6, { paymentIntentId: body.paymentIntentId }));
    expect(tooMany.status).toBe(409);
    expect(await stockOf(v.id)).toBe(3);
    expect(await holdsOf(v.id)).toMatchObject([{ quantity: 2 }]);
    expect(stack.double.intents.get(body.paymentIntentId)!.amount).toBe(
      Math.round(fewer.body.totalAmount * 100),
    );

    const last = await bag(1);
    const held = await createIntent(claimFor(last, 1));
    expect(await stockOf(last.id)).toBe(0);
    const moved = claimFor(last, 1, { paymentIntentId: held.body.paymentIntentId });
    const again = await createIntent({
      ...moved,
      shippingInfo: { ...(moved.shippingInfo as object), address: 'Al Muraqqabat Road, Villa 3' },
    });
    expect(again.status).toBe(200);
    expect(await stockOf(last.id)).toBe(0);
    expect(await holdsOf(last.id)).toMatchObject([{ quantity: 1 }]);
  });

  it('a declined card gives the hold back once however often Stripe delivers the failure; a retry that pays takes free stock', async () => {
    const v = await bag(2);
    const claim = claimFor(v, 2);
    const { body } = await createIntent(claim);
    expect(await stockOf(v.id)).toBe(0);
    expect((await confirmInBrowser(stack, body.clientSecret, '4000000000000002')).status).toBe(402);
    await stack.double.idle();
    const [failed] = stack.double.eventsFor(body.paymentIntentId, 'payment_intent.payment_failed');
    const again = await stack.double.deliver(failed!, { times: 3, concurrent: true });
    expect(again.every((d) => d.status === 200)).toBe(true);
    await waitFor(async () => (await stockOf(v.id)) === 2, 'the hold given back');
    expect(await holdsOf(v.id)).toHaveLength(0);
    expect(await stockOf(v.id)).toBe(2);

    expect((await confirmInBrowser(stack, body.clientSecret)).body.status).toBe('succeeded');
    expect([200, 202]).toContain((await placePaid(claim, body)).statusCode);
    await waitFor(async () => (await ordersOf(body.paymentIntentId)).length === 1, 'the order');
    expect(await stockOf(v.id)).toBe(0);
  });

  it("a cart paid another way gives back its own card hold: cash on delivery of the same cart (its checkoutKey) gets the bags, another cart's does not", async () => {
    const v = await bag(2);
    const checkoutKey = randomUUID();
    const { body } = await createIntent(claimFor(v, 2, { checkoutKey }));
    expect(await stockOf(v.id)).toBe(0);
    // Another shopper's cart still finds the bags held.
    const other = await placeCod(claimFor(v, 1, { checkoutKey: randomUUID() }), 'en', body.totalAmount / 2);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await holdsOf(v.id)).toHaveLength(1);
    // The holder chose cash on delivery on the payment step after the card form had shown.
    const cod = await placeCod(claimFor(v, 2, { checkoutKey }), 'en', body.totalAmount);
    expect(cod.statusCode).toBe(200);
    expect(await holdsOf(v.id)).toHaveLength(0);
    expect(await stockOf(v.id)).toBe(0);
  });

  it('an intent cancelled at Stripe gives its hold back, once however often the event is delivered', async () => {
    const v = await bag(3);
    const { body } = await createIntent(claimFor(v, 2));
    expect(await stockOf(v.id)).toBe(1);
    const intent = stack.double.intents.get(body.paymentIntentId)!;
    intent.status = 'canceled';
    const cancelled = stack.double.emitEvent('payment_intent.canceled', intent, null);
    const deliveries = await stack.double.deliver(cancelled, { times: 3, concurrent: true });
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    await waitFor(async () => (await stockOf(v.id)) === 3, 'the hold given back');
    expect(await holdsOf(v.id)).toHaveLength(0);
  });

  it('a checkout closed without an order gives its hold back, once', async () => {
    const v = await bag(2);
    const { body } = await createIntent(claimFor(v, 1));
    expect(await stockOf(v.id)).toBe(1);
    const [row] = await stack.db
      .select()
      .from(tables.checkouts)
      .where(eq(tables.checkouts.providerPaymentId, body.paymentIntentId));
    const { createCheckoutsRepository } = await import('@qahwa/db');
    const close = () =>
      stack.db.transaction((tx) => createCheckoutsRepository(tx).close(row!.id, 'refunded', tx));
    expect(await Promise.all([close(), close()])).toEqual(expect.arrayContaining([true, false]));
    expect(await stockOf(v.id)).toBe(2);
    expect(await holdsOf(v.id)).toHaveLength(0);
  });

  it('paid after the hold expired and another shopper bought the bag: no order, never sold twice', async () => {
    const v = await bag(1);
    const claim = claimFor(v, 1);
    stack.double.options.autoDeliver = false;
    try {
      const { body } = await createIntent(claim);
      expect(await stockOf(v.id)).toBe(0);
      // The payment page was left open past the hold's lifetime: the workers' sweep gives it back.
      const later = new Date(Date.now() + 31 * 60_000);
      const swept = await stack.db.transaction((tx) =>
        createStockRepository(tx).releaseExpiredHolds(later, 500, tx),
      );
      expect(swept.filter((h) => h.variationId === v.id)).toMatchObject([{ quantity: 1 }]);
      expect(await stockOf(v.id)).toBe(1);
      // Another shopper buys the bag with cash on delivery (the same line, the same total).
      const bought = await placeCod(claimFor(v, 1), 'en', body.totalAmount);
      expect(bought.statusCode).toBe(200);
      expect(await stockOf(v.id)).toBe(0);

      // Now the first shopper pays: the order cannot be filled.
      expect((await confirmInBrowser(stack, body.clientSecret)).body.status).toBe('succeeded');
      const res = await placePaid(claim, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      for (const event of stack.double.eventsFor(body.paymentIntentId, 'payment_intent.succeeded')) {
        await stack.double.deliver(event);
      }
      // The paid checkout does not stay open (left for staff or refunded: the paid order's path),
      // and whatever run the webhook started is over before the checks.
      await waitFor(async () => {
        const [row] = await stack.db
          .select({ status: tables.checkouts.status })
          .from(tables.checkouts)
          .where(eq(tables.checkouts.providerPaymentId, body.paymentIntentId));
        return row?.status !== 'open';
      }, 'the paid checkout settled');
      await stack.temporal.workflow
        .getHandle(paymentWorkflowId(body.paymentIntentId))
        .result()
        .catch(() => undefined);
      expect(await ordersOf(body.paymentIntentId)).toHaveLength(0);
      expect(await stockOf(v.id)).toBe(0);
      expect(await holdsOf(v.id)).toHaveLength(0);
    } finally {
      stack.double.options.autoDeliver = true;
    }
  });
});
