import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const discountType = pgEnum('discount_type', ['PERCENTAGE', 'FIXED_AMOUNT']);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameAr: text('name_ar').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  imageUrl: text('image_url'),
  ...timestamps,
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    sku: text('sku').unique(),
    imageUrl: text('image_url'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The product's own price in fils; the shopper pays a variation's price. */
    priceFils: integer('price_fils').notNull(),
    /** A fraction 0..1 for PERCENTAGE, an AED amount for FIXED_AMOUNT (SPEC 3). */
    discount: numeric('discount', { precision: 10, scale: 4, mode: 'number' }).notNull().default(0),
    discountType: discountType('discount_type').notNull().default('PERCENTAGE'),
    featured: boolean('featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    views: integer('views').notNull().default(0),
    /** Set instead of deleting a product that was ever ordered, so its orders keep it; hidden from the storefront. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('products_category_idx').on(t.categoryId), index('products_featured_idx').on(t.featured)],
);

/** Weights, called "size" in the API (SPEC 3). */
export const variationSizes = pgTable('variation_sizes', {
  id: uuid('id').primaryKey().defaultRandom(),
  displayName: text('display_name').notNull().unique(),
  displayNameAr: text('display_name_ar').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Additions, called "type" in the API (SPEC 3). */
export const variationTypes = pgTable('variation_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const variationBeans = pgTable('variation_beans', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const productVariations = pgTable(
  'product_variations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: uuid('size_id')
      .notNull()
      .references(() => variationSizes.id),
    typeId: uuid('type_id').references(() => variationTypes.id),
    beansId: uuid('beans_id').references(() => variationBeans.id),
    priceFils: integer('price_fils').notNull(),
    discount: numeric('discount', { precision: 10, scale: 4, mode: 'number' }).notNull().default(0),
    discountType: discountType('discount_type').notNull().default('PERCENTAGE'),
    sku: text('sku').unique(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    imageUrl: text('image_url'),
    /** Optimistic concurrency: a save names the version it edited; a stale one is refused. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('product_variations_product_idx').on(t.productId),
    // SPEC 5: one variation per combination of size, type and beans (nulls count as equal).
    unique('product_variations_combination_uq')
      .on(t.productId, t.sizeId, t.typeId, t.beansId)
      .nullsNotDistinct(),
    check('product_variations_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
    check('product_variations_price_positive', sql`${t.priceFils} > 0`),
  ],
);
