export { CreditNoteRequestError, issueCreditNote, issueFullCreditNote } from './credit';
export { CSV_HEADER, documentsCsv, monthBounds } from './csv';
export { documentsOfOrder } from './documents';
export { issueInvoice, OrderNotFoundError } from './issue';
export { formatNumber } from './numbering';
export {
  closeDocumentRenderer,
  configureDocumentRenderer,
  DocumentNotFoundError,
  documentView,
  renderDocumentPdf,
} from './pdf/render';
export { InvoiceFiguresError } from './snapshot';
export type { CreditNoteRequest, DocumentKind, IssuedDocument, OrderDocument } from './types';
