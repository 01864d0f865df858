import { randomUUID } from 'node:crypto';
import { eq, tables } from '@qahwa/db';
import type { PaymentDisputed, PaymentRefunded, PaymentResolved, PaymentSucceeded } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPaymentEventOnce, parsePaymentEvent } from '../src/projections/payments';
import { closeServices, connectServices, type Services } from './support';

/**
 * What happened to the money after a payment (refunds, disputes, a staff resolution) in the
 * payments read model, against the real database: each event once, any arrival order, the
 * running refunded total never counted twice, and a later success never hiding a refund or a
 * dispute.
 */
let s: Services;
beforeAll(async () => {
  s = await connectServices();
});
afterAll(async () => {
  await closeServices(s);
});

const CONSUMER = `payments-reversals-${randomUUID().slice(0, 8)}`;
const envelope = { version: 1 as const, occurredAt: new Date().toISOString() };
const newPi = () => `pi_${randomUUID().replace(/-/g, '')}`;
const apply = (event: Parameters<typeof applyPaymentEventOnce>[2]) =>
  applyPaymentEventOnce(s.handle.db, CONSUMER, event);
const row = async (id: string) =>
  (await s.handle.db.select().from(tables.payments).where(eq(tables.payments.id, id)))[0];

const succeeded = (paymentId: string, data: Partial<PaymentSucceeded['data']> = {}): PaymentSucceeded => ({
  ...envelope,
  id: randomUUID(),
  type: 'PaymentSucceeded',
  data: {
    checkoutId: 'card-test',
    provider: 'STRIPE',
    paymentId,
    amountFils: 12_000,
    method: 'card',
    ...data,
  },
});
const refunded = (paymentId: string, refundedFils: number, orderId?: string): PaymentRefunded => ({
  ...envelope,
  id: randomUUID(),
  type: 'PaymentRefunded',
  data: {
    checkoutId: 'card-test',
    provider: 'STRIPE',
    paymentId,
    amountFils: 12_000,
    refundedFils,
    currency: 'AED',
    ...(orderId ? { orderId } : {}),
  },
});
const disputed = (paymentId: string): PaymentDisputed => ({
  ...envelope,
  id: randomUUID(),
  type: 'PaymentDisputed',
  data: {
    checkoutId: 'card-test',
    provider: 'STRIPE',
    paymentId,
    disputeId: `dp_${randomUUID().slice(0, 8)}`,
    amountFils: 12_000,
    reason: 'fraudulent',
  },
});
const resolved = (paymentId: string): PaymentResolved => ({
  ...envelope,
  id: randomUUID(),
  type: 'PaymentResolved',
  data: { checkoutId: 'card-test', provider: 'STRIPE', paymentId, resolution: 'resolved_by_staff' },
});
const attention = (paymentId: string) =>
  succeeded(paymentId, { needsAttention: true, attentionReason: 'OUT_OF_STOCK: Not enough stock' });

describe('payments projection: refunds, disputes, staff resolutions', () => {
  it('the new events are kept by this projection (their contracts parse)', () => {
    const pi = newPi();
    for (const event of [refunded(pi, 100), disputed(pi), resolved(pi)]) {
      expect(parsePaymentEvent(JSON.parse(JSON.stringify(event)))?.type).toBe(event.type);
    }
  });

  it('a flagged payment refunded in two parts: partly (still flagged), then wholly (done); copies change nothing', async () => {
    const pi = newPi();
    await apply(attention(pi));
    const part = refunded(pi, 2_000);
    expect(await apply(part)).toBe(true);
    expect(await apply(part)).toBe(false);
    expect(await row(pi)).toMatchObject({
      status: 'partially_refunded',
      refundedFils: 2_000,
      needsAttention: true,
    });
    // The same news again under another id (Stripe's webhook and the checkout's own look): no double count.
    await apply(refunded(pi, 2_000));
    expect((await row(pi))!.refundedFils).toBe(2_000);
    await apply(refunded(pi, 12_000));
    expect(await row(pi)).toMatchObject({ status: 'refunded', refundedFils: 12_000, needsAttention: false });
    // An older, smaller total arriving last does not lower it.
    await apply(refunded(pi, 2_000));
    expect(await row(pi)).toMatchObject({ status: 'refunded', refundedFils: 12_000 });
  });

  it('the refund before the payment’s own success: the success neither hides the refund nor flags it again', async () => {
    const pi = newPi();
    await apply(refunded(pi, 12_000));
    await apply(attention(pi));
    expect(await row(pi)).toMatchObject({ status: 'refunded', refundedFils: 12_000, needsAttention: false });
  });

  it('a paid order refunded in part: shown, the order kept, nothing for staff', async () => {
    const pi = newPi();
    await apply(succeeded(pi, { orderId: 'QH-100777' }));
    await apply(refunded(pi, 500, 'QH-100777'));
    expect(await row(pi)).toMatchObject({
      status: 'partially_refunded',
      refundedFils: 500,
      orderId: 'QH-100777',
      needsAttention: false,
    });
  });

  it('a dispute flags the payment whatever came before or after; a staff resolution does not clear it', async () => {
    const pi = newPi();
    await apply(succeeded(pi, { orderId: 'QH-100778' }));
    await apply(disputed(pi));
    // A late copy of the success (an order known) does not settle a dispute.
    await apply(succeeded(pi, { orderId: 'QH-100778' }));
    await apply(resolved(pi));
    const payment = (await row(pi))!;
    expect(payment).toMatchObject({ status: 'disputed', needsAttention: true, orderId: 'QH-100778' });
    expect(payment.attentionReason).toBe('PAYMENT_DISPUTED: fraudulent');

    const early = newPi();
    await apply(disputed(early));
    await apply(attention(early));
    expect(await row(early)).toMatchObject({ status: 'disputed', needsAttention: true });
    expect((await row(early))!.attentionReason).toBe('PAYMENT_DISPUTED: fraudulent');
  });

  it('staff resolved a flagged payment another way: no longer flagged, still succeeded', async () => {
    const pi = newPi();
    await apply(attention(pi));
    await apply(resolved(pi));
    expect(await row(pi)).toMatchObject({ status: 'succeeded', needsAttention: false, orderId: null });
  });
});
