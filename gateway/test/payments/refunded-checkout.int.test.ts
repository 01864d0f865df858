import { and, eq, sql, tables } from '@qahwa/db';
import { paymentWorkflowId, runCheckout } from '@qahwa/workflows';
import { ApplicationFailure, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardCheckoutInput } from '../../src/payments/card-checkout';
import { checkoutClaim, confirmInBrowser, type PaymentsStack, startPaymentsStack, waitFor } from './harness';
import {
  checkoutOf,
  createIntent,
  flaggedCheckout,
  gatewayRefundsDown,
  ordersOf,
  orderWithPayment,
  paymentRow,
} from './support/flagged';

/**
 * A paid card checkout that could not become an order is refunded or disputed: it must never
 * become an order afterwards, whoever asks (the shopper's old tab, Stripe's webhook, a run
 * started by hand), and the payments screen must say what happened to the money. Real gateway,
 * checkout worker on Temporal, the Stripe double posting its webhooks, the outbox relay and the
 * payments projection on NATS.
 */
let stack: PaymentsStack;
beforeAll(async () => {
  stack = await startPaymentsStack({ events: true, gatewayStripeKey: 'sk_test_gateway_refunded_checkout' });
});
afterAll(async () => {
  await stack?.close();
});

/** The business failure's type inside a failed run (workflow → activity → application failure). */
function failureType(err: unknown): string | undefined {
  for (let cause = err; cause; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof ApplicationFailure) return cause.type ?? undefined;
  }
  return undefined;
}

/** No checkoutToOrder run exists for the payment: the gateway's requests carried it, none was started. */
const noRunFor = (pi: string) =>
  expect(stack.temporal.workflow.getHandle(paymentWorkflowId(pi)).describe()).rejects.toBeInstanceOf(
    WorkflowNotFoundError,
  );

const refundEvents = (pi: string) =>
  stack.db
    .select()
    .from(tables.outbox)
    .where(
      and(
        eq(tables.outbox.type, 'PaymentRefunded'),
        sql`${tables.outbox.payload}->'data'->>'paymentId' = ${pi}`,
      ),
    );

describe('a refunded or disputed card payment never becomes an order', () => {
  it("refunded in Stripe's dashboard: charge.refunded closes the checkout, the shopper's retry is refused in Arabic, a late payment_intent.succeeded starts nothing", async () => {
    const flagged = await flaggedCheckout(stack);
    const pi = flagged.paymentIntentId;
    // The shopper's old tab asks while Stripe still refuses the refund: the payment is with staff.
    const refundsBack = gatewayRefundsDown(stack);
    try {
      expect((await orderWithPayment(stack, flagged.claim, pi)).json()).toMatchObject({
        code: 'PAYMENT_NEEDS_ATTENTION',
      });
    } finally {
      refundsBack();
    }
    await noRunFor(pi);

    // Staff give the money back in Stripe's dashboard; then the roastery restocks.
    await stack.stripe.refunds.create({ payment_intent: pi });
    await flagged.restock();
    await stack.double.idle();

    const retry = await orderWithPayment(stack, flagged.claim, pi, 'ar');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ success: false, code: 'PAYMENT_REFUNDED' });
    expect(retry.json().error).toContain('استرداد');
    expect(await ordersOf(stack, pi)).toEqual([]);
    expect((await checkoutOf(stack, pi))!.status).toBe('refunded');
    // The payment step asking to update that intent hears the same, not "your order is being placed".
    const again = await stack.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...flagged.claim, paymentIntentId: pi },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
    // No run was started for it.
    await noRunFor(pi);

    // The payments screen: refunded, the whole amount, nothing left for staff to do.
    const payment = await waitFor(async () => {
      const p = await paymentRow(stack, pi);
      return p?.status === 'refunded' ? p : null;
    }, 'the payment shown refunded');
    expect(payment).toMatchObject({ refundedFils: flagged.totalFils, needsAttention: false, orderId: null });

    // Stripe delivers payment_intent.succeeded again (it retries for days): answered, nothing started.
    const [succeeded] = stack.double.eventsFor(pi, 'payment_intent.succeeded');
    expect((await stack.double.deliver(succeeded!))[0]!.status).toBe(200);
    await noRunFor(pi);
    expect(stack.double.refundsFor(pi)).toHaveLength(1);
    expect(await ordersOf(stack, pi)).toEqual([]);
  });

  it("a part refunded before its webhook came: Stripe's own answer refuses the order and tells the payments screen; staff keep it", async () => {
    const flagged = await flaggedCheckout(stack);
    const pi = flagged.paymentIntentId;
    stack.double.options.autoDeliver = false;
    try {
      await stack.stripe.refunds.create({ payment_intent: pi, amount: 1_000 });
      await flagged.restock();
      const retry = await orderWithPayment(stack, flagged.claim, pi);
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
      expect(retry.json().error).toMatch(/refund/i);
      expect(await ordersOf(stack, pi)).toEqual([]);
      // The rest of the money is still held with no order: the checkout stays with staff (they
      // refund the rest), and the payments screen keeps it flagged.
      const payment = await waitFor(async () => {
        const p = await paymentRow(stack, pi);
        return p?.status === 'partially_refunded' ? p : null;
      }, 'the payment shown partly refunded');
      expect(payment).toMatchObject({ refundedFils: 1_000, needsAttention: true, orderId: null });
      expect((await checkoutOf(stack, pi))!.status).toBe('needs_attention');
      // Asked again, the same answer: a run keeps refusing while any refund shows.
      expect((await orderWithPayment(stack, flagged.claim, pi)).json()).toMatchObject({
        code: 'PAYMENT_REFUNDED',
      });
      expect(await ordersOf(stack, pi)).toEqual([]);
    } finally {
      stack.double.options.autoDeliver = true;
    }
  });

  it('disputed by the cardholder: charge.dispute.created flags the payment as disputed and no order is made of it', async () => {
    const flagged = await flaggedCheckout(stack);
    const pi = flagged.paymentIntentId;
    stack.double.dispute(pi, 'fraudulent');
    await flagged.restock();
    await stack.double.idle();
    const payment = await waitFor(async () => {
      const p = await paymentRow(stack, pi);
      return p?.status === 'disputed' ? p : null;
    }, 'the payment shown disputed');
    expect(payment).toMatchObject({ needsAttention: true, orderId: null });
    expect(payment.attentionReason).toMatch(/^PAYMENT_DISPUTED/);
    expect((await checkoutOf(stack, pi))!.status).toBe('failed');

    const retry = await orderWithPayment(stack, flagged.claim, pi, 'ar');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'PAYMENT_DISPUTED' });
    expect(await ordersOf(stack, pi)).toEqual([]);
  });

  it('a refund of a paid order shows on its payment once, however often Stripe delivers it; the order and its checkout stay', async () => {
    const claim = await checkoutClaim(stack.db);
    const intent = await createIntent(stack, claim);
    const pi = intent.paymentIntentId;
    await confirmInBrowser(stack, intent.clientSecret);
    const placed = await orderWithPayment(stack, claim, pi);
    expect(placed.statusCode).toBe(200);

    await stack.stripe.refunds.create({ payment_intent: pi, amount: 500 });
    await stack.double.idle();
    const [refunded] = stack.double.eventsFor(pi, 'charge.refunded');
    // A forged copy changes nothing; the genuine one, delivered twice more, counts once.
    expect((await stack.double.deliver(refunded!, { secret: 'whsec_forged' }))[0]!.status).toBe(400);
    await stack.double.deliver(refunded!, { times: 2, concurrent: true });
    const payment = await waitFor(async () => {
      const p = await paymentRow(stack, pi);
      return p?.status === 'partially_refunded' ? p : null;
    }, 'the refund on the payment');
    expect(payment).toMatchObject({
      refundedFils: 500,
      orderId: placed.json().orderId,
      needsAttention: false,
    });
    expect(await refundEvents(pi)).toHaveLength(1);
    const [hook] = await stack.db
      .select()
      .from(tables.webhookEvents)
      .where(eq(tables.webhookEvents.id, refunded!.id));
    expect(hook!.handledCount).toBe(3);
    expect((await checkoutOf(stack, pi))!.status).toBe('ordered');
    expect(await ordersOf(stack, pi)).toHaveLength(1);
  });

  it('a run started for a closed checkout anyway (an operator, an older gateway): no order, and the checkout stays closed', async () => {
    const claim = await checkoutClaim(stack.db);
    const intent = await createIntent(stack, claim);
    const pi = intent.paymentIntentId;
    stack.double.options.autoDeliver = false;
    try {
      await confirmInBrowser(stack, intent.clientSecret);
      await stack.db
        .update(tables.checkouts)
        .set({ status: 'resolved_by_staff' })
        .where(eq(tables.checkouts.providerPaymentId, pi));
      const row = (await checkoutOf(stack, pi))!;
      const failure = await runCheckout(stack.temporal, cardCheckoutInput(row), stack.taskQueue).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(WorkflowFailedError);
      expect(failureType(failure)).toBe('CHECKOUT_CLOSED');
      expect(await ordersOf(stack, pi)).toEqual([]);
      expect((await checkoutOf(stack, pi))!.status).toBe('resolved_by_staff');
      const attention = await stack.db
        .select()
        .from(tables.outbox)
        .where(sql`${tables.outbox.payload}->'data'->>'paymentId' = ${pi}`);
      expect(attention).toEqual([]);
    } finally {
      stack.double.options.autoDeliver = true;
    }
  });
});
