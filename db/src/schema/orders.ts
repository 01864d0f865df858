import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariations } from './catalogue';
import { timestamps } from './columns';
import { customers } from './customers';

export const orderStatus = pgEnum('order_status', [
  'pending',
  'new',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
]);
export const paymentProvider = pgEnum('payment_provider', ['COD', 'STRIPE', 'TABBY']);

/** Order numbers shoppers can read aloud on the phone: QH-100001, QH-100002, … */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** The idempotency key: one checkout makes at most one order. */
    checkoutId: text('checkout_id').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    status: orderStatus('status').notNull().default('new'),
    paymentProvider: paymentProvider('payment_provider').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /**
     * The wallet a card payment came through, as Stripe's charge names it (`apple_pay`,
     * `google_pay`): the confirmation, the order's page and the e-mail say "Apple Pay", not "Card".
     * Null for a card typed in, cash on delivery and pay later.
     */
    paymentWallet: text('payment_wallet'),
    subtotalFils: integer('subtotal_fils').notNull(),
    shippingFils: integer('shipping_fils').notNull(),
    discountFils: integer('discount_fils').notNull().default(0),
    taxFils: integer('tax_fils').notNull().default(0),
    totalFils: integer('total_fils').notNull(),
    /**
     * VAT inside the total (prices include it; docs/vat.md): the rate the order was placed under
     * (basis points, 0 while the store was not VAT-registered), the VAT of its lines and of its
     * shipping added, and shipping's own.
     */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    vatFils: integer('vat_fils').notNull().default(0),
    shippingVatFils: integer('shipping_vat_fils').notNull().default(0),
    currency: text('currency').notNull().default('AED'),
    /**
     * The shopper's details as given at this checkout: the courier calls the phone on the order,
     * never a customer record that a later checkout may have changed.
     */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    emirate: text('emirate').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    locale: text('locale').notNull().default('en'),
    requestId: text('request_id'),
    /** Optimistic concurrency for staff moving the order: a stale move is refused. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_customer_idx').on(t.customerId),
    index('orders_created_idx').on(t.createdAt),
    // Orders per phone and per e-mail in the last hour (the anti-hoarding limit) read these.
    index('orders_phone_created_idx').on(t.customerPhone, t.createdAt),
    index('orders_email_created_idx').on(t.customerEmail, t.createdAt),
    check('orders_total_nonnegative', sql`${t.totalFils} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    variationId: uuid('variation_id')
      .notNull()
      .references(() => productVariations.id),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull(),
    variation: jsonb('variation')
      .$type<{ weight: string | null; beans: string | null; additions: string | null }>()
      .notNull(),
    unitFils: integer('unit_fils').notNull(),
    quantity: integer('quantity').notNull(),
    lineFils: integer('line_fils').notNull(),
    /** The line's share of the order's goods discount; line − discount = taxable + VAT (docs/vat.md). */
    discountFils: integer('discount_fils').notNull().default(0),
    taxableFils: integer('taxable_fils').notNull().default(0),
    vatFils: integer('vat_fils').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every status an order went through: who moved it, from what, to what, when. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Null when the system moved it (the checkout made it, a workflow cancelled it). */
    byUserId: uuid('by_user_id'),
    byEmail: text('by_email'),
    note: text('note'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Money given back for an order: one row per refund the store asked a provider for.
 * `reference` is the idempotency key sent to the provider, so a retried refund is not a second one.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The cancelled order it pays back; null for a payment refunded by staff because no order was made of it. */
    orderId: text('order_id').references(() => orders.id),
    /** The checkout of a payment with no order (a staff refund from the payments screen). */
    checkoutId: text('checkout_id'),
    paymentId: text('payment_id'),
    provider: text('provider').$type<'STRIPE' | 'TABBY' | 'COD'>().notNull(),
    amountFils: integer('amount_fils').notNull(),
    reference: text('reference').notNull(),
    /** requested, succeeded, failed */
    status: text('status').notNull().default('requested'),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [unique('refunds_reference_uq').on(t.reference), index('refunds_order_idx').on(t.orderId)],
);
