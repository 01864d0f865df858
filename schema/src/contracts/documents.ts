import { z } from 'zod';

/** The kinds of document an order gets: a tax invoice, a receipt (not VAT-registered), credit notes. */
export const DocumentKind = z.enum(['INVOICE', 'RECEIPT', 'CREDIT_NOTE']);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** INV-2026-000001, RCT-…, CN-…: the numbers @qahwa/invoices gives (docs/invoices.md). */
export const DocumentNumber = () =>
  z
    .string()
    .regex(/^(INV|RCT|CN)-\d{4}-\d{6}$/)
    .describe('an invoice (INV-), receipt (RCT-) or credit note (CN-) number');

/** The order page's Documents: each invoice, receipt and credit note of the order, oldest first. */
export const AdminOrderDocuments = z
  .object({
    documents: z.array(
      z.object({
        number: z.string(),
        kind: DocumentKind,
        issuedAt: z.iso.datetime(),
        totalFils: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AdminOrderDocuments' });
export type AdminOrderDocuments = z.infer<typeof AdminOrderDocuments>;

/** A month of documents for the accountant's CSV (Dubai time). */
export const DocumentsMonth = z.object({
  year: z.coerce.number().int().min(2020).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});
