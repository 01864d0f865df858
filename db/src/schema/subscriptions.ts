import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { customers } from './customers';
import { orders } from './orders';

/** Subscription numbers shoppers can read aloud: SB-100001, SB-100002, … */
export const subscriptionNumberSeq = pgSequence('subscription_number_seq', { startWith: 100001 });

export type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'cancelled';
export type SubscriptionCycleStatus = 'pending' | 'ordered' | 'skipped' | 'payment_failed' | 'cancelled';
/** What the shopper receives each cycle: a variation of a product, so many bags. */
export interface SubscriptionLine {
  productId: string;
  variationId: string;
  quantity: number;
}

/**
 * A shopper's coffee subscription (docs/subscriptions.md). Its life is the `subscription`
 * workflow's (id `subscription-<number>`); this row is the plan it charges by and what it decided,
 * so the manage page and the back office read it without Temporal. Changes arrive through the
 * workflow and are logged in order in `subscription_changes`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SB-100001: the workflow id is `subscription-<number>`, every cycle's checkout id too. */
    number: text('number').notNull().unique(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** Why it is paused: the shopper, staff, or the charge failed after every retry. */
    pauseReason: text('pause_reason').$type<'shopper' | 'staff' | 'payment_failed'>(),
    /** A shopper's pause of 1–8 weeks ends by itself; null: until resumed. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** The record of the first order's customer (the checkout made it). */
    customerId: uuid('customer_id').references(() => customers.id),
    /** The contact the e-mails and the manage link go to, as given at the first checkout. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    emirate: text('emirate').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    locale: text('locale').notNull().default('en'),
    /** The plan each cycle is priced from, at that moment's prices. */
    lines: jsonb('lines').$type<SubscriptionLine[]>().notNull(),
    frequencyWeeks: integer('frequency_weeks').notNull(),
    /**
     * The discount the shopper subscribed at (the setting's value then): a later change of the
     * setting does not reprice a running subscription; staff may change it (audited).
     */
    discountPercent: integer('discount_percent').notNull(),
    /** When the next cycle is charged; null once cancelled. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** The saved card: Stripe's Customer and PaymentMethod (docs/subscriptions.md "Stripe"). */
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripePaymentMethodId: text('stripe_payment_method_id').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Optimistic concurrency for staff's changes. */
    version: integer('version').notNull().default(1),
    requestId: text('request_id'),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_status_next_idx').on(t.status, t.nextChargeAt),
    index('subscriptions_email_idx').on(sql`lower(${t.email})`),
    index('subscriptions_customer_idx').on(t.customerId),
    check('subscriptions_status_known', sql`${t.status} in ('active', 'past_due', 'paused', 'cancelled')`),
    check('subscriptions_frequency_range', sql`${t.frequencyWeeks} between 1 and 52`),
    check('subscriptions_discount_range', sql`${t.discountPercent} between 0 and 100`),
  ],
);

/**
 * One delivery of a subscription. Unique per (subscription, cycle number), so a cycle is charged
 * and ordered at most once whatever retries, replays or restarts do; `order_id` and
 * `payment_intent_id` are unique too. Cycle 1 is the first checkout's (paid on-session).
 */
export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').$type<SubscriptionCycleStatus>().notNull().default('pending'),
    /** When it was due (after any move a week for stock). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Charge attempts made (1 + the retries after 1, 3 and 5 days). */
    attempts: integer('attempts').notNull().default(0),
    /** Stripe's code of the last failed attempt: card_declined, insufficient_funds, authentication_required. */
    lastErrorCode: text('last_error_code'),
    /** The PaymentIntent that paid it. */
    paymentIntentId: text('payment_intent_id').unique(),
    amountFils: integer('amount_fils'),
    /** The order it made (its checkout id `sub-<number>-c<cycle>`). */
    orderId: text('order_id')
      .unique()
      .references(() => orders.id),
    /** Why it was skipped: the shopper, staff, or out of stock under the 'skip' policy. */
    skipReason: text('skip_reason').$type<'shopper' | 'staff' | 'out_of_stock'>(),
    /** Weeks it was moved for stock under the 'move_week' policy. */
    movedWeeks: integer('moved_weeks').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('subscription_cycles_number_uq').on(t.subscriptionId, t.number),
    index('subscription_cycles_status_idx').on(t.status, t.dueAt),
    check(
      'subscription_cycles_status_known',
      sql`${t.status} in ('pending', 'ordered', 'skipped', 'payment_failed', 'cancelled')`,
    ),
    check('subscription_cycles_number_positive', sql`${t.number} >= 1`),
    check(
      'subscription_cycles_ordered_has_order',
      sql`${t.status} <> 'ordered' or (${t.orderId} is not null and ${t.paymentIntentId} is not null)`,
    ),
  ],
);

export type SubscriptionChangeKind =
  | 'skip'
  | 'pause'
  | 'resume'
  | 'frequency'
  | 'quantity'
  | 'variation'
  | 'address'
  | 'card'
  | 'cancel'
  | 'price';

/**
 * The shopper's (and staff's) changes, as an ordered log: `seq` counts 1, 2, 3 … per subscription
 * in the order the workflow applied them, `change_id` (the caller's id for the change: the manage
 * page's request) makes a retried signal one entry. `applies_from_cycle` says which cycle it
 * first changed: a change that arrived while a cycle was being charged applies to the next.
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    changeId: text('change_id').notNull().unique(),
    kind: text('kind').$type<SubscriptionChangeKind>().notNull(),
    /** The change's own values (the new frequency, the pause's weeks, the address, …). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    source: text('source').$type<'shopper' | 'staff' | 'system'>().notNull(),
    /** The staff member, for a staff change. */
    actorId: text('actor_id'),
    appliesFromCycle: integer('applies_from_cycle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('subscription_changes_seq_uq').on(t.subscriptionId, t.seq),
    check(
      'subscription_changes_kind_known',
      sql`${t.kind} in ('skip', 'pause', 'resume', 'frequency', 'quantity', 'variation', 'address', 'card', 'cancel', 'price')`,
    ),
    check('subscription_changes_source_known', sql`${t.source} in ('shopper', 'staff', 'system')`),
  ],
);
