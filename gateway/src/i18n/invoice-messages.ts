import type { Locale } from '@qahwa/schema';

/** The back office's invoices, receipts and credit notes (docs/invoices.md). */
export const INVOICE_MESSAGES = {
  documentNotFound: {
    en: 'No invoice, receipt or credit note has this number.',
    ar: 'لا توجد فاتورة أو إيصال أو إشعار دائن بهذا الرقم.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
