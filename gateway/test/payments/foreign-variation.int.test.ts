import { sql, tables } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutClaim, type PaymentsStack, startPaymentsStack } from './harness';
import { type PayLaterStack, payLaterClaim, startPayLaterStack } from './support/pay-later-stack';

/**
 * A line whose variation belongs to another product than the line's own (docs/checkout.md): the
 * card intent and the pay-later session are refused, like the cash-on-delivery order, before
 * anything is asked of the provider.
 */
async function otherProductThan(db: PaymentsStack['db'], productId: string): Promise<string> {
  const [row] = await db
    .select({ id: tables.products.id })
    .from(tables.products)
    .where(sql`${tables.products.id} <> ${productId}`)
    .limit(1);
  return row!.id;
}

async function checkoutsCount(db: PaymentsStack['db']) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tables.checkouts);
  return row!.n;
}

const ISSUE = {
  path: '/items/0/variationId',
  message:
    'One of the items in your cart has an option that does not belong to its product. Please remove it and add it again.',
};

describe('card: POST /api/create-payment-intent', () => {
  let stack: PaymentsStack;
  beforeAll(async () => {
    stack = await startPaymentsStack({ worker: false });
  });
  afterAll(async () => stack?.close());

  it('refuses the line with 400 and makes no intent', async () => {
    const claim = await checkoutClaim(stack.db);
    const first = claim.items[0]!;
    const tampered = {
      ...claim,
      items: [
        { ...first, productId: await otherProductThan(stack.db, first.productId) },
        ...claim.items.slice(1),
      ],
    };
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: tampered,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', issues: [ISSUE] });
    expect(stack.double.intents.size).toBe(0);
    expect(await checkoutsCount(stack.db)).toBe(0);

    const ar = await stack.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...tampered, locale: 'ar' },
    });
    expect(ar.statusCode).toBe(400);
    expect(ar.json().error).toBe('أحد المنتجات في سلتك يحمل خيارًا لا يخصه. يرجى إزالته وإضافته من جديد.');

    // The same claim, honest, is priced and gets its intent.
    const honest = await stack.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: claim,
    });
    expect(honest.statusCode).toBe(200);
  });
});

describe('pay later: POST /api/payments/tabby', () => {
  let stack: PayLaterStack;
  beforeAll(async () => {
    stack = await startPayLaterStack();
  });
  afterAll(async () => stack?.close());

  it('refuses the line with 400 and opens no session', async () => {
    const claim = await payLaterClaim(stack.db);
    const first = claim.items[0]!;
    const tampered = {
      ...claim,
      items: [
        { ...first, productId: await otherProductThan(stack.db, first.productId) },
        ...claim.items.slice(1),
      ],
    };
    const res = await stack.app.inject({ method: 'POST', url: '/api/payments/tabby', payload: tampered });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', issues: [ISSUE] });
    expect(await checkoutsCount(stack.db)).toBe(0);
  });
});
