import { eq, tables } from '@qahwa/db';
import { paymentWorkflowId } from '@qahwa/workflows';
import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutClaim,
  confirmInBrowser,
  countRows,
  type PaymentsStack,
  startPaymentsStack,
  waitFor,
} from './harness';

/**
 * The card path end to end on the server: the gateway, a real checkout worker on Temporal, the
 * Stripe double as Stripe (its webhooks really posted to the gateway), PostgreSQL, and the outbox
 * relay and payments projection on NATS.
 */
let stack: PaymentsStack;
beforeAll(async () => {
  stack = await startPaymentsStack({ events: true });
});
afterAll(async () => {
  await stack?.close();
});

async function createIntent(claim: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await stack.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: claim,
    headers,
  });
  return { status: res.statusCode, body: res.json() };
}
const orderOf = async (paymentIntentId: string) =>
  (await stack.db.select().from(tables.orders).where(eq(tables.orders.paymentIntentId, paymentIntentId)))[0];
const paymentOf = async (id: string) =>
  (await stack.db.select().from(tables.payments).where(eq(tables.payments.id, id)))[0];

describe('card payments (Stripe)', () => {
  it('makes an intent for the server total × 100 in AED, and updates the same intent when the order changes', async () => {
    const claim = await checkoutClaim(stack.db);
    const first = await createIntent(claim);
    expect(first.status).toBe(200);
    const { paymentIntentId, clientSecret, totalAmount } = first.body;
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    const intent = stack.double.intents.get(paymentIntentId)!;
    // The browser claimed 1 AED; Stripe is asked for the server's total.
    expect(intent.amount).toBe(Math.round(totalAmount * 100));
    expect(intent.currency).toBe('aed');
    const [row] = await stack.db
      .select()
      .from(tables.checkouts)
      .where(eq(tables.checkouts.providerPaymentId, paymentIntentId));
    expect(intent.metadata.checkoutId).toBe(row!.id);
    expect(row!.totalFils).toBe(intent.amount);

    const more = {
      ...claim,
      items: claim.items.map((i) => ({ ...i, quantity: i.quantity + 1 })),
      paymentIntentId,
    };
    const second = await createIntent(more);
    expect(second.body.paymentIntentId).toBe(paymentIntentId);
    expect(second.body.totalAmount).toBeGreaterThan(totalAmount);
    expect(stack.double.intents.get(paymentIntentId)!.amount).toBe(Math.round(second.body.totalAmount * 100));
    expect((await countRows(stack.db)).checkouts).toBe(1);
  });

  it('pays by card: the browser confirms, POST /api/orders makes the order, the payments read model shows it', async () => {
    const claim = await checkoutClaim(stack.db);
    const { body } = await createIntent(claim);
    expect((await confirmInBrowser(stack, body.clientSecret)).body.status).toBe('succeeded');
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        ...claim,
        totalAmount: body.totalAmount,
        paymentIntentId: body.paymentIntentId,
        paymentProvider: 'STRIPE',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, totalAmount: body.totalAmount });
    const order = await orderOf(body.paymentIntentId);
    expect(order).toMatchObject({
      id: res.json().orderId,
      paymentProvider: 'STRIPE',
      totalFils: Math.round(body.totalAmount * 100),
    });
    const payment = await waitFor(async () => {
      const p = await paymentOf(body.paymentIntentId);
      return p?.orderId ? p : null;
    }, 'the payments read model');
    expect(payment).toMatchObject({
      provider: 'STRIPE',
      method: 'card',
      status: 'succeeded',
      amountFils: order!.totalFils,
      orderId: order!.id,
      needsAttention: false,
    });
  });

  it('a tab closed right after paying: the webhook alone makes the order', async () => {
    const claim = await checkoutClaim(stack.db);
    const { body } = await createIntent(claim);
    // The shopper pays, then the tab is gone: no POST /api/orders ever comes.
    await confirmInBrowser(stack, body.clientSecret);
    const order = await waitFor(() => orderOf(body.paymentIntentId), 'the order made by the webhook');
    expect(order).toMatchObject({ paymentProvider: 'STRIPE', totalFils: Math.round(body.totalAmount * 100) });
    // A late browser request gets that same order.
    const late = await stack.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...claim, totalAmount: body.totalAmount, paymentIntentId: body.paymentIntentId },
    });
    expect(late.json()).toMatchObject({ success: true, orderId: order!.id });

    // Made in the webhook's own request, as the browser's would have been: no workflow ran.
    await expect(
      stack.temporal.workflow.getHandle(paymentWorkflowId(body.paymentIntentId)).describe(),
    ).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });

  it('a forged signature, a stale timestamp, a body changed after signing: 400, nothing written', async () => {
    stack.double.options.autoDeliver = false;
    try {
      const claim = await checkoutClaim(stack.db);
      const { body } = await createIntent(claim);
      await confirmInBrowser(stack, body.clientSecret);
      const [event] = stack.double.eventsFor(body.paymentIntentId, 'payment_intent.succeeded');
      const before = await countRows(stack.db);
      const stale = Math.floor(Date.now() / 1000) - 301;
      const deliveries = [
        ...(await stack.double.deliver(event!, { secret: 'whsec_someone_else' })),
        ...(await stack.double.deliver(event!, { timestamp: stale })),
        ...(await stack.double.deliver(event!, {
          tamper: (p) => p.replace(body.paymentIntentId, 'pi_someoneelse123'),
        })),
      ];
      expect(deliveries.map((d) => d.status)).toEqual([400, 400, 400]);
      const noSignature = await stack.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      expect(noSignature.statusCode).toBe(400);
      expect(noSignature.json()).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
      expect(await countRows(stack.db)).toEqual(before);
      // Nor was any checkout started on Temporal.
      await expect(
        stack.temporal.workflow.getHandle(paymentWorkflowId(body.paymentIntentId)).describe(),
      ).rejects.toBeInstanceOf(WorkflowNotFoundError);
      // The genuine delivery still works afterwards.
      expect((await stack.double.deliver(event!))[0]!.status).toBe(200);
      await waitFor(() => orderOf(body.paymentIntentId), 'the order');
    } finally {
      stack.double.options.autoDeliver = true;
    }
  });

  it('a payment that is not the server total: no order, the payment is refunded at once, the shopper is told, staff see why', async () => {
    const claim = await checkoutClaim(stack.db);
    const { body } = await createIntent(claim);
    // The intent's amount changed behind the store's back (a bug, a tampered integration).
    await stack.stripe.paymentIntents.update(body.paymentIntentId, { amount: 20_000 });
    await confirmInBrowser(stack, body.clientSecret);
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-locale': 'ar' },
      payload: {
        ...claim,
        locale: 'ar',
        totalAmount: body.totalAmount,
        paymentIntentId: body.paymentIntentId,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'ORDER_NOT_PLACED_REFUNDED' });
    expect(res.json().error).toContain('استرددنا دفعتك');
    expect(res.json().error).toContain('200.00');
    expect(await orderOf(body.paymentIntentId)).toBeUndefined();
    // One refund of the whole payment, however the browser and the webhook raced to it.
    await stack.double.idle();
    const refunds = stack.double.refundsFor(body.paymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([20_000]);
    const payment = await waitFor(async () => {
      const p = await paymentOf(body.paymentIntentId);
      return p?.status === 'refunded' ? p : null;
    }, 'the payment shown refunded');
    expect(payment).toMatchObject({
      amountFils: 20_000,
      refundedFils: 20_000,
      orderId: null,
      needsAttention: false,
    });
    expect(payment.attentionReason).toContain('PAYMENT_MISMATCH');
    const [checkout] = await stack.db
      .select()
      .from(tables.checkouts)
      .where(eq(tables.checkouts.providerPaymentId, body.paymentIntentId));
    expect(checkout!.status).toBe('refunded');
  });

  it('a currency other than AED is a mismatch too: the webhook alone refunds it', async () => {
    const claim = await checkoutClaim(stack.db);
    const { body } = await createIntent(claim);
    const intent = stack.double.intents.get(body.paymentIntentId)!;
    intent.currency = 'usd';
    await confirmInBrowser(stack, body.clientSecret);
    const payment = await waitFor(async () => {
      const p = await paymentOf(body.paymentIntentId);
      return p?.status === 'refunded' ? p : null;
    }, 'the payment shown refunded');
    expect(payment.attentionReason).toContain('currency usd');
    expect(stack.double.refundsFor(body.paymentIntentId)).toHaveLength(1);
    expect(await orderOf(body.paymentIntentId)).toBeUndefined();
  });

  it('a declined card is recorded as a failed payment (once, however often Stripe delivers it), and no order', async () => {
    const claim = await checkoutClaim(stack.db);
    const { body } = await createIntent(claim);
    const declined = await confirmInBrowser(stack, body.clientSecret, '4000000000000002');
    expect(declined.status).toBe(402);
    const [failed] = stack.double.eventsFor(body.paymentIntentId, 'payment_intent.payment_failed');
    await stack.double.idle();
    await stack.double.deliver(failed!, { times: 3 });
    const payment = await waitFor(async () => {
      const p = await paymentOf(body.paymentIntentId);
      return p?.status === 'failed' ? p : null;
    }, 'the failed payment');
    expect(payment.lastError).toBe('Your card was declined.');
    const [row] = await stack.db
      .select()
      .from(tables.webhookEvents)
      .where(eq(tables.webhookEvents.id, failed!.id));
    expect(row!.handledCount).toBe(4);
    expect(await orderOf(body.paymentIntentId)).toBeUndefined();
  });

  it('an absurd claimed amount changes nothing (found by the fuzzer: it once failed the request)', async () => {
    const claim = await checkoutClaim(stack.db, { amount: 1.3582541522386602e16 });
    const res = await createIntent(claim);
    expect(res.status).toBe(200);
    expect(stack.double.intents.get(res.body.paymentIntentId)!.amount).toBe(
      Math.round(res.body.totalAmount * 100),
    );
  });

  it('refuses an unknown payment intent in the shopper language', async () => {
    const claim = await checkoutClaim(stack.db);
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...claim, totalAmount: 10, paymentIntentId: 'pi_notoneofours123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
  });
});
