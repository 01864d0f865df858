import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Shoppers check out anonymously; a customer is found or created by e-mail at the first order. */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  phone: text('phone').notNull(),
  ...timestamps,
});

/** SPEC 3 "Lead". */
export const leads = pgTable('leads', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  status: text('status').notNull().default('NEW'),
  convertedData: jsonb('converted_data'),
  convertedUserId: uuid('converted_user_id').references(() => customers.id),
  hasPaymentInfo: boolean('has_payment_info').notNull().default(false),
  paymentStep: timestamp('payment_step', { withTimezone: true }),
  preferredPayment: text('preferred_payment'),
  cartValueFils: jsonb('cart_value_fils').$type<number>(),
  cartItems: jsonb('cart_items'),
  ...timestamps,
});
