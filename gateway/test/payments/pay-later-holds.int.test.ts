import { randomUUID } from 'node:crypto';
import type { TabbyClient, TabbySession, TabbySessionRequest } from '@qahwa/checkout/payments';
import { createPromotionsRepository, createStockRepository, eq, tables } from '@qahwa/db';
import { localize, PAY_LATER_PROVIDER_NAME } from '@qahwa/schema';
import { payLaterWorkflowId } from '@qahwa/workflows';
import { WorkflowNotFoundError } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { t } from '../../src/i18n/messages';
import { type PayLaterStack, payLaterClaim, startPayLaterStack, until } from './support/pay-later-stack';

/**
 * What a pay-later session holds while the shopper is at Tabby (docs/pay-later.md "Holding a
 * coupon", "Open sessions per contact"), against the real Tabby fake, Temporal and PostgreSQL: a
 * limited coupon's use is taken only once Tabby accepted the session and carries the session's
 * expiry; a code whose last use went elsewhere meanwhile closes the session and refuses the
 * coupon; one phone or e-mail holds only a few sessions open at once.
 */
let stack: PayLaterStack;

beforeAll(async () => {
  stack = await startPayLaterStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function limitedCode(maxUses: number) {
  const code = `HOLD-${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await stack.db
    .insert(tables.promotions)
    .values({
      name: 'Limited',
      code,
      type: 'FIXED_AMOUNT',
      value: 5,
      maxUses,
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row!;
}

const usesOf = async (promotionId: string) =>
  (await stack.db.select().from(tables.promotions).where(eq(tables.promotions.id, promotionId)))[0]!.uses;
const holdsOf = (promotionId: string) =>
  stack.db
    .select()
    .from(tables.promotionRedemptions)
    .where(eq(tables.promotionRedemptions.promotionId, promotionId));

/** A gateway whose Tabby client runs `during` while Tabby is scoring the session. */
async function gatewayWith(during: (req: TabbySessionRequest) => Promise<void>) {
  const sessions: TabbySession[] = [];
  const tabby: TabbyClient = {
    ...stack.tabby,
    async createSession(req) {
      await during(req);
      const session = await stack.tabby.createSession(req);
      sessions.push(session);
      return session;
    },
  };
  const app = await buildApp({
    config: stack.config,
    db: stack.db,
    temporal: stack.temporal,
    logger: pino({ level: 'silent' }),
    tabby,
  });
  return { app, sessions };
}

const post = (app: PayLaterStack['app'], claim: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/payments/tabby', payload: claim, headers });

describe("a limited coupon's use and the pay-later session", () => {
  it('is held only once Tabby accepted the session, until the session expires', async () => {
    const promo = await limitedCode(5);
    const seen: number[] = [];
    const { app } = await gatewayWith(async () => {
      seen.push(await usesOf(promo.id));
    });
    try {
      const before = Date.now();
      const res = await post(app, await payLaterClaim(stack.db, { coupon: promo.code! }));
      expect(res.statusCode, res.body).toBe(200);
      // Nothing was held while Tabby scored the session.
      expect(seen).toEqual([0]);
      expect(await usesOf(promo.id)).toBe(1);
      const [hold] = await holdsOf(promo.id);
      expect(hold).toMatchObject({ status: 'reserved' });
      const expiry = stack.config.payLater.timing.expiryMs;
      expect(hold!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + expiry);
      expect(hold!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + expiry);
    } finally {
      await app.close();
    }
  });

  it('is never taken for a session refused at pre-scoring', async () => {
    const promo = await limitedCode(5);
    const claim = await payLaterClaim(stack.db, { coupon: promo.code!, email: 'not.available@example.ae' });
    const res = await post(stack.app, claim);
    expect(res.statusCode).toBe(422);
    expect(await usesOf(promo.id)).toBe(0);
    expect(await holdsOf(promo.id)).toEqual([]);
  });

  it('gone to another shopper while Tabby scored: the session is closed, not used, and the coupon refused', async () => {
    const promo = await limitedCode(1);
    const promotions = createPromotionsRepository(stack.db);
    const { app, sessions } = await gatewayWith(async () => {
      // Another shopper's order takes the last use meanwhile.
      await stack.db.transaction((tx) =>
        promotions.redeem(
          {
            promotionId: promo.id,
            checkoutId: `other-${randomUUID()}`,
            orderId: 'QH-1',
          },
          tx,
        ),
      );
    });
    try {
      const res = await post(app, await payLaterClaim(stack.db, { coupon: promo.code! }), {
        'accept-language': 'ar',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'COUPON_REFUSED',
        error: t('payLaterCouponGone', 'ar'),
      });
      const paymentId = sessions[0]!.paymentId;
      // Its page can never be paid, and no workflow waits for it.
      expect(stack.fake.control.payment(paymentId).status).toBe('CLOSED');
      await expect(
        stack.temporal.workflow.getHandle(payLaterWorkflowId(paymentId)).describe(),
      ).rejects.toBeInstanceOf(WorkflowNotFoundError);
      const [checkout] = await stack.db
        .select()
        .from(tables.checkouts)
        .where(eq(tables.checkouts.providerPaymentId, paymentId));
      expect(checkout).toMatchObject({ status: 'failed' });
      // The other shopper's use is the only one.
      expect(await usesOf(promo.id)).toBe(1);
      expect((await holdsOf(promo.id)).map((h) => h.checkoutId)).not.toContain(checkout!.id);
      // A late webhook for it starts nothing.
      const hook = await stack.app.inject({
        method: 'POST',
        url: '/api/webhooks/tabby',
        headers: { [stack.config.tabby.webhookHeader.title]: stack.config.tabby.webhookHeader.value },
        payload: { id: paymentId, status: 'closed' },
      });
      expect(hook.statusCode).toBe(200);
      await expect(
        stack.temporal.workflow.getHandle(payLaterWorkflowId(paymentId)).describe(),
      ).rejects.toBeInstanceOf(WorkflowNotFoundError);
    } finally {
      await app.close();
    }
  });
});

describe('open pay-later sessions per contact', () => {
  const max = () => stack.config.payLater.maxOpenSessionsPerContact;

  it('one phone holds only a few open at once; Tabby is not even asked for one more', async () => {
    expect(max()).toBe(3);
    const phone = `+97155${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const opened: string[] = [];
    for (let i = 0; i < max(); i++) {
      const res = await post(stack.app, await payLaterClaim(stack.db, { phone }));
      expect(res.statusCode, res.body).toBe(200);
      opened.push(res.json().payment_id);
    }
    const asked = stack.fake.control.payments().length;
    const refused = await post(stack.app, await payLaterClaim(stack.db, { phone }), {
      'accept-language': 'ar',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'TOO_MANY_PAY_LATER_SESSIONS',
      error: t('payLaterTooManySessions', 'ar', { provider: localize(PAY_LATER_PROVIDER_NAME, 'ar') }),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(stack.fake.control.payments().length).toBe(asked);

    // Someone else is not held up.
    expect((await post(stack.app, await payLaterClaim(stack.db))).statusCode).toBe(200);

    // One of the three ends (the shopper cancels at Tabby): there is room again.
    const returned = await stack.app.inject({
      method: 'POST',
      url: `/api/payments/tabby/${opened[0]}/return`,
      payload: { result: 'cancel' },
    });
    expect(returned.statusCode).toBe(200);
    await until('the cancelled checkout', async () => {
      const [row] = await stack.db
        .select()
        .from(tables.checkouts)
        .where(eq(tables.checkouts.providerPaymentId, opened[0]!));
      return row?.status === 'cancelled';
    });
    expect((await post(stack.app, await payLaterClaim(stack.db, { phone }))).statusCode).toBe(200);
  });

  it('the same for one e-mail across phones; a session past Tabby’s expiry no longer counts', async () => {
    const email = `hoarder+${randomUUID().slice(0, 8)}@example.ae`;
    for (let i = 0; i < max(); i++) {
      expect((await post(stack.app, await payLaterClaim(stack.db, { email }))).statusCode).toBe(200);
    }
    const refused = await post(stack.app, await payLaterClaim(stack.db, { email: email.toUpperCase() }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      t('payLaterTooManySessions', 'en', { provider: localize(PAY_LATER_PROVIDER_NAME, 'en') }),
    );
    // Sessions nobody can pay any more (their workflow never ran, say) do not hold the shopper back.
    const lifetime = stack.config.payLater.timing.expiryMs;
    const rows = await stack.db.select().from(tables.checkouts).where(eq(tables.checkouts.status, 'open'));
    for (const row of rows.filter(
      (r) => (r.request as { contact?: { email: string } }).contact?.email === email,
    )) {
      await stack.db
        .update(tables.checkouts)
        .set({ createdAt: new Date(Date.now() - lifetime - 1000) })
        .where(eq(tables.checkouts.id, row.id));
    }
    expect((await post(stack.app, await payLaterClaim(stack.db, { email }))).statusCode).toBe(200);
  });
});

describe("the cart's own card hold and its pay-later session", () => {
  it('gives way to a session for the same cart (its checkoutKey), and still refuses another cart', async () => {
    const claim = await payLaterClaim(stack.db, { lines: 1, quantity: 3 });
    const line = claim.items[0]!;
    await stack.db
      .update(tables.productVariations)
      .set({ stockQuantity: 3 })
      .where(eq(tables.productVariations.id, line.variationId));
    // The payment step showed the card form first: its intent holds the cart's three bags.
    const checkoutKey = randomUUID();
    const cardCheckout = `card-${randomUUID()}`;
    await stack.db
      .insert(tables.checkouts)
      .values({ id: cardCheckout, provider: 'STRIPE', checkoutKey, request: {}, pricing: {}, totalFils: 1 });
    const held = [{ productId: line.productId, variationId: line.variationId, quantity: 3 }];
    expect(
      await createStockRepository(stack.db).hold(cardCheckout, held, new Date(Date.now() + 60_000)),
    ).toEqual([]);

    const other = await post(stack.app, { ...claim, checkoutKey: randomUUID() });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({ code: 'OUT_OF_STOCK' });

    const res = await post(stack.app, { ...claim, checkoutKey });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(await createStockRepository(stack.db).heldBy(cardCheckout)).toEqual([]);
  });
});
