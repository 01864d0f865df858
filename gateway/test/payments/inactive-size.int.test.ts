import { randomUUID } from 'node:crypto';
import { type Db, eq, sql, tables } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimingServerTotal } from '../support/claimed-total';
import { checkoutClaim, type PaymentsStack, startPaymentsStack } from './harness';
import { type PayLaterStack, payLaterClaim, startPayLaterStack } from './support/pay-later-stack';

/**
 * A variation whose size staff switched off is not for sale (shoppers are never shown it,
 * docs/storefront-api.md "Stock"). Posted directly anyway, it is refused as unavailable (409
 * ITEM_UNAVAILABLE, in the shopper's language) on every path — the cash-on-delivery order, the
 * card intent, the pay-later session — before anything is written or asked of a provider.
 */
async function switchOffSizeOf(db: Db, variationId: string): Promise<void> {
  const [size] = await db
    .insert(tables.variationSizes)
    .values({
      displayName: `Retired ${randomUUID().slice(0, 8)}`,
      displayNameAr: 'مقاس متوقف',
      isActive: false,
    })
    .returning();
  await db
    .update(tables.productVariations)
    .set({ sizeId: size!.id })
    .where(eq(tables.productVariations.id, variationId));
}

async function count(db: Db, table: 'checkouts' | 'orders') {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tables[table]);
  return row!.n;
}

const UNAVAILABLE = {
  success: false,
  code: 'ITEM_UNAVAILABLE',
};

describe('cash on delivery and the card', () => {
  let stack: PaymentsStack;
  beforeAll(async () => {
    stack = await startPaymentsStack({ worker: false });
  });
  afterAll(async () => stack?.close());

  it('POST /api/orders refuses the line of an inactive size (en, ar) and orders nothing', async () => {
    const { amount: _amount, currency: _currency, ...claim } = await checkoutClaim(stack.db);
    // The total the shopper was shown before the size went: the claim is not what is refused.
    const cod = await claimingServerTotal(stack.db, { ...claim, paymentProvider: 'COD' as const });
    await switchOffSizeOf(stack.db, claim.items[0]!.variationId);
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `inactive-size-${randomUUID()}` },
      payload: cod,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject(UNAVAILABLE);
    const ar = await stack.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `inactive-size-${randomUUID()}` },
      payload: { ...cod, locale: 'ar' },
    });
    expect(ar.statusCode).toBe(409);
    expect(ar.json().error).toMatch(/[\u0600-\u06FF]/);
    expect(await count(stack.db, 'orders')).toBe(0);
  });

  it('POST /api/create-payment-intent refuses it and makes no intent', async () => {
    const claim = await checkoutClaim(stack.db);
    await switchOffSizeOf(stack.db, claim.items[1]!.variationId);
    const res = await stack.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: claim });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject(UNAVAILABLE);
    expect(stack.double.intents.size).toBe(0);
    expect(await count(stack.db, 'checkouts')).toBe(0);
  });
});

describe('pay later', () => {
  let stack: PayLaterStack;
  beforeAll(async () => {
    stack = await startPayLaterStack();
  });
  afterAll(async () => stack?.close());

  it('POST /api/payments/tabby refuses it and opens no session', async () => {
    const claim = await payLaterClaim(stack.db);
    await switchOffSizeOf(stack.db, claim.items[0]!.variationId);
    const res = await stack.app.inject({ method: 'POST', url: '/api/payments/tabby', payload: claim });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject(UNAVAILABLE);
    expect(await count(stack.db, 'checkouts')).toBe(0);
  });
});
