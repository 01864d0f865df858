import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { orderItems, orders, refunds } from './orders';

/** Return numbers shoppers can read aloud: RT-100001, RT-100002, … */
export const returnNumberSeq = pgSequence('return_number_seq', { startWith: 100001 });

/**
 * A shopper's return of some of a delivered order's lines (docs/returns.md). Its life is the
 * `returnProcess` workflow's; this row is what it decided, so screens read it without Temporal.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** RT-100001: the workflow's id is `return-<number>`, the refund's reference too. */
    number: text('number').notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** requested, approved, rejected, received, refunded, expired */
    status: text('status')
      .$type<'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'expired'>()
      .notNull()
      .default('requested'),
    reason: text('reason')
      .$type<'DAMAGED' | 'WRONG_ITEM' | 'NOT_AS_DESCRIBED' | 'CHANGED_MIND' | 'OTHER'>()
      .notNull(),
    note: text('note'),
    photoUrl: text('photo_url'),
    /** The shopper's language for the e-mails: the order's. */
    locale: text('locale').notNull().default('en'),
    /** Shipping given back (DAMAGED, WRONG_ITEM), fixed when asked for. */
    shippingRefundFils: integer('shipping_refund_fils').notNull().default(0),
    /** Lines plus shipping, fixed when asked for from the order's invoice figures. */
    refundFils: integer('refund_fils').notNull(),
    /** CARD, PAY_LATER, BANK_TRANSFER, STORE_CREDIT: set by the refund. */
    refundMethod: text('refund_method').$type<'CARD' | 'PAY_LATER' | 'BANK_TRANSFER' | 'STORE_CREDIT'>(),
    /** A COD refund: the transfer's or the credit's reference staff entered. */
    codReference: text('cod_reference'),
    refundId: uuid('refund_id').references(() => refunds.id),
    staffMessage: text('staff_message'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    arriveBy: timestamp('arrive_by', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: text('received_by'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: text('refunded_by'),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    requestId: text('request_id'),
    ...timestamps,
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_status_created_idx').on(t.status, t.createdAt),
    check(
      'returns_status_known',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'received', 'refunded', 'expired')`,
    ),
    check('returns_refund_nonnegative', sql`${t.refundFils} >= 0 and ${t.shippingRefundFils} >= 0`),
  ],
);

/**
 * The order lines a return gives back. `open` is true while the return is under way and is
 * cleared in the same transaction that ends it; the partial unique index makes "one open return
 * per order line" the database's rule, so two requests at once cannot both hold a line.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    /** This line's share of the invoice's line (creditOfLines), VAT included. */
    refundFils: integer('refund_fils').notNull(),
    /** Staff's call on receipt: back on sale or not; null before. */
    resaleable: boolean('resaleable'),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_item_idx').on(t.orderItemId),
    uniqueIndex('return_lines_open_item_uq').on(t.orderItemId).where(sql`${t.open}`),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
