import { randomUUID } from 'node:crypto';
import { type Db, sql, tables } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutClaim, type PaymentsStack, startPaymentsStack } from './harness';
import { type PayLaterStack, payLaterClaim, startPayLaterStack } from './support/pay-later-stack';

/**
 * Every door that refuses a code says what the validate route says to anyone without a staff
 * session (docs/promotions.md "Validate"): the card intent and the pay-later session answer 409
 * COUPON_REFUSED with the one "not usable" sentence, in the shopper's language, never why (an
 * ended, used-up or too-small code would tell a guesser that it exists).
 */
const NOT_USABLE = {
  en: "This code can't be used for this order. Please check the code and the offer's conditions.",
  ar: 'لا يمكن استخدام هذا الرمز لهذا الطلب. يرجى التحقق من الرمز ومن شروط العرض.',
};

/** A code that existed and ended yesterday: before, each door answered "This coupon has expired". */
async function endedCode(db: Db): Promise<string> {
  const code = `ENDED-${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.insert(tables.promotions).values({
    name: 'Ended',
    code,
    type: 'PERCENTAGE',
    value: 10,
    startDate: new Date(Date.now() - 10 * 86_400_000),
    endDate: new Date(Date.now() - 2 * 86_400_000),
    isActive: true,
  });
  return code;
}

async function checkouts(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tables.checkouts);
  return row!.n;
}

describe('card: POST /api/create-payment-intent', () => {
  let stack: PaymentsStack;
  beforeAll(async () => {
    stack = await startPaymentsStack({ worker: false });
  });
  afterAll(async () => stack?.close());

  it('refuses an ended code as not usable (en, ar) and makes no intent', async () => {
    const code = await endedCode(stack.db);
    for (const locale of ['en', 'ar'] as const) {
      const claim = await checkoutClaim(stack.db, { appliedCoupon: { code, discountAmount: 5 }, locale });
      const res = await stack.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: claim,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'COUPON_REFUSED', error: NOT_USABLE[locale] });
    }
    expect(stack.double.intents.size).toBe(0);
    expect(await checkouts(stack.db)).toBe(0);
  });
});

describe('pay later: POST /api/payments/tabby', () => {
  let stack: PayLaterStack;
  beforeAll(async () => {
    stack = await startPayLaterStack();
  });
  afterAll(async () => stack?.close());

  it('refuses an ended code as not usable (en, ar) and opens no session', async () => {
    const code = await endedCode(stack.db);
    for (const locale of ['en', 'ar'] as const) {
      const claim = { ...(await payLaterClaim(stack.db, { coupon: code })), locale };
      const res = await stack.app.inject({ method: 'POST', url: '/api/payments/tabby', payload: claim });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'COUPON_REFUSED', error: NOT_USABLE[locale] });
    }
    expect(await checkouts(stack.db)).toBe(0);
  });
});
