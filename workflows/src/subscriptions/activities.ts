import { priceCheckout } from '@qahwa/checkout';
import { chargeSavedCard, findSavedCardPayment } from '@qahwa/checkout/payments';
import { createSubscriptionCyclesRepository, createSubscriptionsRepository, type Db } from '@qahwa/db';
import { cycleChargeKey, cycleCheckoutId } from '@qahwa/schema';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

/** One cycle as the workflow names it: the subscription, the cycle number and when it was due. */
export interface CycleRef {
  number: string;
  cycle: number;
  /** ISO time the cycle was due (workflow time): the cycle row's `due_at` when it is opened. */
  dueAt: string;
}

/** A cycle paid: the PaymentIntent and the amount Stripe took. */
export interface CycleCharge {
  paymentIntentId: string;
  amountFils: number;
}

/** Stripe's answer to a declined off-session charge, the workflow's failure details. */
export interface ChargeFailure {
  /** card_declined, insufficient_funds (Stripe's decline code), authentication_required, … */
  code: string;
  paymentIntentId: string | null;
}

export const SUBSCRIPTION_CHARGE_FAILED = 'SUBSCRIPTION_CHARGE_FAILED';

/**
 * The subscription workflow's activities (docs/subscriptions.md), the foundation's part: charge
 * a cycle off-session with its attempt's Idempotency-Key, skip a cycle, and end a cycle whose
 * charge failed after every retry. Placing the cycle's order through the order core is the next
 * round's (the cycle keeps its PaymentIntent until then).
 */
export function createSubscriptionActivities({
  db,
  logger,
  stripe,
}: {
  db: Db;
  logger: Logger;
  stripe?: Stripe | undefined;
}) {
  const subscriptions = createSubscriptionsRepository(db);
  const cycles = createSubscriptionCyclesRepository(db);

  async function subscriptionOf(number: string) {
    const sub = await subscriptions.byNumber(number);
    if (!sub) throw ApplicationFailure.nonRetryable(`No subscription ${number}`, 'SUBSCRIPTION_NOT_FOUND');
    return sub;
  }

  return {
    /**
     * Charges the cycle's saved card with nobody present: priced from the database now, one
     * PaymentIntent per attempt (`cycleChargeKey`), recorded on the cycle. A cycle already paid
     * answers its intent without asking Stripe; a retried attempt gets Stripe's first answer. A
     * decline is a non-retryable SUBSCRIPTION_CHARGE_FAILED with Stripe's code; Stripe down is
     * thrown as it is (Temporal retries it, same key).
     */
    async chargeSubscriptionCycle(ref: CycleRef, attempt: number): Promise<CycleCharge> {
      if (!stripe)
        throw ApplicationFailure.nonRetryable('This worker has no Stripe client', 'STRIPE_MISSING');
      const sub = await subscriptionOf(ref.number);
      const cycle = await cycles.open(sub.id, ref.cycle, new Date(ref.dueAt));
      if (cycle.paymentIntentId && cycle.amountFils !== null) {
        return { paymentIntentId: cycle.paymentIntentId, amountFils: cycle.amountFils };
      }
      // The subscription discount and the stock check come with the order step (next round).
      const priced = await priceCheckout(db, {
        items: sub.lines,
        city: sub.city,
        checkoutId: cycleCheckoutId(ref.number, ref.cycle),
      });
      const log = logger.child({ subscription: ref.number, cycle: ref.cycle, attempt });
      const metadata = { subscription: ref.number, cycle: String(ref.cycle) };
      if (attempt > 1) {
        // An earlier attempt may have charged and lost Stripe's answer: never charge a cycle twice.
        const earlier = await findSavedCardPayment(stripe, sub.stripeCustomerId, metadata);
        if (earlier) {
          await cycles.recordCharge(cycle.id, { ...earlier, attempt });
          log.warn(
            { paymentIntentId: earlier.paymentIntentId },
            'subscription cycle found paid by an earlier attempt',
          );
          return earlier;
        }
      }
      const outcome = await chargeSavedCard(stripe, {
        amountFils: priced.totalFils,
        customer: sub.stripeCustomerId,
        paymentMethod: sub.stripePaymentMethodId,
        idempotencyKey: cycleChargeKey(ref.number, ref.cycle, attempt),
        metadata,
      });
      if (!outcome.paid) {
        await cycles.recordFailedAttempt(cycle.id, attempt, outcome.code);
        log.warn(
          { code: outcome.code, paymentIntentId: outcome.paymentIntentId },
          'subscription cycle charge declined',
        );
        throw ApplicationFailure.nonRetryable(outcome.message, SUBSCRIPTION_CHARGE_FAILED, {
          code: outcome.code,
          paymentIntentId: outcome.paymentIntentId,
        } satisfies ChargeFailure);
      }
      const { paymentIntentId, amountFils } = outcome;
      await cycles.recordCharge(cycle.id, { paymentIntentId, amountFils, attempt });
      log.info({ paymentIntentId, amountFils }, 'subscription cycle charged');
      return { paymentIntentId, amountFils };
    },

    /** The shopper (or staff) skipped this cycle: no charge, no order. */
    async skipSubscriptionCycle(ref: CycleRef, reason: 'shopper' | 'staff'): Promise<void> {
      const sub = await subscriptionOf(ref.number);
      const cycle = await cycles.open(sub.id, ref.cycle, new Date(ref.dueAt));
      await cycles.markSkipped(cycle.id, reason);
    },

    /** Every retry failed: the cycle is `payment_failed`, the subscription paused for staff to see. */
    async failSubscriptionCycle(ref: CycleRef): Promise<void> {
      const sub = await subscriptionOf(ref.number);
      const cycle = await cycles.open(sub.id, ref.cycle, new Date(ref.dueAt));
      await db.transaction(async (tx) => {
        await cycles.markPaymentFailed(cycle.id, tx);
        await subscriptions.setSchedule(sub.id, { status: 'paused', pauseReason: 'payment_failed' }, tx);
      });
    },

    /** The workflow's bookkeeping: the next charge's time and whether the subscription is past due. */
    async scheduleSubscription(
      number: string,
      next: { nextChargeAt: string; status: 'active' | 'past_due' | 'paused' },
    ): Promise<void> {
      const sub = await subscriptionOf(number);
      await subscriptions.setSchedule(sub.id, {
        nextChargeAt: new Date(next.nextChargeAt),
        status: next.status,
      });
    },
  };
}
