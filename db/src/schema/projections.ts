import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The dashboard's read models (docs/dashboard.md). The workers keep them from the
 * JetStream stream; the dashboard reads only these (and the older order_stats_daily,
 * order_status_counts, projection_orders), never `orders`. Days are Asia/Dubai calendar days, so
 * any period is a sum over a range of rows.
 */

/** Units, orders and line revenue (unit price × quantity, before order discounts) per product per day. */
export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    units: integer('units').notNull().default(0),
    /** Orders that had the product (for orders per 100 views). */
    orders: integer('orders').notNull().default(0),
    revenueFils: bigint('revenue_fils', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** Product page views per product per day (ProductViewed). */
export const productViewsDaily = pgTable(
  'product_views_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/**
 * Each customer's first order: the earliest placedAt seen, whatever order the events came in
 * (OrderPlaced's isNewCustomer is not trusted under duplicates or out-of-order delivery).
 */
export const customerFirstOrders = pgTable('customer_first_orders', {
  customerId: text('customer_id').primaryKey(),
  firstPlacedAt: timestamp('first_placed_at', { withTimezone: true }).notNull(),
  firstOrderId: text('first_order_id').notNull(),
});

/** New customers per day: how many customers' first order fell on that day. */
export const customerGrowthDaily = pgTable('customer_growth_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  newCustomers: integer('new_customers').notNull().default(0),
});

/** Products as CatalogueChanged last saw them: what "total products" counts. */
export const projectionProducts = pgTable('projection_products', {
  productId: uuid('product_id').primaryKey(),
  active: boolean('active').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Promotions as CatalogueChanged {reason: 'promotion'} last saw them: "active promotions" is a count at read time. */
export const projectionPromotions = pgTable(
  'projection_promotions',
  {
    promotionId: uuid('promotion_id').primaryKey(),
    isActive: boolean('is_active').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
  },
  (t) => [index('projection_promotions_window_idx').on(t.startDate, t.endDate).where(sql`${t.isActive}`)],
);
