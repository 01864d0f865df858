import { type DbOrTx, eq, tables } from '@qahwa/db';
import { printPdf } from './browser';
import { type DocumentView, documentHtml } from './html';

export { closeDocumentRenderer, configureDocumentRenderer } from './browser';

export class DocumentNotFoundError extends Error {
  override readonly name = 'DocumentNotFoundError';
}

/** The document as issued, by its number (INV-…, RCT-…, CN-…); null when no such number exists. */
export async function documentView(db: DbOrTx, number: string): Promise<DocumentView | null> {
  if (number.startsWith('CN-')) {
    const [row] = await db
      .select({ note: tables.creditNotes, invoiceNumber: tables.invoices.number })
      .from(tables.creditNotes)
      .innerJoin(tables.invoices, eq(tables.invoices.id, tables.creditNotes.invoiceId))
      .where(eq(tables.creditNotes.number, number));
    if (!row) return null;
    const n = row.note;
    return { ...n, kind: 'CREDIT_NOTE', invoiceNumber: row.invoiceNumber };
  }
  const [invoice] = await db.select().from(tables.invoices).where(eq(tables.invoices.number, number));
  if (!invoice) return null;
  return { ...invoice, invoiceNumber: null };
}

/** The PDF of one document by its number, printed from its stored snapshot. */
export async function renderDocumentPdf(db: DbOrTx, number: string): Promise<Buffer> {
  const view = await documentView(db, number);
  if (!view) throw new DocumentNotFoundError(`no document ${number}`);
  return printPdf(documentHtml(view));
}
