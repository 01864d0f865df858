import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Shoppers check out anonymously; a customer is found or created by e-mail at the first order. */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  phone: text('phone').notNull(),
  ...timestamps,
});

/**
 * SPEC 3 "Lead". One open lead per e-mail (a partial unique index: status is not CONVERTED);
 * once converted, a new cart from the same e-mail starts a new lead.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    status: text('status').notNull().default('NEW'),
    convertedData: jsonb('converted_data'),
    convertedUserId: uuid('converted_user_id').references(() => customers.id),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    hasPaymentInfo: boolean('has_payment_info').notNull().default(false),
    paymentStep: timestamp('payment_step', { withTimezone: true }),
    preferredPayment: text('preferred_payment'),
    cartValueFils: jsonb('cart_value_fils').$type<number>(),
    cartItems: jsonb('cart_items'),
    fullName: text('full_name'),
    phone: text('phone'),
    locale: text('locale').notNull().default('en'),
    /** The browser's cart id: a second abandonment of the same cart is the same lead, no new e-mail. */
    cartKey: text('cart_key'),
    /** cart_idle, page_exit, manual, email_capture (SPEC 4). */
    abandonmentTrigger: text('abandonment_trigger'),
    /** The SPEC 3 cart-abandonment payload as received (no secrets, size-capped by the gateway). */
    abandonment: jsonb('abandonment'),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('leads_open_email_uq').on(t.email).where(sql`${t.status} <> 'CONVERTED'`),
    index('leads_status_idx').on(t.status, t.lastActivityAt),
  ],
);

/**
 * Every cart reported abandoned, with or without an e-mail, once per browser cart id, and nothing
 * that names a person (docs/leads.md "Abandoned carts without a lead"): the dashboard's
 * abandonment rate counts these against the period's orders. A cart the same browser then
 * bought is marked `ordered_at` and no longer counts as abandoned.
 */
export const abandonedCarts = pgTable(
  'abandoned_carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The browser's random cart id (`cartKey`): a second report of the same cart is the same row. */
    cartKey: text('cart_key').notNull().unique(),
    valueFils: bigint('value_fils', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }).notNull().defaultNow(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
  },
  (t) => [index('abandoned_carts_abandoned_at_idx').on(t.abandonedAt)],
);
