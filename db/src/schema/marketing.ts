import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const shippingRules = pgTable('shipping_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  nameAr: text('name_ar').notNull(),
  type: text('type').$type<'FREE' | 'STANDARD'>().notNull(),
  description: text('description').notNull().default(''),
  descriptionAr: text('description_ar').notNull().default(''),
  costFils: integer('cost_fils').notNull().default(0),
  freeShippingThresholdFils: integer('free_shipping_threshold_fils'),
  isActive: boolean('is_active').notNull().default(true),
  estimatedDays: text('estimated_days').notNull().default('1-3'),
  cities: jsonb('cities').$type<string[]>().notNull().default([]),
  ...timestamps,
});

/** SPEC 3 "Promotion". `value` is a percentage (0..100) or an AED amount depending on the type. */
export const promotions = pgTable('promotions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  nameAr: text('name_ar').notNull().default(''),
  description: text('description').notNull().default(''),
  descriptionAr: text('description_ar').notNull().default(''),
  code: text('code').unique(),
  type: text('type').notNull(),
  value: numeric('value', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  minOrderFils: integer('min_order_fils'),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  startDate: timestamp('start_date', { withTimezone: true }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Listed to shoppers (GET /api/promotions?active=true); a code stays private unless staff say so. */
  isPublic: boolean('is_public').notNull().default(false),
  productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
  buyQuantity: integer('buy_quantity'),
  getQuantity: integer('get_quantity'),
  bundleDiscount: numeric('bundle_discount', { precision: 5, scale: 2, mode: 'number' }),
  targetProductIds: jsonb('target_product_ids').$type<string[]>().notNull().default([]),
  relationshipType: text('relationship_type'),
  ...timestamps,
});
