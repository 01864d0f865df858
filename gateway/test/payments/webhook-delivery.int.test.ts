import { eq, sql, tables } from '@qahwa/db';
import { type StripeEvent, signPayload } from '@qahwa/fake-stripe';
import { PAYMENT_EVENTS } from '@qahwa/schema';
import { paymentWorkflowId } from '@qahwa/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../harness';
import { staffCookie } from '../staff-session';
import {
  checkoutClaim,
  confirmInBrowser,
  countRows,
  type PaymentsStack,
  startPaymentsStack,
  WEBHOOK_SECRET,
  waitFor,
} from './harness';
import { checkoutOf, createIntent, ordersOf, orderWithPayment, paymentRow } from './support/flagged';

/**
 * Stripe's webhook as Stripe really delivers it: twice at once, again after the order exists,
 * a day late (after the 24 hours Stripe keeps a retried request's Idempotency-Key; signed anew,
 * as every delivery is), `payment_failed` after `succeeded` and before it, and for an intent of
 * another store on the same account. One order or none, never two; never a second refund; never
 * a 500. Real gateway, checkout worker, the Stripe double, outbox relay and payments projection.
 */
const DAY_S = 24 * 60 * 60;
const DECLINED = '4000000000000002';

let stack: PaymentsStack;
let staff: { cookie: string };
beforeAll(async () => {
  stack = await startPaymentsStack({ events: true });
  stack.double.options.autoDeliver = false;
  await stack.db.update(tables.productVariations).set({ stockQuantity: 1_000_000 });
  staff = await staffCookie(stack as unknown as Gateway, {
    permissions: [{ module: 'payments', canView: true, canEdit: true }],
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

const only = (pi: string, type: string) => {
  const [event] = stack.double.eventsFor(pi, type);
  if (!event) throw new Error(`no ${type} for ${pi}`);
  return event;
};
const statuses = (ds: { status: number | string }[]) => ds.map((d) => d.status);
/** What Stripe hears may be 503 (busy: it delivers again); never a 500. */
const notServerError = (s: number | string) => s === 503 || (typeof s === 'number' && s < 500);

/** A card checkout paid in the browser (no order asked for yet, no webhook delivered). */
async function paid(card = '4242424242424242') {
  const claim = await checkoutClaim(stack.db);
  const intent = await createIntent(stack, claim);
  const res = await confirmInBrowser(stack, intent.clientSecret, card);
  expect(res.body.status).toBe('succeeded');
  return { claim, pi: intent.paymentIntentId, totalFils: Math.round(intent.totalAmount * 100) };
}

/** The same event delivered a day after it happened: Stripe signs each delivery with its own time. */
const aDayLate = (event: StripeEvent): StripeEvent => ({ ...event, created: event.created - DAY_S - 3600 });

/** The payments read model has applied every event of this intent it keeps, of those written so far. */
async function projected(pi: string) {
  await waitFor(async () => {
    const { rows } = await stack.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox o
          where o.type in (${sql.join(
            Object.keys(PAYMENT_EVENTS).map((t) => sql`${t}`),
            sql`, `,
          )}) and o.payload->'data'->>'paymentId' = ${pi}
            and not exists (select 1 from processed_events p
                            where p.event_id = o.id and p.consumer like 'payments%')`,
    );
    return rows[0]!.n === 0;
  }, `the payment events of ${pi} in the read model`);
}

/**
 * Nothing more is under way for this intent: Stripe's deliveries answered, the intent's run (if
 * there is one) ended — or 5 s passed, for a design whose run outlives its order — and the read
 * model caught up.
 */
async function settled(pi: string) {
  await stack.double.idle();
  await Promise.race([
    stack.temporal.workflow
      .getHandle(paymentWorkflowId(pi))
      .result()
      .catch(() => {}),
    new Promise((r) => setTimeout(r, 5000)),
  ]);
  await projected(pi);
}

describe('payment_intent.succeeded delivered more than once', () => {
  it('twice at once for a paid intent with no browser: one order; again once the order exists: 200, still one order', async () => {
    const { pi } = await paid();
    const event = only(pi, 'payment_intent.succeeded');
    const first = await stack.double.deliver(event, { times: 2, concurrent: true });
    expect(statuses(first).every(notServerError), JSON.stringify(first)).toBe(true);
    expect(statuses(first)).toContain(200);
    await waitFor(async () => (await ordersOf(stack, pi)).length > 0, 'the order');
    await settled(pi);
    expect(await ordersOf(stack, pi)).toHaveLength(1);

    const again = await stack.double.deliver(event);
    expect(statuses(again)).toEqual([200]);
    await settled(pi);
    const orders = await ordersOf(stack, pi);
    expect(orders).toHaveLength(1);
    expect(await checkoutOf(stack, pi)).toMatchObject({ status: 'ordered', orderId: orders[0]!.id });
    expect(await paymentRow(stack, pi)).toMatchObject({ status: 'succeeded', orderId: orders[0]!.id });
    expect(stack.double.refundsFor(pi)).toEqual([]);
  });
});

describe('payment_intent.succeeded a day late (after Stripe’s 24-hour idempotency window)', () => {
  it('for an ordered checkout: 200, the one order, no refund', async () => {
    const { claim, pi } = await paid();
    const placed = await orderWithPayment(stack, claim, pi);
    expect(placed.statusCode, placed.body).toBe(200);
    await settled(pi);
    stack.double.expireIdempotencyKeys();

    const late = await stack.double.deliver(aDayLate(only(pi, 'payment_intent.succeeded')), {
      times: 2,
      concurrent: true,
    });
    expect(statuses(late)).toEqual([200, 200]);
    await settled(pi);
    expect(await ordersOf(stack, pi)).toHaveLength(1);
    expect((await checkoutOf(stack, pi))!.status).toBe('ordered');
    expect(stack.double.refundsFor(pi)).toEqual([]);
  });

  it('for a paid checkout that could not become an order (its price changed before the payment): refunded once, automatically or by staff; the late webhook, the old tab and a retried refund make no order and no second refund', async () => {
    const claim = await checkoutClaim(stack.db);
    const intent = await createIntent(stack, claim);
    const pi = intent.paymentIntentId;
    const variationId = claim.items[0]!.variationId;
    const v = tables.productVariations;
    const [before] = await stack.db.select({ price: v.priceFils }).from(v).where(eq(v.id, variationId));
    await stack.db
      .update(v)
      .set({ priceFils: before!.price + 1000 })
      .where(eq(v.id, variationId));
    try {
      expect((await confirmInBrowser(stack, intent.clientSecret)).body.status).toBe('succeeded');
      const [tab, hook] = await Promise.all([
        orderWithPayment(stack, claim, pi),
        stack.double.deliver(only(pi, 'payment_intent.succeeded')),
      ]);
      expect(tab.statusCode, tab.body).toBeLessThan(500);
      expect(statuses(hook).every(notServerError)).toBe(true);

      // Refunded by the store itself, or left for staff, who refund it from the payments screen.
      const ending = await waitFor(async () => {
        if (stack.double.refundsFor(pi).length > 0) return 'refunded';
        const p = await paymentRow(stack, pi);
        return p?.needsAttention && (await checkoutOf(stack, pi))?.status === 'needs_attention'
          ? 'flagged'
          : null;
      }, 'a refund or the flag for staff');
      const staffRefund = () =>
        stack.app.inject({
          method: 'POST',
          url: `/api/admin/payments/${pi}/refund`,
          headers: { cookie: staff.cookie, 'sec-fetch-site': 'same-origin' },
          payload: { note: 'price changed before the payment' },
        });
      if (ending === 'flagged') expect((await staffRefund()).statusCode).toBe(200);
      await waitFor(
        async () => (await checkoutOf(stack, pi))?.status === 'refunded',
        'the checkout refunded',
      );
      await settled(pi);
      expect(stack.double.refundsFor(pi)).toHaveLength(1);
      // The refund was asked for under an Idempotency-Key: now the day passes and Stripe forgets it.
      expect(stack.double.expireIdempotencyKeys()).toBeGreaterThan(0);

      const [late, oldTab, retried] = await Promise.all([
        stack.double.deliver(aDayLate(only(pi, 'payment_intent.succeeded')), { times: 2, concurrent: true }),
        orderWithPayment(stack, claim, pi),
        staffRefund(),
      ]);
      expect(statuses(late)).toEqual([200, 200]);
      expect(oldTab.statusCode, oldTab.body).toBe(409);
      expect(oldTab.json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
      expect(retried.statusCode, retried.body).toBeLessThan(500);
      await settled(pi);
      expect(await ordersOf(stack, pi)).toEqual([]);
      expect(stack.double.refundsFor(pi)).toHaveLength(1);
      expect((await checkoutOf(stack, pi))!.status).toBe('refunded');
    } finally {
      await stack.db.update(v).set({ priceFils: before!.price }).where(eq(v.id, variationId));
    }
  });

  it('a refund Stripe made but whose answer never reached the store, then the webhook and the tab a day later: no order, no second refund', async () => {
    const { claim, pi } = await paid();
    // Our refund reached Stripe; the answer (and its charge.refunded) never came back to us.
    await stack.stripe.refunds.create({ payment_intent: pi }, { idempotencyKey: `auto-refund-${pi}` });
    stack.double.expireIdempotencyKeys();
    const [late, tab] = await Promise.all([
      stack.double.deliver(aDayLate(only(pi, 'payment_intent.succeeded'))),
      orderWithPayment(stack, claim, pi),
    ]);
    expect(statuses(late).every(notServerError), JSON.stringify(late)).toBe(true);
    expect(tab.statusCode, tab.body).toBe(409);
    expect(tab.json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
    await settled(pi);
    expect(await ordersOf(stack, pi)).toEqual([]);
    expect(stack.double.refundsFor(pi)).toHaveLength(1);
  });
});

describe('payment_intent.payment_failed and payment_intent.succeeded out of order', () => {
  /** A first card declined, then another card paid: Stripe sends payment_failed, then succeeded. */
  async function declinedThenPaid() {
    const claim = await checkoutClaim(stack.db);
    const intent = await createIntent(stack, claim);
    const declined = await confirmInBrowser(stack, intent.clientSecret, DECLINED);
    expect(declined.status).toBe(402);
    expect((await confirmInBrowser(stack, intent.clientSecret)).body.status).toBe('succeeded');
    const pi = intent.paymentIntentId;
    return {
      pi,
      failed: only(pi, 'payment_intent.payment_failed'),
      succeeded: only(pi, 'payment_intent.succeeded'),
    };
  }

  async function expectPaidWithOneOrder(pi: string) {
    await settled(pi);
    const orders = await ordersOf(stack, pi);
    expect(orders).toHaveLength(1);
    expect((await checkoutOf(stack, pi))!.status).toBe('ordered');
    expect(await paymentRow(stack, pi)).toMatchObject({
      status: 'succeeded',
      orderId: orders[0]!.id,
      needsAttention: false,
    });
  }

  it('payment_failed arriving after succeeded (twice): the order stands, the payment still shows paid', async () => {
    const { pi, failed, succeeded } = await declinedThenPaid();
    expect(statuses(await stack.double.deliver(succeeded))).toEqual([200]);
    await waitFor(async () => (await paymentRow(stack, pi))?.orderId, 'the payment with its order');
    expect(statuses(await stack.double.deliver(failed, { times: 2, concurrent: true }))).toEqual([200, 200]);
    await expectPaidWithOneOrder(pi);
  });

  it('payment_failed first, then succeeded: one order, the payment shows paid', async () => {
    const { pi, failed, succeeded } = await declinedThenPaid();
    expect(statuses(await stack.double.deliver(failed))).toEqual([200]);
    await projected(pi);
    expect(statuses(await stack.double.deliver(succeeded))).toEqual([200]);
    await waitFor(async () => (await ordersOf(stack, pi)).length > 0, 'the order');
    await expectPaidWithOneOrder(pi);
  });
});

/** A body POSTed to the webhook, signed with the endpoint's secret as Stripe signs. */
const post = async (payload: string) => {
  const res = await fetch(`${stack.gatewayUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
  return { status: res.status, body: await res.text() };
};
/** Stripe's event envelope around an object. */
const envelope = (type: string, object: unknown, id = `evt_test_${type.replace(/\W/g, '_')}`) =>
  JSON.stringify({
    id,
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

describe('events the store has nothing to do with', () => {
  it('a signed event without the fields its type needs (no data, a null object, no event id) → never a 500', async () => {
    for (const body of [
      { id: 'evt_test_nodata', object: 'event', type: 'payment_intent.succeeded' },
      {
        id: 'evt_test_nullobject',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: null },
      },
      { id: 'evt_test_nodata_failed', object: 'event', type: 'payment_intent.payment_failed' },
      { id: 'evt_test_nodata_refunded', object: 'event', type: 'charge.refunded' },
      { id: 'evt_test_nodata_dispute', object: 'event', type: 'charge.dispute.created' },
      {
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_unknown', object: 'payment_intent' } },
      },
    ]) {
      const res = await post(JSON.stringify(body));
      expect(res.status, `${JSON.stringify(body)} → ${res.status} ${res.body}`).toBe(200);
    }
  });
  it('payment_intent.succeeded for an intent of another store on the same Stripe account: 200, no order, no row but the webhook record', async () => {
    const other = await stack.stripe.paymentIntents.create({
      amount: 5_000,
      currency: 'aed',
      metadata: { checkoutId: 'card-another-store' },
    });
    expect((await confirmInBrowser(stack, other.client_secret!)).body.status).toBe('succeeded');
    const before = await countRows(stack.db);
    const event = only(other.id, 'payment_intent.succeeded');
    expect(statuses(await stack.double.deliver(event, { times: 2, concurrent: true }))).toEqual([200, 200]);
    await stack.double.idle();
    const after = await countRows(stack.db);
    expect(after).toEqual({ ...before, webhookEvents: after.webhookEvents });
    // At most the record of the delivery (once, however often it came).
    expect(after.webhookEvents - before.webhookEvents).toBeLessThanOrEqual(1);
    await expect(stack.temporal.workflow.getHandle(paymentWorkflowId(other.id)).describe()).rejects.toThrow();
    expect(await ordersOf(stack, other.id)).toEqual([]);
  });

  it('an event type the store does not handle → 200; signed events without the fields they should carry → never a 500; a body that is not JSON → 400', async () => {
    const before = await countRows(stack.db);
    expect((await post(envelope('customer.created', { id: 'cus_1', object: 'customer' }))).status).toBe(200);
    for (const type of [
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'charge.refunded',
      'charge.dispute.created',
    ]) {
      const res = await post(envelope(type, { object: type.split('.')[0] }));
      expect(res.status, `${type} without an id: ${res.body}`).toBeLessThan(500);
    }
    expect((await post('not json {')).status).toBe(400);
    // Nothing but, perhaps, the deliveries' records.
    const after = await countRows(stack.db);
    expect({ ...after, webhookEvents: 0 }).toEqual({ ...before, webhookEvents: 0 });
  });
});
