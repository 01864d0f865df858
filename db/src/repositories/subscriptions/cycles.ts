import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../client';
import { subscriptionCycles } from '../../schema';

export type SubscriptionCycleRow = typeof subscriptionCycles.$inferSelect;

/**
 * A cycle that is no longer pending was asked to end another way (ordered with another order,
 * skipped after it was ordered): the caller must not act on it.
 */
export class SubscriptionCycleSettledError extends Error {
  override readonly name = 'SubscriptionCycleSettledError';
  readonly code = 'SUBSCRIPTION_CYCLE_SETTLED';
  constructor(readonly cycle: SubscriptionCycleRow) {
    super(`Cycle ${cycle.number} of subscription ${cycle.subscriptionId} is already ${cycle.status}`);
  }
}
export const isSubscriptionCycleSettled = (err: unknown): err is SubscriptionCycleSettledError =>
  err instanceof SubscriptionCycleSettledError;

/**
 * A subscription's cycles (docs/subscriptions.md "Cycles"). One row per (subscription, cycle
 * number), opened once whatever retries do; every move out of `pending` is a guarded update
 * (`where status = 'pending'`), so a replayed activity finds what the first run decided.
 */
export function createSubscriptionCyclesRepository(db: DbOrTx) {
  async function get(subscriptionId: string, number: number, tx: DbOrTx = db) {
    const [row] = await tx
      .select()
      .from(subscriptionCycles)
      .where(
        and(eq(subscriptionCycles.subscriptionId, subscriptionId), eq(subscriptionCycles.number, number)),
      );
    return row ?? null;
  }

  /** Moves a pending cycle; a settled one is answered as it is when `same` says it is this very outcome. */
  async function settle(
    cycleId: string,
    set: PgUpdateSetSource<typeof subscriptionCycles>,
    same: (row: SubscriptionCycleRow) => boolean,
    tx: DbOrTx,
  ): Promise<SubscriptionCycleRow> {
    const [moved] = await tx
      .update(subscriptionCycles)
      .set(set)
      .where(and(eq(subscriptionCycles.id, cycleId), eq(subscriptionCycles.status, 'pending')))
      .returning();
    if (moved) return moved;
    const [row] = await tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.id, cycleId));
    if (!row) throw new Error(`no subscription cycle ${cycleId}`);
    if (same(row)) return row;
    throw new SubscriptionCycleSettledError(row);
  }

  return {
    get,

    /** Every cycle of a subscription, first to last (the back office's detail). */
    async list(subscriptionId: string, tx: DbOrTx = db): Promise<SubscriptionCycleRow[]> {
      return tx
        .select()
        .from(subscriptionCycles)
        .where(eq(subscriptionCycles.subscriptionId, subscriptionId))
        .orderBy(asc(subscriptionCycles.number));
    },

    /** The cycle, opened `pending` the first time it is asked for; the same row every time after. */
    async open(
      subscriptionId: string,
      number: number,
      dueAt: Date,
      tx: DbOrTx = db,
    ): Promise<SubscriptionCycleRow> {
      await tx.insert(subscriptionCycles).values({ subscriptionId, number, dueAt }).onConflictDoNothing();
      return (await get(subscriptionId, number, tx))!;
    },

    /** A charge attempt failed (Stripe's code): counted once per attempt number. */
    async recordFailedAttempt(
      cycleId: string,
      attempt: number,
      errorCode: string,
      tx: DbOrTx = db,
    ): Promise<SubscriptionCycleRow | null> {
      const [row] = await tx
        .update(subscriptionCycles)
        .set({
          attempts: sql`greatest(${subscriptionCycles.attempts}, ${attempt})`,
          lastErrorCode: errorCode,
        })
        .where(and(eq(subscriptionCycles.id, cycleId), eq(subscriptionCycles.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /**
     * Charged, the order still to make: the PaymentIntent that paid the pending cycle (unique, so
     * it pays one cycle). Again with the same intent: the same row; a cycle already paid by another
     * intent, or no longer pending, is refused.
     */
    async recordCharge(
      cycleId: string,
      paid: { paymentIntentId: string; amountFils: number; attempt: number },
      tx: DbOrTx = db,
    ): Promise<SubscriptionCycleRow> {
      const [row] = await tx
        .update(subscriptionCycles)
        .set({
          paymentIntentId: paid.paymentIntentId,
          amountFils: paid.amountFils,
          attempts: sql`greatest(${subscriptionCycles.attempts}, ${paid.attempt})`,
          lastErrorCode: null,
        })
        .where(
          and(
            eq(subscriptionCycles.id, cycleId),
            eq(subscriptionCycles.status, 'pending'),
            sql`${subscriptionCycles.paymentIntentId} is null`,
          ),
        )
        .returning();
      if (row) return row;
      const [current] = await tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.id, cycleId));
      if (!current) throw new Error(`no subscription cycle ${cycleId}`);
      if (current.paymentIntentId === paid.paymentIntentId) return current;
      throw new SubscriptionCycleSettledError(current);
    },

    /**
     * Charged and ordered: the cycle keeps its order and PaymentIntent (both unique, so an order
     * or a payment belongs to one cycle). Again with the same order: the same row.
     */
    markOrdered(
      cycleId: string,
      done: { orderId: string; paymentIntentId: string; amountFils: number; attempt: number },
      tx: DbOrTx = db,
    ): Promise<SubscriptionCycleRow> {
      return settle(
        cycleId,
        {
          status: 'ordered',
          orderId: done.orderId,
          paymentIntentId: done.paymentIntentId,
          amountFils: done.amountFils,
          attempts: sql`greatest(${subscriptionCycles.attempts}, ${done.attempt})`,
        },
        (row) => row.status === 'ordered' && row.orderId === done.orderId,
        tx,
      );
    },

    /** Skipped by the shopper, staff, or for stock under the 'skip' policy. */
    markSkipped(
      cycleId: string,
      reason: 'shopper' | 'staff' | 'out_of_stock',
      tx: DbOrTx = db,
    ): Promise<SubscriptionCycleRow> {
      return settle(
        cycleId,
        { status: 'skipped', skipReason: reason },
        (row) => row.status === 'skipped',
        tx,
      );
    },

    /** Every retry failed: the subscription pauses and staff see it. */
    markPaymentFailed(cycleId: string, tx: DbOrTx = db): Promise<SubscriptionCycleRow> {
      return settle(cycleId, { status: 'payment_failed' }, (row) => row.status === 'payment_failed', tx);
    },

    /**
     * Out of stock under the 'move_week' policy: the pending cycle due at `from` is due `weeks`
     * later. Guarded by `from`, so a replayed activity does not move it twice: it gets the row.
     */
    async move(cycleId: string, from: Date, weeks: number, tx: DbOrTx = db): Promise<SubscriptionCycleRow> {
      const [row] = await tx
        .update(subscriptionCycles)
        .set({
          dueAt: sql`${subscriptionCycles.dueAt} + make_interval(weeks => ${weeks}::int)`,
          movedWeeks: sql`${subscriptionCycles.movedWeeks} + ${weeks}::int`,
        })
        .where(
          and(
            eq(subscriptionCycles.id, cycleId),
            eq(subscriptionCycles.status, 'pending'),
            eq(subscriptionCycles.dueAt, from),
          ),
        )
        .returning();
      if (row) return row;
      const [current] = await tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.id, cycleId));
      if (!current) throw new Error(`no subscription cycle ${cycleId}`);
      return current;
    },
  };
}
export type SubscriptionCyclesRepository = ReturnType<typeof createSubscriptionCyclesRepository>;
