import { and, eq, tables } from '@qahwa/db';
import { formatAed } from '@qahwa/schema';
import type { AdminPaymentDetail } from '@qahwa/schema/contracts';
import { orderConfirmationWorkflowId, paymentWorkflowId } from '@qahwa/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../harness';
import { staffCookie } from '../staff-session';
import { confirmInBrowser, type PaymentsStack, startPaymentsStack, waitFor } from './harness';
import {
  checkoutOf,
  flaggedCheckout,
  ordersOf,
  orderWithPayment,
  paymentRow,
  shortCheckout,
} from './support/flagged';

/**
 * The payments screen's two actions on a flagged card payment that made no order (docs/payments.md
 * "Staff actions"): Refund and Complete the order (or resolved another way). Each is one
 * transaction with its outbox event and audit entry, and a double click or a retry does it once.
 * A paid order refused for stock is refunded automatically; it is left flagged for staff only when
 * that refund could not be made, so the flagged payments here are made while Stripe refuses the
 * gateway's refunds (`flaggedCheckout`), and Stripe is back before staff act.
 * Real gateway, checkout worker, the Stripe double, outbox relay and payments projection.
 */
let stack: PaymentsStack;
let editor: { cookie: string; email: string };
let viewer: { cookie: string };
beforeAll(async () => {
  stack = await startPaymentsStack({ events: true, gatewayStripeKey: 'sk_test_gateway_staff_actions' });
  const gw = stack as unknown as Gateway;
  editor = await staffCookie(gw, { permissions: [{ module: 'payments', canView: true, canEdit: true }] });
  viewer = await staffCookie(gw, { permissions: [{ module: 'payments', canView: true }] });
});
afterAll(async () => {
  await stack?.close();
});

/** A staff request from the back office's own page. */
function staffPost(url: string, payload: unknown, who: { cookie: string } = editor, locale = 'en') {
  return stack.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, 'sec-fetch-site': 'same-origin', 'x-locale': locale },
    payload: payload as Record<string, unknown>,
  });
}
const refund = (pi: string, who?: { cookie: string }, locale?: string) =>
  staffPost(
    `/api/admin/payments/${pi}/refund`,
    { note: 'stock gone; shopper asked for the money' },
    who,
    locale,
  );
const complete = (pi: string, body: Record<string, unknown> = { resolution: 'order' }, locale?: string) =>
  staffPost(`/api/admin/payments/${pi}/complete`, body, editor, locale);
async function detail(pi: string): Promise<AdminPaymentDetail> {
  const res = await stack.app.inject({
    method: 'GET',
    url: `/api/admin/payments/${pi}`,
    headers: { cookie: editor.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const auditOf = (pi: string, action: string) =>
  stack.db
    .select()
    .from(tables.auditLog)
    .where(and(eq(tables.auditLog.entityId, pi), eq(tables.auditLog.action, action)));

/** A flagged payment, as the payments screen lists it. */
async function flagged() {
  const f = await flaggedCheckout(stack);
  await waitFor(async () => (await paymentRow(stack, f.paymentIntentId))?.needsAttention, 'the flag');
  return f;
}

describe('a paid order short of stock, Stripe reachable', () => {
  it('is refunded at once, in full, under auto-refund-<pi>: no order, the shopper told in Arabic what sold out, the payment shown refunded with its reason, nothing left for staff', async () => {
    const s = await shortCheckout(stack);
    const pi = s.paymentIntentId;
    stack.double.options.autoDeliver = false;
    try {
      const paid = await confirmInBrowser(stack, s.clientSecret);
      expect(paid.body.status).toBe('succeeded');
      const res = await orderWithPayment(stack, s.claim, pi, 'ar');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'ORDER_NOT_PLACED_REFUNDED' });
      const [product] = await stack.db
        .select({ nameAr: tables.products.nameAr })
        .from(tables.products)
        .where(eq(tables.products.id, s.productId));
      expect(res.json().error).toContain(product!.nameAr);
      expect(res.json().error).toContain('استرددنا دفعتك');
      expect(res.json().error).toContain(formatAed(s.totalFils, 'ar'));

      // Stripe's webhook for the payment comes after: answered, nothing refunded twice.
      const [succeeded] = stack.double.eventsFor(pi, 'payment_intent.succeeded');
      expect((await stack.double.deliver(succeeded!))[0]!.status).toBe(200);
      // And the shopper asking again hears that the payment went back, not a second refund.
      expect((await orderWithPayment(stack, s.claim, pi)).json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
    } finally {
      stack.double.options.autoDeliver = true;
      await s.restock();
    }
    await stack.double.idle();

    const refunds = stack.double.refundsFor(pi);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: s.totalFils, status: 'succeeded' });
    const [refunded] = stack.double.eventsFor(pi, 'charge.refunded');
    expect(refunded!.request.idempotency_key).toBe(`auto-refund-${pi}`);
    const [row] = await stack.db.select().from(tables.refunds).where(eq(tables.refunds.paymentId, pi));
    expect(row).toMatchObject({
      reference: `auto-refund-${pi}`,
      status: 'succeeded',
      providerRefundId: refunds[0]!.id,
      amountFils: s.totalFils,
      orderId: null,
    });
    expect(await ordersOf(stack, pi)).toEqual([]);
    expect((await checkoutOf(stack, pi))!.status).toBe('refunded');
    const payment = await waitFor(async () => {
      const p = await paymentRow(stack, pi);
      return p?.status === 'refunded' ? p : null;
    }, 'the payment shown refunded');
    expect(payment).toMatchObject({
      amountFils: s.totalFils,
      refundedFils: s.totalFils,
      orderId: null,
      needsAttention: false,
    });
    expect(payment.attentionReason).toContain('OUT_OF_STOCK');
    expect(await detail(pi)).toMatchObject({
      checkoutStatus: 'refunded',
      actions: { refund: false, complete: false },
    });
    expect(await auditOf(pi, 'refund')).toEqual([]);
  });

  it('the browser and the webhook at the same instant: one refund, and the shopper is told the money went back, never that staff will be in touch', async () => {
    for (let round = 0; round < 6; round++) {
      const s = await shortCheckout(stack);
      const pi = s.paymentIntentId;
      stack.double.options.autoDeliver = false;
      try {
        await confirmInBrowser(stack, s.clientSecret);
        const [succeeded] = stack.double.eventsFor(pi, 'payment_intent.succeeded');
        const [shopper, hook] = await Promise.all([
          orderWithPayment(stack, s.claim, pi),
          stack.double.deliver(succeeded!),
        ]);
        expect(hook[0]!.status).toBe(200);
        expect(shopper.statusCode).toBe(409);
        // Whichever of the two refunded it, the shopper hears that the payment went back.
        expect(
          ['ORDER_NOT_PLACED_REFUNDED', 'PAYMENT_REFUNDED'],
          `round ${round}: ${shopper.body}`,
        ).toContain(shopper.json().code);
        expect(stack.double.refundsFor(pi)).toHaveLength(1);
        expect((await checkoutOf(stack, pi))!.status).toBe('refunded');
        expect(await ordersOf(stack, pi)).toEqual([]);
      } finally {
        stack.double.options.autoDeliver = true;
        await s.restock();
      }
    }
  });
});

describe('staff actions on a flagged card payment', () => {
  it('Refund: the whole amount goes back once (a double click, a retry), the checkout closes, the payment shows refunded and unflagged, audited; the old tab is refused', async () => {
    const f = await flagged();
    const pi = f.paymentIntentId;
    try {
      const before = await detail(pi);
      expect(before).toMatchObject({
        checkoutStatus: 'needs_attention',
        actions: { refund: true, complete: true },
      });

      const clicks = await Promise.all([refund(pi), refund(pi)]);
      expect(clicks.map((c) => c.statusCode)).toEqual([200, 200]);
      expect(clicks.map((c) => c.json().already).sort()).toEqual([false, true]);
      const retry = await refund(pi);
      expect(retry.json()).toMatchObject({
        checkoutStatus: 'refunded',
        refundedFils: f.totalFils,
        already: true,
      });

      const refunds = stack.double.refundsFor(pi);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount: f.totalFils, status: 'succeeded' });
      const [event] = stack.double.eventsFor(pi, 'charge.refunded');
      expect(event!.request.idempotency_key).toBe(`staff-refund-${pi}`);
      const [row] = await stack.db.select().from(tables.refunds).where(eq(tables.refunds.paymentId, pi));
      expect(row).toMatchObject({
        reference: `staff-refund-${pi}`,
        status: 'succeeded',
        providerRefundId: refunds[0]!.id,
        amountFils: f.totalFils,
        orderId: null,
      });
      expect((await checkoutOf(stack, pi))!.status).toBe('refunded');
      const payment = await waitFor(async () => {
        const p = await paymentRow(stack, pi);
        return p?.status === 'refunded' && !p.needsAttention ? p : null;
      }, 'the payment shown refunded');
      expect(payment.refundedFils).toBe(f.totalFils);
      const audit = await auditOf(pi, 'refund');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ module: 'payments', entityType: 'payment', userEmail: editor.email });
      expect(audit[0]!.after).toMatchObject({ checkoutStatus: 'refunded', refundId: refunds[0]!.id });
      expect((await detail(pi)).actions).toEqual({ refund: false, complete: false });

      // Staff cannot now complete it, and the shopper's old tab gets no order either.
      await f.restock();
      expect((await complete(pi)).json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
      expect((await orderWithPayment(stack, f.claim, pi)).json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
      expect(await ordersOf(stack, pi)).toEqual([]);
    } finally {
      await f.restock();
    }
  });

  it('Complete the order: with the stock back, one order for the stored checkout (a double click too), the flag cleared, audited, the confirmation started', async () => {
    const f = await flagged();
    const pi = f.paymentIntentId;
    await f.restock();
    const clicks = await Promise.all([complete(pi), complete(pi)]);
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200]);
    const [a, b] = clicks.map((c) => c.json());
    expect(a.orderId).toMatch(/^QH-/);
    expect(b.orderId).toBe(a.orderId);
    expect([a.already, b.already].sort()).toEqual([false, true]);

    const orders = await ordersOf(stack, pi);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: a.orderId, paymentProvider: 'STRIPE', totalFils: f.totalFils });
    expect(await checkoutOf(stack, pi)).toMatchObject({ status: 'ordered', orderId: a.orderId });
    await waitFor(async () => {
      const p = await paymentRow(stack, pi);
      return p && p.orderId === a.orderId && !p.needsAttention;
    }, 'the payment with its order, no longer flagged');
    const audit = await auditOf(pi, 'complete');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ checkoutStatus: 'ordered', orderId: a.orderId });
    // The shopper's confirmation, as every card order gets it.
    await stack.temporal.workflow.getHandle(orderConfirmationWorkflowId(paymentWorkflowId(pi))).describe();
    // The shopper's old tab gets that order; a refund now is the order's cancellation.
    expect((await orderWithPayment(stack, f.claim, pi)).json()).toMatchObject({
      success: true,
      orderId: a.orderId,
    });
    const late = await refund(pi);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PAYMENT_ALREADY_ORDERED' });
    expect(stack.double.refundsFor(pi)).toEqual([]);
  });

  it('Complete while the stock is still short: 409 in the staff member’s language naming what is missing, and nothing changes', async () => {
    const f = await flagged();
    const pi = f.paymentIntentId;
    try {
      const res = await complete(pi, { resolution: 'order' }, 'ar');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
      expect(res.json().error).toContain('المخزون');
      expect(await ordersOf(stack, pi)).toEqual([]);
      expect((await checkoutOf(stack, pi))!.status).toBe('needs_attention');
      expect((await paymentRow(stack, pi))!.needsAttention).toBe(true);
      expect(await auditOf(pi, 'complete')).toEqual([]);
    } finally {
      await f.restock();
    }
  });

  it('Resolved another way: a note is required; the checkout is closed resolved_by_staff, the flag cleared, audited with the note; the old tab is told', async () => {
    const f = await flagged();
    const pi = f.paymentIntentId;
    try {
      expect((await complete(pi, { resolution: 'resolved_by_staff' })).statusCode).toBe(400);
      const body = {
        resolution: 'resolved_by_staff',
        note: 'Sent a 500 g bag of the same roast instead, by phone',
      };
      const res = await complete(pi, body);
      expect(res.json()).toMatchObject({
        checkoutStatus: 'resolved_by_staff',
        orderId: null,
        already: false,
      });
      expect((await complete(pi, body)).json()).toMatchObject({ already: true });
      expect((await checkoutOf(stack, pi))!.status).toBe('resolved_by_staff');
      await waitFor(async () => (await paymentRow(stack, pi))?.needsAttention === false, 'the flag cleared');
      const audit = await auditOf(pi, 'resolve');
      expect(audit).toHaveLength(1);
      expect(audit[0]!.after).toMatchObject({ checkoutStatus: 'resolved_by_staff', note: body.note });
      await f.restock();
      expect((await orderWithPayment(stack, f.claim, pi)).json()).toMatchObject({ code: 'CHECKOUT_CLOSED' });
      expect((await refund(pi)).json()).toMatchObject({ code: 'CHECKOUT_CLOSED' });
      expect(await ordersOf(stack, pi)).toEqual([]);
    } finally {
      await f.restock();
    }
  });

  it('a Refund racing the shopper’s order: exactly one of them happens', async () => {
    const f = await flagged();
    const pi = f.paymentIntentId;
    await f.restock();
    const [staff, shopper] = await Promise.all([refund(pi), orderWithPayment(stack, f.claim, pi)]);
    const orders = await ordersOf(stack, pi);
    const refunds = stack.double.refundsFor(pi);
    expect(orders.length + refunds.length).toBe(1);
    if (orders.length === 1) {
      expect(staff.json()).toMatchObject({ code: 'PAYMENT_ALREADY_ORDERED' });
      expect(shopper.json()).toMatchObject({ success: true });
    } else {
      expect(staff.json()).toMatchObject({ checkoutStatus: 'refunded' });
      expect(shopper.json(), JSON.stringify(shopper.json())).toMatchObject({ code: 'PAYMENT_REFUNDED' });
    }
  });

  it('refuses what it must: a disputed payment, an unknown one, a member of staff without payments: edit, no session', async () => {
    const f = await flagged();
    const pi = f.paymentIntentId;
    try {
      stack.double.dispute(pi);
      await waitFor(async () => (await checkoutOf(stack, pi))?.status === 'failed', 'the dispute closing it');
      expect((await refund(pi)).json()).toMatchObject({ code: 'PAYMENT_DISPUTED' });
      expect((await complete(pi)).json()).toMatchObject({ code: 'PAYMENT_DISPUTED' });
      expect(stack.double.refundsFor(pi)).toEqual([]);

      const unknown = await refund('pi_nosuchpayment123', editor, 'ar');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'PAYMENT_RECORD_NOT_FOUND' });
      expect((await refund(pi, viewer)).statusCode).toBe(403);
      const anonymous = await stack.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${pi}/complete`,
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: { resolution: 'order' },
      });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await f.restock();
    }
  });
});
