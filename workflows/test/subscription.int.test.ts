import { randomUUID } from 'node:crypto';
import {
  createDb,
  createSubscriptionCyclesRepository,
  createSubscriptionsRepository,
  type DbHandle,
  eq,
  tables,
} from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { StripeDouble } from '@qahwa/fake-stripe';
import { cycleChargeKey, subscriptionWorkflowId } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionActivities } from '../src/subscriptions/activities';
import {
  pauseSignal,
  resumeSignal,
  type SubscriptionInput,
  skipNextSignal,
  type subscription,
  subscriptionStateQuery,
} from '../src/subscriptions/workflow';
import { sharedWorkflowBundle, startTestWorker, temporalAddress } from '../src/testing';

/**
 * The subscription workflow's skeleton on the real Temporal dev server against the Stripe double,
 * time-compressed: a "week" is 1.5 s and the retries' 1, 3 and 5 days are 0.3 s each, passed in
 * the workflow's input as pay later's timers are (docs/pay-later.md "Timers"): the same code path.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const WEEK_MS = 1_500;
const timing = { weekMs: WEEK_MS, retryDelaysMs: [300, 300, 300] };

let handle: DbHandle;
let client: Client;
let double: StripeDouble;
let stripe: Stripe;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
const taskQueue = `subscription-${randomUUID()}`;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  double = new StripeDouble();
  await double.listen();
  stripe = new Stripe('sk_test_double', double.clientConfig());
  worker = await startTestWorker(handle.db, taskQueue, temporalAddress(), { stripe });
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await client?.connection.close();
  await double?.close();
  await handle?.close();
});

/** A subscription whose first checkout saved `card` (a Stripe test PaymentMethod) to a new Customer. */
async function subscribed(card: string) {
  const customer = await stripe.customers.create({ email: 'sara@example.com' });
  const first = await stripe.paymentIntents.create({
    amount: 14_100,
    currency: 'aed',
    customer: customer.id,
    setup_future_usage: 'off_session',
  });
  const paid = await stripe.paymentIntents.confirm(first.id, { payment_method: card });
  const [v] = await handle.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .limit(1);
  return createSubscriptionsRepository(handle.db).create({
    email: 'sara@example.com',
    name: 'Sara Ali',
    phone: '+971501112233',
    emirate: 'dubai',
    city: 'jbr',
    address: 'The Walk, Building 3, Apt 1204',
    locale: 'ar',
    lines: [{ productId: v!.productId, variationId: v!.id, quantity: 1 }],
    frequencyWeeks: 1,
    discountPercent: 10,
    stripeCustomerId: customer.id,
    stripePaymentMethodId: paid.payment_method as string,
    nextChargeAt: new Date(Date.now() + WEEK_MS),
  });
}

const start = (input: SubscriptionInput) =>
  client.workflow.start<typeof subscription>('subscription', {
    taskQueue,
    workflowId: subscriptionWorkflowId(input.number),
    args: [input],
  });

/**
 * Every off-session charge the double made for a customer, with the key it came under (the first
 * checkout's confirmation carries stripe-node's own retry key, not a subscription's).
 */
const chargesOf = (customer: string) =>
  double.events
    .filter((e) => e.type.startsWith('payment_intent.'))
    .map((e) => ({
      type: e.type,
      key: e.request.idempotency_key,
      intent: e.data.object as { customer: string },
    }))
    .filter((e) => e.intent.customer === customer && e.key?.startsWith('subscription-'));

describe('the subscription workflow (time-compressed)', () => {
  it('charges each due cycle once with its own key, skips on a signal, waits out a pause, hands over by continue-as-new, and replays', async () => {
    const sub = await subscribed('pm_card_visa');
    const began = Date.now();
    const wf = await start({
      number: sub.number,
      cycle: 2,
      frequencyWeeks: 1,
      dueAt: new Date(began + WEEK_MS).toISOString(),
      lastCycle: 5,
      cyclesPerRun: 2,
      timing,
    });
    // Before cycle 2 is due: skip it.
    await wf.signal(skipNextSignal);
    // Once cycle 3 is charged, pause a week: cycle 4 comes two weeks after it, not one (the pause
    // may land while cycle 3 is still being recorded: it applies to the next cycle either way).
    let state = await wf.query(subscriptionStateQuery);
    while (!state.charged.some((c) => c.cycle === 3)) {
      await new Promise((r) => setTimeout(r, 100));
      state = await wf.query(subscriptionStateQuery);
    }
    const cycle3At = Date.now();
    await wf.signal(pauseSignal, { weeks: 1 });
    const result = await wf.result();

    expect(result.skipped).toEqual([2]);
    expect(result.charged.map((c) => [c.cycle, c.attempts])).toEqual([
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(result.failed).toEqual([]);
    // Continue-as-new ran: the last run is not the first, and the history came with it.
    const described = await wf.describe();
    expect(described.runId).not.toBe(wf.firstExecutionRunId);
    // Both runs replay deterministically from their histories (the first ends in continue-as-new).
    for (const runId of [wf.firstExecutionRunId, described.runId]) {
      const history = await client.workflow.getHandle(wf.workflowId, runId).fetchHistory();
      await expect(
        Worker.runReplayHistory({ workflowBundle: await sharedWorkflowBundle() }, history, wf.workflowId),
      ).resolves.toBeUndefined();
    }

    // Exactly one charge per charged cycle, each under its cycle's key, none for the skipped one.
    const charges = chargesOf(sub.stripeCustomerId);
    expect(charges.map((c) => [c.type, c.key])).toEqual(
      [3, 4, 5].map((n) => ['payment_intent.succeeded', cycleChargeKey(sub.number, n, 1)]),
    );
    const cycles = await createSubscriptionCyclesRepository(handle.db).list(sub.id);
    expect(cycles.map((c) => [c.number, c.status, c.paymentIntentId !== null])).toEqual([
      [2, 'skipped', false],
      [3, 'pending', true],
      [4, 'pending', true],
      [5, 'pending', true],
    ]);
    // The pause held cycle 4 a week beyond its due time (timers never fire early; the 0.5 s is
    // how late the test may have seen cycle 3's charge).
    const cycle4 = cycles.find((c) => c.number === 4)!;
    expect(cycle4.createdAt.getTime() - cycle3At).toBeGreaterThanOrEqual(2 * WEEK_MS - 500);
  });

  it('a card with insufficient funds: retried after each delay with a new key, then the cycle fails and the subscription pauses until resumed', async () => {
    const customer = await stripe.customers.create({ email: 'poor@example.com' });
    const sub = await subscribed('pm_card_visa');
    // The shopper's card is replaced by one that attaches but has no funds.
    const poor = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000009995', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    await stripe.paymentMethods.attach(poor.id, { customer: customer.id });
    await handle.db
      .update(tables.subscriptions)
      .set({ stripeCustomerId: customer.id, stripePaymentMethodId: poor.id })
      .where(eqId(sub.id));
    const wf = await start({
      number: sub.number,
      cycle: 2,
      frequencyWeeks: 1,
      dueAt: new Date().toISOString(),
      lastCycle: 2,
      timing,
    });
    let state = await wf.query(subscriptionStateQuery);
    while (state.status !== 'paused') {
      await new Promise((r) => setTimeout(r, 100));
      state = await wf.query(subscriptionStateQuery);
    }
    expect(state.failed).toEqual([{ cycle: 2, codes: Array(4).fill('insufficient_funds') }]);
    const [row] = await handle.db.select().from(tables.subscriptions).where(eqId(sub.id));
    expect(row).toMatchObject({ status: 'paused', pauseReason: 'payment_failed' });
    const [cycle] = await createSubscriptionCyclesRepository(handle.db).list(sub.id);
    expect(cycle).toMatchObject({
      status: 'payment_failed',
      attempts: 4,
      lastErrorCode: 'insufficient_funds',
    });
    // One PaymentIntent per attempt, each under its own key (Stripe keeps a decline under its key).
    expect(chargesOf(customer.id).map((c) => [c.type, c.key])).toEqual(
      [1, 2, 3, 4].map((a) => ['payment_intent.payment_failed', cycleChargeKey(sub.number, 2, a)]),
    );
    await wf.signal(resumeSignal);
    await expect(wf.result()).resolves.toMatchObject({ status: 'ended', charged: [] });
  });
});

describe('a charge whose answer was lost', () => {
  it('is found by the next attempt before it charges under its new key: the cycle is paid once', async () => {
    const sub = await subscribed('pm_card_visa');
    // Attempt 1 charged at Stripe, and every retry of it failed to hear the answer (Stripe out of
    // reach for the activity's hour): the workflow goes on to attempt 2.
    const lost = await stripe.paymentIntents.create(
      {
        amount: 9_500,
        currency: 'aed',
        customer: sub.stripeCustomerId,
        payment_method: sub.stripePaymentMethodId,
        off_session: true,
        confirm: true,
        metadata: { subscription: sub.number, cycle: '2' },
      },
      { idempotencyKey: cycleChargeKey(sub.number, 2, 1) },
    );
    const activities = createSubscriptionActivities({
      db: handle.db,
      logger: pino({ level: 'silent' }),
      stripe,
    });
    const ref = { number: sub.number, cycle: 2, dueAt: new Date().toISOString() };
    await expect(activities.chargeSubscriptionCycle(ref, 2)).resolves.toEqual({
      paymentIntentId: lost.id,
      amountFils: 9_500,
    });
    expect(chargesOf(sub.stripeCustomerId).map((c) => c.key)).toEqual([cycleChargeKey(sub.number, 2, 1)]);
    const [cycle] = await createSubscriptionCyclesRepository(handle.db).list(sub.id);
    expect(cycle).toMatchObject({ number: 2, status: 'pending', paymentIntentId: lost.id, attempts: 2 });
  });
});

const eqId = (id: string) => eq(tables.subscriptions.id, id);
