import { randomUUID } from 'node:crypto';
import { eq, tables } from '@qahwa/db';
import type { PaymentSucceeded, TabbyApproved, TabbyRejected } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPaymentEventOnce, parsePaymentEvent } from '../src/projections/payments';
import { closeServices, connectServices, type Services } from './support';

/** The payments read model's pay-later part, against the real database. */
let s: Services;
beforeAll(async () => {
  s = await connectServices();
});
afterAll(async () => {
  await closeServices(s);
});

const envelope = { version: 1 as const, occurredAt: new Date().toISOString() };
const approved = (paymentId: string): TabbyApproved => ({
  id: randomUUID(),
  type: 'TabbyApproved',
  ...envelope,
  data: { checkoutId: 'tabby-test', paymentId, amountFils: 190_00 },
});
const rejected = (paymentId: string, outcome: TabbyRejected['data']['outcome']): TabbyRejected => ({
  id: randomUUID(),
  type: 'TabbyRejected',
  ...envelope,
  data: { checkoutId: 'tabby-test', paymentId, outcome, amountFils: 190_00 },
});
const paid = (paymentId: string): PaymentSucceeded => ({
  id: randomUUID(),
  type: 'PaymentSucceeded',
  ...envelope,
  data: {
    checkoutId: 'tabby-test',
    provider: 'TABBY',
    paymentId,
    amountFils: 190_00,
    currency: 'AED',
    method: 'pay_later',
    orderId: 'QH-200001',
  },
});
const row = async (id: string) =>
  (await s.handle.db.select().from(tables.payments).where(eq(tables.payments.id, id)))[0];

describe('payments projection: pay later', () => {
  it('an approved pay-later payment shows as succeeded, pay_later, with its order; each event once', async () => {
    const id = randomUUID();
    const event = approved(id);
    expect(await applyPaymentEventOnce(s.handle.db, 'payments-tabby-test', event)).toBe(true);
    expect(await applyPaymentEventOnce(s.handle.db, 'payments-tabby-test', event)).toBe(false);
    await applyPaymentEventOnce(s.handle.db, 'payments-tabby-test', paid(id));
    expect(await row(id)).toMatchObject({
      provider: 'TABBY',
      method: 'pay_later',
      status: 'succeeded',
      amountFils: 190_00,
      orderId: 'QH-200001',
    });
  });

  it('a refusal shows its SPEC 8 outcome; a late refusal never undoes a success', async () => {
    const refused = randomUUID();
    await applyPaymentEventOnce(s.handle.db, 'payments-tabby-test', rejected(refused, 'cancelled'));
    expect(await row(refused)).toMatchObject({ provider: 'TABBY', method: 'pay_later', status: 'cancelled' });

    const ok = randomUUID();
    await applyPaymentEventOnce(s.handle.db, 'payments-tabby-test', paid(ok));
    await applyPaymentEventOnce(s.handle.db, 'payments-tabby-test', rejected(ok, 'rejected'));
    expect((await row(ok))?.status).toBe('succeeded');
  });

  it('reads both Tabby events by their contracts', () => {
    expect(parsePaymentEvent(approved('x'))?.type).toBe('TabbyApproved');
    expect(() => parsePaymentEvent({ type: 'TabbyRejected', data: { outcome: 'nope' } })).toThrow(/contract/);
  });
});
