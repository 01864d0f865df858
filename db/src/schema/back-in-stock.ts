import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, productVariations } from './catalogue';
import { timestamps } from './columns';

/**
 * Back-in-stock alerts (docs/back-in-stock.md): a shopper waiting for a sold-out variation.
 * `waiting` until the variation is on sale again and the one e-mail went (`notified`), or the
 * address had its day's mail (`suppressed`, closed without mail). One waiting request per address
 * and variation: asking again while waiting changes nothing. The address is used only for this
 * mail; a closed request stays as its record, as long as its `emails` row keeps the same address
 * (neither is pruned today: docs/back-in-stock.md "Personal data").
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationId: uuid('variation_id')
      .notNull()
      .references(() => productVariations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The shopper's language when they asked: the e-mail's. */
    locale: text('locale').$type<'en' | 'ar'>().notNull().default('en'),
    status: text('status').$type<'waiting' | 'notified' | 'suppressed'>().notNull().default('waiting'),
    requestId: text('request_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('back_in_stock_waiting_uq')
      .on(t.variationId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'waiting'`),
    index('back_in_stock_waiting_product_idx')
      .on(t.productId, t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
  ],
);
