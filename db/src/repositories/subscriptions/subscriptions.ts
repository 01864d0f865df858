import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  type SubscriptionChangeKind,
  type SubscriptionLine,
  subscriptionChanges,
  subscriptionCycles,
  subscriptions,
} from '../../schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionChangeRow = typeof subscriptionChanges.$inferSelect;

/** What a subscription starts with: the first checkout's contact, plan and saved card. */
export interface NewSubscription {
  email: string;
  name: string;
  phone: string;
  emirate: string;
  city: string;
  address: string;
  locale: 'en' | 'ar';
  lines: SubscriptionLine[];
  frequencyWeeks: number;
  discountPercent: number;
  stripeCustomerId: string;
  stripePaymentMethodId: string;
  customerId?: string | null;
  /** When cycle 2 is charged. */
  nextChargeAt: Date;
  requestId?: string;
  /** Cycle 1: the first checkout's order, paid on-session with the card saved. */
  firstCycle?: { orderId: string; paymentIntentId: string; amountFils: number; at: Date };
}

/** The plan's columns a change may set (the caller computes them from the change). */
export type PlanUpdate = Partial<
  Pick<
    SubscriptionRow,
    | 'status'
    | 'pauseReason'
    | 'pausedUntil'
    | 'email'
    | 'name'
    | 'phone'
    | 'emirate'
    | 'city'
    | 'address'
    | 'lines'
    | 'frequencyWeeks'
    | 'discountPercent'
    | 'nextChargeAt'
    | 'stripePaymentMethodId'
    | 'cancelledAt'
    | 'cancelReason'
  >
>;

export interface NewChange {
  /** The caller's id for this change (the manage page's request): a retried signal is one entry. */
  changeId: string;
  kind: SubscriptionChangeKind;
  payload?: Record<string, unknown>;
  source: 'shopper' | 'staff' | 'system';
  actorId?: string | null;
  /** The first cycle it changes (the next one when it arrived while a cycle was being charged). */
  appliesFromCycle: number;
  /** The plan after the change, written with it. */
  set?: PlanUpdate;
}

/**
 * Subscriptions and the ordered log of their changes (docs/subscriptions.md). The workflow's
 * activities and the manage page share these; every write takes the caller's transaction, so a
 * change, the plan it sets and its outbox event commit together.
 */
export function createSubscriptionsRepository(db: DbOrTx) {
  async function nextNumber(tx: DbOrTx = db): Promise<string> {
    const { rows } = await tx.execute<{ n: string }>(
      sql`select nextval('subscription_number_seq')::text as n`,
    );
    return `SB-${rows[0]!.n}`;
  }

  async function byNumber(number: string, tx: DbOrTx = db): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.number, number));
    return row ?? null;
  }

  return {
    nextNumber,
    byNumber,

    async byId(id: string, tx: DbOrTx = db): Promise<SubscriptionRow | null> {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },

    /** A shopper's subscriptions by e-mail (case-insensitive), newest first: the manage link's re-send. */
    async byEmail(email: string, tx: DbOrTx = db): Promise<SubscriptionRow[]> {
      return tx
        .select()
        .from(subscriptions)
        .where(sql`lower(${subscriptions.email}) = lower(${email})`)
        .orderBy(desc(subscriptions.createdAt));
    },

    /** Creates the subscription and, when given, its cycle 1 (the first checkout's order). */
    async create(input: NewSubscription, tx: DbOrTx = db): Promise<SubscriptionRow> {
      const number = await nextNumber(tx);
      const { firstCycle, ...plan } = input;
      const [row] = await tx
        .insert(subscriptions)
        .values({ ...plan, number, customerId: input.customerId ?? null, requestId: input.requestId ?? null })
        .returning();
      if (firstCycle) {
        await tx.insert(subscriptionCycles).values({
          subscriptionId: row!.id,
          number: 1,
          status: 'ordered',
          dueAt: firstCycle.at,
          attempts: 1,
          orderId: firstCycle.orderId,
          paymentIntentId: firstCycle.paymentIntentId,
          amountFils: firstCycle.amountFils,
        });
      }
      return row!;
    },

    /**
     * Applies one change: under the subscription's row lock, the next `seq`, the log entry and
     * the plan it sets (version + 1), in the caller's transaction. A change id seen before is not
     * applied again: `{ applied: false }` with the entry it made then.
     */
    async applyChange(
      subscriptionId: string,
      change: NewChange,
      tx: DbOrTx = db,
    ): Promise<{ applied: boolean; change: SubscriptionChangeRow }> {
      await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId))
        .for('update');
      const [seen] = await tx
        .select()
        .from(subscriptionChanges)
        .where(eq(subscriptionChanges.changeId, change.changeId));
      if (seen) return { applied: false, change: seen };
      const [last] = await tx
        .select({ seq: sql<number>`coalesce(max(${subscriptionChanges.seq}), 0)::int` })
        .from(subscriptionChanges)
        .where(eq(subscriptionChanges.subscriptionId, subscriptionId));
      const [entry] = await tx
        .insert(subscriptionChanges)
        .values({
          subscriptionId,
          seq: (last?.seq ?? 0) + 1,
          changeId: change.changeId,
          kind: change.kind,
          payload: change.payload ?? {},
          source: change.source,
          actorId: change.actorId ?? null,
          appliesFromCycle: change.appliesFromCycle,
        })
        .returning();
      await tx
        .update(subscriptions)
        .set({ ...(change.set ?? {}), version: sql`${subscriptions.version} + 1` })
        .where(eq(subscriptions.id, subscriptionId));
      return { applied: true, change: entry! };
    },

    /** The changes in the order they were applied. */
    async changes(subscriptionId: string, tx: DbOrTx = db): Promise<SubscriptionChangeRow[]> {
      return tx
        .select()
        .from(subscriptionChanges)
        .where(eq(subscriptionChanges.subscriptionId, subscriptionId))
        .orderBy(asc(subscriptionChanges.seq));
    },

    /** The workflow's own bookkeeping (the next date, past due, paused after failed charges): not a logged change. */
    async setSchedule(
      subscriptionId: string,
      set: Pick<PlanUpdate, 'status' | 'nextChargeAt' | 'pausedUntil' | 'pauseReason'>,
      tx: DbOrTx = db,
    ): Promise<SubscriptionRow | null> {
      const [row] = await tx
        .update(subscriptions)
        .set(set)
        .where(and(eq(subscriptions.id, subscriptionId), sql`${subscriptions.status} <> 'cancelled'`))
        .returning();
      return row ?? null;
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
