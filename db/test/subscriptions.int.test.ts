import { cycleChargeKey, cycleCheckoutId, DEFAULT_SETTINGS, subscriptionWorkflowId } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/client';
import {
  createSettingsRepository,
  createSubscriptionCyclesRepository,
  createSubscriptionsRepository,
  isSubscriptionCycleSettled,
  type NewSubscription,
} from '../src/repositories';
import * as tables from '../src/schema';
import { placedOrder, resetDatabase } from '../src/testing';

/**
 * Subscriptions, their cycles and their changes against real PostgreSQL (docs/subscriptions.md):
 * what the workflow's activities will lean on to charge and order each cycle at most once and to
 * apply the shopper's changes in order, whatever retries and races do.
 */
const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, { max: 8 });
const db = handle.db;
const subs = createSubscriptionsRepository(db);
const cycles = createSubscriptionCyclesRepository(db);

let variation: { id: string; productId: string };
let orders = 0;
/** A placed card order (each of its own customer record, as the test helper makes one per order). */
const order = (email: string) =>
  placedOrder(db, {
    provider: 'STRIPE',
    customer: { fullName: 'Sara Ali', email: `${++orders}.${email}`, phone: '+971501112233' },
    locale: 'ar',
  });

function plan(email: string, overrides: Partial<NewSubscription> = {}): NewSubscription {
  return {
    email,
    name: 'Sara Ali',
    phone: '+971501112233',
    emirate: 'dubai',
    city: 'jbr',
    address: 'The Walk, Building 3, Apt 1204',
    locale: 'ar',
    lines: [{ productId: variation.productId, variationId: variation.id, quantity: 2 }],
    frequencyWeeks: 2,
    discountPercent: 10,
    stripeCustomerId: 'cus_test',
    stripePaymentMethodId: 'pm_test',
    nextChargeAt: new Date('2026-12-12T06:00:00Z'),
    ...overrides,
  };
}

beforeAll(async () => {
  await resetDatabase(db);
  const [v] = await db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .limit(1);
  variation = v!;
});
afterAll(async () => {
  await handle.close();
});

describe('subscriptions in PostgreSQL', () => {
  it('numbers a subscription SB-100001 and keeps the first checkout’s order as cycle 1', async () => {
    const first = await order('first@example.com');
    const created = await db.transaction((tx) =>
      subs.create(
        plan('First@Example.com', {
          firstCycle: { orderId: first, paymentIntentId: 'pi_first', amountFils: 14_100, at: new Date() },
        }),
        tx,
      ),
    );
    expect(created.number).toMatch(/^SB-1\d{5}$/);
    expect(created).toMatchObject({ status: 'active', version: 1, frequencyWeeks: 2, discountPercent: 10 });
    expect(await cycles.list(created.id)).toMatchObject([
      { number: 1, status: 'ordered', orderId: first, paymentIntentId: 'pi_first', amountFils: 14_100 },
    ]);
    // The manage link's re-send finds it whatever the case of the e-mail typed.
    expect((await subs.byEmail('first@EXAMPLE.com')).map((s) => s.number)).toEqual([created.number]);
    // The ids built from the number fit every place they go.
    expect(subscriptionWorkflowId(created.number)).toBe(`subscription-${created.number}`);
    expect(cycleCheckoutId(created.number, 3)).toMatch(/^[a-z]{2,10}-[A-Za-z0-9_-]{8,100}$/);
    expect(cycleChargeKey(created.number, 3, 2)).toBe(`subscription-${created.number}-cycle-3-attempt-2`);
  });

  it('opens a cycle once however many ask at once, and orders it at most once', async () => {
    const sub = await subs.create(plan('twice@example.com'));
    const due = new Date('2026-12-12T06:00:00Z');
    const opened = await Promise.all(Array.from({ length: 8 }, () => cycles.open(sub.id, 2, due)));
    expect(new Set(opened.map((c) => c.id)).size).toBe(1);
    const cycle = opened[0]!;
    const orderA = await order('twice@example.com');
    const done = { orderId: orderA, paymentIntentId: 'pi_twice_2', amountFils: 14_100, attempt: 1 };
    const ordered = await cycles.markOrdered(cycle.id, done);
    expect(ordered).toMatchObject({ status: 'ordered', orderId: orderA, attempts: 1 });
    // The activity retried after its commit: the same row, nothing changed.
    expect((await cycles.markOrdered(cycle.id, done)).updatedAt).toEqual(ordered.updatedAt);
    // Another order for the same cycle, or a skip after it was ordered, is refused.
    const orderB = await order('twice@example.com');
    await expect(cycles.markOrdered(cycle.id, { ...done, orderId: orderB })).rejects.toSatisfy(
      isSubscriptionCycleSettled,
    );
    await expect(cycles.markSkipped(cycle.id, 'shopper')).rejects.toSatisfy(isSubscriptionCycleSettled);
    // The database itself refuses a second row for the cycle, and one order or payment for two cycles.
    await expect(
      db.insert(tables.subscriptionCycles).values({ subscriptionId: sub.id, number: 2, dueAt: due }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    const cycle3 = await cycles.open(sub.id, 3, due);
    await expect(
      cycles.markOrdered(cycle3.id, { ...done, paymentIntentId: 'pi_other' }),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505', constraint: 'subscription_cycles_order_id_unique' }),
    });
    await expect(cycles.markOrdered(cycle3.id, { ...done, orderId: orderB })).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'subscription_cycles_payment_intent_id_unique' }),
    });
    // An ordered cycle without its order cannot be written at all.
    await expect(
      db
        .update(tables.subscriptionCycles)
        .set({ status: 'ordered' })
        .where(eq(tables.subscriptionCycles.id, cycle3.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });

  it('counts failed attempts, keeps a charge once, moves a cycle a week once per retry, skips, and fails it after the last retry', async () => {
    const sub = await subs.create(plan('retries@example.com'));
    const due = new Date('2026-12-26T06:00:00Z');
    const cycle = await cycles.open(sub.id, 2, due);
    await cycles.recordFailedAttempt(cycle.id, 1, 'insufficient_funds');
    await cycles.recordFailedAttempt(cycle.id, 2, 'card_declined');
    // A replay of attempt 1 does not lower the count.
    const after = await cycles.recordFailedAttempt(cycle.id, 1, 'card_declined');
    expect(after).toMatchObject({ attempts: 2, lastErrorCode: 'card_declined' });
    expect(await cycles.markPaymentFailed(cycle.id)).toMatchObject({ status: 'payment_failed' });
    expect(await cycles.recordFailedAttempt(cycle.id, 3, 'card_declined')).toBeNull();

    // Charged before its order is made: the intent is kept once, another intent is refused.
    const paid = await cycles.open(sub.id, 4, due);
    const charge = { paymentIntentId: 'pi_retries_4', amountFils: 9_500, attempt: 2 };
    expect(await cycles.recordCharge(paid.id, charge)).toMatchObject({
      status: 'pending',
      paymentIntentId: 'pi_retries_4',
      attempts: 2,
    });
    expect((await cycles.recordCharge(paid.id, charge)).paymentIntentId).toBe('pi_retries_4');
    await expect(
      cycles.recordCharge(paid.id, { ...charge, paymentIntentId: 'pi_other_4' }),
    ).rejects.toSatisfy(isSubscriptionCycleSettled);

    const stock = await cycles.open(sub.id, 3, due);
    const moved = await cycles.move(stock.id, due, 1);
    const replayed = await cycles.move(stock.id, due, 1);
    expect(moved.dueAt.toISOString()).toBe('2027-01-02T06:00:00.000Z');
    expect(replayed).toMatchObject({ dueAt: moved.dueAt, movedWeeks: 1 });
    expect(await cycles.markSkipped(stock.id, 'out_of_stock')).toMatchObject({
      status: 'skipped',
      skipReason: 'out_of_stock',
    });
    expect((await cycles.markSkipped(stock.id, 'out_of_stock')).status).toBe('skipped');
  });

  it('logs changes in the order they were applied, each change id once, with the plan they set', async () => {
    const sub = await subs.create(plan('changes@example.com'));
    // Ten changes at once (some sent twice, as a retried signal would be): seq 1..n, no gap, no copy.
    const ids = Array.from({ length: 10 }, (_, i) => `change-${i}`);
    await Promise.all(
      [...ids, ...ids.slice(0, 4)].map((changeId, i) =>
        db.transaction((tx) =>
          subs.applyChange(
            sub.id,
            {
              changeId,
              kind: 'quantity',
              payload: { quantity: (i % 10) + 1 },
              source: 'shopper',
              appliesFromCycle: 2,
            },
            tx,
          ),
        ),
      ),
    );
    const log = await subs.changes(sub.id);
    expect(log.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(log.map((c) => c.changeId))).toEqual(new Set(ids));
    const again = await subs.applyChange(sub.id, {
      changeId: 'change-3',
      kind: 'quantity',
      source: 'shopper',
      appliesFromCycle: 2,
    });
    expect(again).toMatchObject({ applied: false, change: { changeId: 'change-3' } });

    const freq = await db.transaction((tx) =>
      subs.applyChange(
        sub.id,
        {
          changeId: 'frequency-4',
          kind: 'frequency',
          payload: { weeks: 4 },
          source: 'shopper',
          // Arrived while cycle 2 was being charged: it applies from cycle 3, and says so.
          appliesFromCycle: 3,
          set: { frequencyWeeks: 4 },
        },
        tx,
      ),
    );
    expect(freq).toMatchObject({
      applied: true,
      change: { seq: 11, kind: 'frequency', appliesFromCycle: 3 },
    });
    expect(await subs.byNumber(sub.number)).toMatchObject({ frequencyWeeks: 4, version: 12 });

    // The workflow's bookkeeping is not a change, and a cancelled subscription is left alone.
    await subs.applyChange(sub.id, {
      changeId: 'cancel',
      kind: 'cancel',
      source: 'shopper',
      appliesFromCycle: 3,
      set: {
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelReason: 'Moving abroad',
        nextChargeAt: null,
      },
    });
    expect(await subs.setSchedule(sub.id, { status: 'active', nextChargeAt: new Date() })).toBeNull();
    expect(await subs.byId(sub.id)).toMatchObject({ status: 'cancelled', nextChargeAt: null });
    await expect(
      db.execute(sql`update subscriptions set status = 'gone' where id = ${sub.id}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });

  it('the subscriptions settings section is saved and read like every section, versioned and audited', async () => {
    const settings = createSettingsRepository(db);
    expect((await settings.read()).subscriptions).toEqual({
      version: 0,
      value: DEFAULT_SETTINGS.subscriptions,
    });
    const value = { enabled: true, frequencyWeeks: [2, 4], discountPercent: 15, outOfStock: 'skip' as const };
    const actor = { id: null, email: 'staff@qahwa.local' };
    const saved = await db.transaction((tx) =>
      settings.save('subscriptions', { expectedVersion: 0, value }, { actor }, tx),
    );
    expect(saved).toEqual({ ok: true, saved: { version: 1, value } });
    const stale = await settings.save('subscriptions', { expectedVersion: 0, value }, { actor });
    expect(stale.ok).toBe(false);
    expect(await settings.section('subscriptions')).toEqual(value);
    // A row that no longer satisfies the contract reads as the default.
    await db
      .update(tables.storeSettings)
      .set({ value: { version: 2, value: { ...value, discountPercent: 80 } } })
      .where(eq(tables.storeSettings.key, 'subscriptions'));
    expect(await settings.section('subscriptions')).toEqual(DEFAULT_SETTINGS.subscriptions);
  });
});
