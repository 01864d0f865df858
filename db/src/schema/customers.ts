import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
