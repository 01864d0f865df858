import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { productVariations } from './catalogue';
import { timestamps } from './columns';
import { promotions } from './marketing';
import { orders } from './orders';

/**
 * A checkout the server priced before the shopper paid (card, wallet, pay later): the claim as
 * the browser sent it and the server's own pricing, kept so that a webhook alone can make the
 * order when the shopper's tab is gone. One row per checkout id; the provider's payment id is
 * unique, so a payment can only ever belong to one checkout.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    provider: text('provider').$type<'STRIPE' | 'TABBY' | 'COD'>().notNull(),
    /** pi_… for Stripe, the Tabby payment id for pay later. */
    providerPaymentId: text('provider_payment_id').unique(),
    status: text('status').notNull().default('open'),
    /** The CheckoutClaim as received (customer, shipping, items, coupon). */
    request: jsonb('request').notNull(),
    /** The server's pricing at the time (lines, discounts, shipping, total): what the provider was asked for. */
    pricing: jsonb('pricing').notNull(),
    totalFils: integer('total_fils').notNull(),
    currency: text('currency').notNull().default('AED'),
    locale: text('locale').notNull().default('en'),
    requestId: text('request_id'),
    orderId: text('order_id').references(() => orders.id),
    /**
     * The shopper's cart, as the storefront names it for all its tabs (docs/payments.md "One
     * checkout, one payment"): several checkouts (intents) may share it, only one is ever ordered.
     * Null for a page that sent none, and for pay later.
     */
    checkoutKey: uuid('checkout_key'),
    ...timestamps,
  },
  (t) => [
    check('checkouts_total_nonnegative', sql`${t.totalFils} >= 0`),
    index('checkouts_key_idx').on(t.checkoutKey).where(sql`${t.checkoutKey} is not null`),
    uniqueIndex('checkouts_key_ordered_uq').on(t.checkoutKey).where(sql`${t.status} = 'ordered'`),
  ],
);

/**
 * Units a card checkout holds while its payment is under way (docs/payments.md "Stock held for a
 * card payment"): taken OUT of `product_variations.stock_quantity` when the intent is made, so
 * every other reader already sees them gone; the paid order consumes them, a failure, a closed
 * checkout or the expiry gives them back. Whoever deletes a row decides what becomes of its units,
 * so they are never given back twice.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    variationId: uuid('variation_id')
      .notNull()
      .references(() => productVariations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutId, t.variationId] }),
    // The sweeper's look: the holds past their expiry.
    index('stock_holds_expires_idx').on(t.expiresAt),
    check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The payments read model (kept by a projection of PaymentSucceeded/PaymentFailed/Tabby events
 * and written by the payment flows): what the back office's payments screen lists.
 */
export const payments = pgTable(
  'payments',
  {
    /** The provider's payment id (pi_…, Tabby id), or `cod-<order id>` for cash on delivery. */
    id: text('id').primaryKey(),
    provider: text('provider').$type<'STRIPE' | 'TABBY' | 'COD'>().notNull(),
    /** card, wallet, pay_later, cod */
    method: text('method').notNull(),
    status: text('status').notNull(),
    amountFils: integer('amount_fils').notNull(),
    currency: text('currency').notNull().default('AED'),
    checkoutId: text('checkout_id'),
    orderId: text('order_id'),
    /** A payment staff must look at: amount mismatch, capture failed, webhook never came. */
    needsAttention: boolean('needs_attention').notNull().default(false),
    attentionReason: text('attention_reason'),
    lastError: text('last_error'),
    refundedFils: integer('refunded_fils').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_attention_idx').on(t.needsAttention).where(sql`${t.needsAttention}`),
  ],
);

/**
 * Each discount an order received (which promotion, how much), so staff and e-mails can show it.
 * `promotionId` is null for the store-wide sale.
 */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promotionId: uuid('promotion_id').references(() => promotions.id),
    /** PROMOTION (a coupon or automatic promotion), SALE, FREE_SHIPPING */
    kind: text('kind').notNull(),
    code: text('code'),
    name: text('name').notNull(),
    nameAr: text('name_ar'),
    promotionType: text('promotion_type'),
    amountFils: integer('amount_fils').notNull(),
    ...timestamps,
  },
  (t) => [
    index('order_discounts_order_idx').on(t.orderId),
    check('order_discounts_amount_nonnegative', sql`${t.amountFils} >= 0`),
  ],
);

/**
 * One use of a promotion by one checkout. `maxUses` is enforced by counting these under the
 * promotion's row lock; the checkout id makes a retried activity reuse its own redemption
 * instead of counting twice. Released (not deleted) when the checkout fails or is cancelled.
 */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    checkoutId: text('checkout_id').notNull(),
    orderId: text('order_id'),
    status: text('status').$type<'reserved' | 'used' | 'released'>().notNull().default('reserved'),
    /**
     * Until when a 'reserved' use may still become an order: the payment provider's own expiry
     * for a pay-later session. Null for a hold taken just before the order's transaction (cash on
     * delivery, card): its age says it died. The sweeper (workers) releases what is past it.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('promotion_redemptions_checkout_uq').on(t.promotionId, t.checkoutId),
    index('promotion_redemptions_promotion_idx').on(t.promotionId),
    // The sweeper's look: only the few uses still held, never the history.
    index('promotion_redemptions_reserved_idx').on(t.updatedAt).where(sql`${t.status} = 'reserved'`),
  ],
);

/** Webhook deliveries already handled, by the provider's event id (Stripe `evt_…`). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  payload: jsonb('payload'),
  handledCount: integer('handled_count').notNull().default(1),
});
