import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';

/** The seller as the `vat` setting named it when the document was issued. */
export interface DocumentSupplier {
  nameEn: string;
  nameAr: string;
  addressEn: string;
  addressAr: string;
  /** Null on a receipt: the store was not VAT-registered. */
  trn: string | null;
}

/** The buyer as the order recorded them at checkout. */
export interface DocumentCustomer {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** The city and emirate by name (English), not the order's slugs. */
  city: string;
  emirate: string;
  /** Their Arabic names; absent on documents issued before they were kept. */
  cityAr?: string;
  emirateAr?: string;
}

/** One line of an invoice or credit note, every figure in fils as printed. */
export interface DocumentLine {
  orderItemId: string;
  nameEn: string;
  nameAr: string;
  unitFils: number;
  quantity: number;
  /** Before the discount, VAT included. */
  grossFils: number;
  discountFils: number;
  taxableFils: number;
  vatFils: number;
  /** taxable + VAT: what the shopper paid for the line. */
  totalFils: number;
}

export interface DocumentShipping {
  taxableFils: number;
  vatFils: number;
  totalFils: number;
}

/**
 * The last number given per series and year (INV, RCT, CN). A document takes its number by
 * `UPDATE … RETURNING` on this row in the transaction that inserts it: a rolled-back document
 * gives its number back with the row lock, which a PostgreSQL sequence never does (docs/invoices.md).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * An issued tax invoice (kind INVOICE) or, while the store is not VAT-registered, a receipt
 * (kind RECEIPT): one per order, a snapshot never updated (a trigger refuses UPDATE and DELETE).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    kind: text('kind').$type<'INVOICE' | 'RECEIPT'>().notNull(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    rateBp: integer('rate_bp').notNull(),
    supplier: jsonb('supplier').$type<DocumentSupplier>().notNull(),
    customer: jsonb('customer').$type<DocumentCustomer>().notNull(),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    shipping: jsonb('shipping').$type<DocumentShipping>().notNull(),
    taxableFils: integer('taxable_fils').notNull(),
    vatFils: integer('vat_fils').notNull(),
    totalFils: integer('total_fils').notNull(),
    currency: text('currency').notNull().default('AED'),
    locale: text('locale').notNull().default('en'),
  },
  (t) => [
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_adds_up', sql`${t.taxableFils} + ${t.vatFils} = ${t.totalFils}`),
  ],
);

/** A credit note: one per refund (refund_id unique), against its invoice, numbered in its own series. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    refundId: text('refund_id').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    rateBp: integer('rate_bp').notNull(),
    supplier: jsonb('supplier').$type<DocumentSupplier>().notNull(),
    customer: jsonb('customer').$type<DocumentCustomer>().notNull(),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    shipping: jsonb('shipping').$type<DocumentShipping>().notNull(),
    taxableFils: integer('taxable_fils').notNull(),
    vatFils: integer('vat_fils').notNull(),
    totalFils: integer('total_fils').notNull(),
    currency: text('currency').notNull().default('AED'),
  },
  (t) => [
    index('credit_notes_order_idx').on(t.orderId),
    index('credit_notes_issued_idx').on(t.issuedAt),
    check('credit_notes_adds_up', sql`${t.taxableFils} + ${t.vatFils} = ${t.totalFils}`),
  ],
);
