import type { Db, DbOrTx, Tx } from '@qahwa/db';
import type { CreditNoteRequest, IssuedDocument, OrderDocument } from './types';

export type { CreditNoteRequest, DocumentKind, IssuedDocument, OrderDocument } from './types';

function notBuilt(name: string): never {
  throw new Error(`@qahwa/invoices: ${name} is not built yet`);
}

/** Issues the order's invoice (a receipt when the store is not VAT-registered); once per order. */
export async function issueInvoice(_tx: Tx, _orderId: string): Promise<IssuedDocument> {
  return notBuilt('issueInvoice');
}

/** Issues the credit note of one refund against the order's invoice; once per refund id. */
export async function issueCreditNote(_tx: Tx, _request: CreditNoteRequest): Promise<IssuedDocument> {
  return notBuilt('issueCreditNote');
}

/** The order's invoice or receipt and its credit notes, oldest first. */
export async function documentsOfOrder(_db: DbOrTx, _orderId: string): Promise<OrderDocument[]> {
  return notBuilt('documentsOfOrder');
}

/** The PDF of one document by its number. */
export async function renderDocumentPdf(_db: Db, _number: string): Promise<Buffer> {
  return notBuilt('renderDocumentPdf');
}

/** A month's invoices, receipts and credit notes as CSV for the accountant. */
export async function documentsCsv(_db: DbOrTx, _month: { year: number; month: number }): Promise<string> {
  return notBuilt('documentsCsv');
}
