import { randomUUID } from 'node:crypto';
import { eq, sql, tables } from '@qahwa/db';
import type { PaymentFailed, PaymentSucceeded } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPaymentEventOnce, parsePaymentEvent } from '../src/projections/payments';
import { closeServices, connectServices, type Services } from './support';

/**
 * The payments read model against the real database: each event applies once, and the
 * events of one payment may come in any order without a failure undoing a success or an order
 * being forgotten.
 */
let s: Services;
beforeAll(async () => {
  s = await connectServices();
  await s.handle.db.execute(sql`truncate ${tables.payments}, ${tables.processedEvents}`);
});
afterAll(async () => {
  await closeServices(s);
});

const succeeded = (paymentId: string, data: Partial<PaymentSucceeded['data']> = {}): PaymentSucceeded => ({
  id: randomUUID(),
  type: 'PaymentSucceeded',
  version: 1,
  occurredAt: new Date().toISOString(),
  data: {
    checkoutId: 'card-test',
    provider: 'STRIPE',
    paymentId,
    amountFils: 12_500,
    method: 'card',
    ...data,
  },
});
const failed = (paymentId: string): PaymentFailed => ({
  id: randomUUID(),
  type: 'PaymentFailed',
  version: 1,
  occurredAt: new Date().toISOString(),
  data: {
    checkoutId: 'card-test',
    provider: 'STRIPE',
    paymentId,
    reason: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    amountFils: 12_500,
  },
});
const row = async (id: string) =>
  (await s.handle.db.select().from(tables.payments).where(eq(tables.payments.id, id)))[0];

describe('payments projection', () => {
  it('a decline then a success on the same intent: succeeded, with the order; applied once each', async () => {
    const pi = `pi_${randomUUID().replace(/-/g, '')}`;
    const decline = failed(pi);
    expect(await applyPaymentEventOnce(s.handle.db, 'payments-test', decline)).toBe(true);
    expect(await row(pi)).toMatchObject({ status: 'failed', lastError: 'Your card has insufficient funds.' });
    const paid = succeeded(pi, { orderId: 'QH-100001', method: 'wallet' });
    expect(await applyPaymentEventOnce(s.handle.db, 'payments-test', paid)).toBe(true);
    expect(await applyPaymentEventOnce(s.handle.db, 'payments-test', paid)).toBe(false);
    expect(await row(pi)).toMatchObject({ status: 'succeeded', orderId: 'QH-100001', method: 'wallet' });
  });

  it('an older failure arriving after the success does not undo it', async () => {
    const pi = `pi_${randomUUID().replace(/-/g, '')}`;
    await applyPaymentEventOnce(s.handle.db, 'payments-test', succeeded(pi, { orderId: 'QH-100002' }));
    await applyPaymentEventOnce(s.handle.db, 'payments-test', failed(pi));
    expect(await row(pi)).toMatchObject({ status: 'succeeded', orderId: 'QH-100002' });
  });

  it('needs attention while there is no order; an order, whenever it comes, settles it', async () => {
    const pi = `pi_${randomUUID().replace(/-/g, '')}`;
    await applyPaymentEventOnce(
      s.handle.db,
      'payments-test',
      succeeded(pi, {
        needsAttention: true,
        attentionReason: 'PAYMENT_MISMATCH: amount 20000 fils, expected 34500',
      }),
    );
    expect(await row(pi)).toMatchObject({ needsAttention: true, orderId: null });
    await applyPaymentEventOnce(s.handle.db, 'payments-test', succeeded(pi, { orderId: 'QH-100003' }));
    expect(await row(pi)).toMatchObject({ needsAttention: false, orderId: 'QH-100003' });
  });

  it('keeps only payment events it knows, and refuses a malformed one', () => {
    expect(parsePaymentEvent({ type: 'CheckoutStarted' })).toBeNull();
    expect(() => parsePaymentEvent({ type: 'PaymentSucceeded', data: {} })).toThrow(/contract/);
  });
});
