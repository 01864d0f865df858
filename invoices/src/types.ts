/** The kinds of document the store issues; a receipt stands in for an invoice while not VAT-registered. */
export type DocumentKind = 'INVOICE' | 'RECEIPT' | 'CREDIT_NOTE';

/** One document of an order, as listed on the order page and the tracking page. */
export interface OrderDocument {
  number: string;
  kind: DocumentKind;
  issuedAt: Date;
  totalFils: number;
}

/** What a refund credits: order lines by quantity, and the shipping in full or not at all. */
export interface CreditNoteRequest {
  orderId: string;
  /** The refund's id: one credit note per refund, however often it is asked for. */
  refundId: string;
  lines: { orderItemId: string; quantity: number }[];
  shipping: boolean;
}

export interface IssuedDocument {
  number: string;
  kind: DocumentKind;
  /** False when the document existed already (the call was a retry). */
  created: boolean;
}
