import { and, asc, type DbOrTx, eq, gte, lt, tables } from '@qahwa/db';
import { csvRow } from '@qahwa/schema/export';
import { filsToDecimalString } from '@qahwa/schema/money';

export const CSV_HEADER = [
  'number',
  'kind',
  'date',
  'order',
  'customer',
  'taxable_aed',
  'vat_aed',
  'total_aed',
  'linked_invoice',
] as const;

/** Dubai is UTC+4 all year (no daylight saving): the month the accountant means starts at 20:00 UTC the day before. */
const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

export function monthBounds(year: number, month: number): { from: Date; to: Date } {
  const from = new Date(Date.UTC(year, month - 1, 1) - DUBAI_OFFSET_MS);
  const to = new Date(Date.UTC(year, month, 1) - DUBAI_OFFSET_MS);
  return { from, to };
}

/** YYYY-MM-DD of the Dubai day. */
function dubaiDate(at: Date): string {
  return new Date(at.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A month's documents (Dubai time) for the accountant: invoices, receipts and credit notes in
 * number order, amounts in AED as positive figures (the kind says a credit note takes away), a
 * credit note naming the invoice it corrects.
 */
export async function documentsCsv(db: DbOrTx, month: { year: number; month: number }): Promise<string> {
  const { from, to } = monthBounds(month.year, month.month);
  const [invoices, notes] = await Promise.all([
    db
      .select()
      .from(tables.invoices)
      .where(and(gte(tables.invoices.issuedAt, from), lt(tables.invoices.issuedAt, to)))
      .orderBy(asc(tables.invoices.number)),
    db
      .select({ note: tables.creditNotes, invoiceNumber: tables.invoices.number })
      .from(tables.creditNotes)
      .innerJoin(tables.invoices, eq(tables.invoices.id, tables.creditNotes.invoiceId))
      .where(and(gte(tables.creditNotes.issuedAt, from), lt(tables.creditNotes.issuedAt, to)))
      .orderBy(asc(tables.creditNotes.number)),
  ]);
  let csv = csvRow(CSV_HEADER);
  for (const i of invoices) {
    csv += csvRow([
      i.number,
      i.kind,
      dubaiDate(i.issuedAt),
      i.orderId,
      i.customer.name,
      filsToDecimalString(i.taxableFils),
      filsToDecimalString(i.vatFils),
      filsToDecimalString(i.totalFils),
      '',
    ]);
  }
  for (const { note, invoiceNumber } of notes) {
    csv += csvRow([
      note.number,
      'CREDIT_NOTE',
      dubaiDate(note.issuedAt),
      note.orderId,
      note.customer.name,
      filsToDecimalString(note.taxableFils),
      filsToDecimalString(note.vatFils),
      filsToDecimalString(note.totalFils),
      invoiceNumber,
    ]);
  }
  return csv;
}
