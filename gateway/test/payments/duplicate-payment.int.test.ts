import { randomUUID } from 'node:crypto';
import { eq, inArray, tables } from '@qahwa/db';
import { ORDER_ID_HEADER, ORDER_TOKEN_HEADER } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyTrackingToken } from '../../src/orders/tracking-token';
import { checkoutClaim, confirmInBrowser, type PaymentsStack, startPaymentsStack, waitFor } from './harness';

/**
 * One cart, one paid order (docs/payments.md "One checkout, one payment"): the storefront sends
 * the cart's checkoutKey, shared by its tabs, with every intent it asks for. Two tabs that each
 * hold an intent and both pay make one order; the second payment is refused for good (and given
 * back); a tab that asks for an intent after the order gets no form to pay with. The gateway, a
 * real checkout worker on Temporal, the Stripe double (its webhooks really posted) and PostgreSQL.
 */
/** Rounds of two tabs paying at once (more with DUPLICATE_ROUNDS). */
const ROUNDS = Number(process.env.DUPLICATE_ROUNDS ?? 3);
let stack: PaymentsStack;
beforeAll(async () => {
  stack = await startPaymentsStack();
});
afterAll(async () => {
  await stack?.close();
});
/** The secret the stack's gateway signs tracking tokens with. */
const secret = () => stack.app.deps.config.leadLinkSecret;

type Claim = Awaited<ReturnType<typeof checkoutClaim>>;

async function createIntent(body: Record<string, unknown>, locale = 'en') {
  const res = await stack.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { 'x-locale': locale },
    payload: body,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A tab's intent, paid in its browser. */
async function paidIntent(claim: Claim, checkoutKey?: string) {
  const { status, body } = await createIntent({ ...claim, ...(checkoutKey ? { checkoutKey } : {}) });
  expect(status).toBe(200);
  expect((await confirmInBrowser(stack, body.clientSecret)).body.status).toBe('succeeded');
  return body as { paymentIntentId: string; totalAmount: number };
}

/** The tab's POST /api/orders after Stripe said succeeded, as the payment step sends it. */
async function placePaid(
  claim: Claim,
  intent: { paymentIntentId: string; totalAmount: number },
  locale = 'en',
) {
  const res = await stack.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'x-locale': locale },
    payload: {
      ...claim,
      locale,
      totalAmount: intent.totalAmount,
      paymentIntentId: intent.paymentIntentId,
      paymentProvider: 'STRIPE',
    },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const ordersOf = (paymentIntentIds: string[]) =>
  stack.db.select().from(tables.orders).where(inArray(tables.orders.paymentIntentId, paymentIntentIds));
const checkoutOf = async (paymentIntentId: string) =>
  (
    await stack.db
      .select()
      .from(tables.checkouts)
      .where(eq(tables.checkouts.providerPaymentId, paymentIntentId))
  )[0]!;

/** Both intents' runs are over: each checkout has left `open` (ordered, or refused for good). */
const settled = (ids: string[]) =>
  waitFor(async () => {
    const rows = await Promise.all(ids.map(checkoutOf));
    return rows.every((r) => r.status !== 'open') ? rows : null;
  }, 'both checkouts settled');

describe('one cart, one paid order', () => {
  it('two tabs pay one after the other: the second payment makes no order and the shopper hears why, in Arabic', async () => {
    const claim = await checkoutClaim(stack.db);
    const checkoutKey = randomUUID();
    // Both tabs reached the payment step before either paid: two intents, one cart.
    const first = await createIntent({ ...claim, checkoutKey });
    const second = await createIntent({ ...claim, checkoutKey });
    expect(second.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
    expect((await checkoutOf(first.body.paymentIntentId)).checkoutKey).toBe(checkoutKey);

    await confirmInBrowser(stack, first.body.clientSecret);
    const ordered = await placePaid(claim, first.body);
    expect(ordered.status).toBe(200);
    const orderId = ordered.body.orderId as string;

    await confirmInBrowser(stack, second.body.clientSecret);
    const refused = await placePaid(claim, second.body, 'ar');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'PAYMENT_DUPLICATE_REFUNDED' });
    expect(refused.body.error).toContain('سبق أن دفعت ثمن هذا الطلب');
    expect(refused.body.error).toContain(orderId);
    expect(refused.headers[ORDER_ID_HEADER]).toBe(orderId);
    // The notice links that order's confirmation, which loads the order through its signed token.
    expect(verifyTrackingToken(String(refused.headers[ORDER_TOKEN_HEADER]), secret())).toBe(orderId);

    const orders = await ordersOf([first.body.paymentIntentId, second.body.paymentIntentId]);
    expect(orders.map((o) => o.id)).toEqual([orderId]);
    // Its webhook (Stripe retries for days) makes no second order either.
    const [late] = stack.double.eventsFor(second.body.paymentIntentId, 'payment_intent.succeeded');
    await stack.double.deliver(late!);
    const [, secondCheckout] = await settled([first.body.paymentIntentId, second.body.paymentIntentId]);
    // The second payment went back in full, once, however many asked; the first was not touched.
    expect(secondCheckout!.status).toBe('refunded');
    expect(stack.double.refundsFor(second.body.paymentIntentId)).toHaveLength(1);
    expect(stack.double.refundsFor(second.body.paymentIntentId)[0]!.amount).toBe(
      Math.round(second.body.totalAmount * 100),
    );
    expect(stack.double.refundsFor(first.body.paymentIntentId)).toEqual([]);
    expect(await ordersOf([second.body.paymentIntentId])).toEqual([]);
    // A retry from the same tab is refused again, the same way.
    expect((await placePaid(claim, second.body)).body.code).toBe('PAYMENT_DUPLICATE_REFUNDED');
  });

  it('two tabs pay at the same moment, browser requests and webhooks racing: exactly one order', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const claim = await checkoutClaim(stack.db);
      const checkoutKey = randomUUID();
      const tabs = [
        (await createIntent({ ...claim, checkoutKey })).body,
        (await createIntent({ ...claim, checkoutKey })).body,
      ];
      await Promise.all(tabs.map((tab) => confirmInBrowser(stack, tab.clientSecret)));
      const answers = await Promise.all(tabs.map((tab) => placePaid(claim, tab)));
      const ids = tabs.map((tab) => tab.paymentIntentId as string);
      await settled(ids);
      const orders = await ordersOf(ids);
      expect(orders).toHaveLength(1);
      // Each tab heard something definite: the order, or that its payment was a second one.
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body.code).toBe('PAYMENT_DUPLICATE_REFUNDED');
      expect(refused.headers[ORDER_ID_HEADER]).toBe(orders[0]!.id);
      expect(answers.find((a) => a.status === 200)!.body.orderId).toBe(orders[0]!.id);
      // The payment that made no order went back once; the ordered one was not refunded.
      const paidFor = orders[0]!.paymentIntentId!;
      const other = ids.find((id) => id !== paidFor)!;
      await waitFor(
        async () => (await checkoutOf(other)).status === 'refunded',
        'the second payment refunded',
      );
      expect(stack.double.refundsFor(other)).toHaveLength(1);
      expect(stack.double.refundsFor(paidFor)).toEqual([]);
    }
  });

  it('a tab asking for an intent after the cart was ordered gets none: 409 ALREADY_ORDERED naming the order', async () => {
    const claim = await checkoutClaim(stack.db);
    const checkoutKey = randomUUID();
    const paid = await paidIntent(claim, checkoutKey);
    const { body: order } = await placePaid(claim, paid);
    const intentsBefore = stack.double.intents.size;

    const again = await createIntent({ ...claim, checkoutKey }, 'ar');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ALREADY_ORDERED' });
    expect(again.body.error).toContain('لقد دفعت بالفعل ثمن هذه السلة');
    expect(again.body.error).toContain(order.orderId);
    expect(again.headers[ORDER_ID_HEADER]).toBe(order.orderId);
    expect(verifyTrackingToken(String(again.headers[ORDER_TOKEN_HEADER]), secret())).toBe(order.orderId);
    expect(stack.double.intents.size).toBe(intentsBefore);

    // In English too; and a new cart (a new key) is a new checkout.
    const en = await createIntent({ ...claim, checkoutKey });
    expect(en.body.error).toBe(
      `You have already paid for this cart: it is order ${order.orderId}. Nothing more will be charged.`,
    );
    expect((await createIntent({ ...claim, checkoutKey: randomUUID() })).status).toBe(200);
  });

  it('a page that sends no key (loaded before keys existed) pays as before: each intent is its own checkout', async () => {
    const claim = await checkoutClaim(stack.db);
    const one = await paidIntent(claim);
    const two = await paidIntent(claim);
    const answers = [await placePaid(claim, one), await placePaid(claim, two)];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await ordersOf([one.paymentIntentId, two.paymentIntentId])).toHaveLength(2);
    expect((await checkoutOf(one.paymentIntentId)).checkoutKey).toBeNull();
  });

  it('a checkoutKey that is not a uuid is refused as bad input', async () => {
    const claim = await checkoutClaim(stack.db);
    const res = await createIntent({ ...claim, checkoutKey: 'tab-1' });
    expect(res.status).toBe(400);
  });
});
