import { asc, type DbOrTx, eq, tables } from '@qahwa/db';
import type { OrderDocument } from './types';

/** The order's invoice or receipt and its credit notes, in the order they were issued. */
export async function documentsOfOrder(db: DbOrTx, orderId: string): Promise<OrderDocument[]> {
  const [invoices, notes] = await Promise.all([
    db
      .select({
        number: tables.invoices.number,
        kind: tables.invoices.kind,
        issuedAt: tables.invoices.issuedAt,
        totalFils: tables.invoices.totalFils,
      })
      .from(tables.invoices)
      .where(eq(tables.invoices.orderId, orderId)),
    db
      .select({
        number: tables.creditNotes.number,
        issuedAt: tables.creditNotes.issuedAt,
        totalFils: tables.creditNotes.totalFils,
      })
      .from(tables.creditNotes)
      .where(eq(tables.creditNotes.orderId, orderId))
      .orderBy(asc(tables.creditNotes.issuedAt)),
  ]);
  return [...invoices, ...notes.map((n) => ({ ...n, kind: 'CREDIT_NOTE' as const }))];
}
