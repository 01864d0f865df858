import {
  closeDocumentRenderer,
  DocumentNotFoundError,
  documentsCsv,
  documentsOfOrder,
  renderDocumentPdf,
} from '@qahwa/invoices';
import { ErrorBody } from '@qahwa/schema';
import { AdminOrderDocuments, DocumentNumber, DocumentsMonth, OrderNumber } from '@qahwa/schema/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

/**
 * Staff's invoices, receipts and credit notes (docs/invoices.md), all under 'orders' view: an
 * order's list and each PDF for the order page, and a month's CSV for the accountant (audited:
 * who took the month's documents out of the store).
 */
export async function adminInvoiceRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  // One Chromium prints every PDF of the process; it goes with the server.
  app.addHook('onClose', async () => closeDocumentRenderer());

  r.get(
    '/api/admin/orders/:id/documents',
    {
      ...staffOnly('orders'),
      schema: { params: z.object({ id: OrderNumber() }), response: { 200: AdminOrderDocuments, ...denied } },
    },
    async (req) => {
      const documents = await documentsOfOrder(db, req.params.id);
      return { documents: documents.map((d) => ({ ...d, issuedAt: d.issuedAt.toISOString() })) };
    },
  );

  r.get(
    '/api/admin/documents/export',
    {
      ...staffOnly('orders'),
      schema: {
        querystring: DocumentsMonth,
        response: {
          200: {
            content: {
              'text/csv': {
                schema: z
                  .string()
                  .describe('one row per invoice, receipt and credit note of the month (Dubai time)'),
              },
            },
          },
          ...denied,
        },
      },
    },
    async (req, reply) => {
      const { year, month } = req.query;
      const csv = await documentsCsv(db, { year, month });
      const rows = csv.split('\r\n').length - 2;
      await auditStaffWrite(db, req, {
        module: 'orders',
        action: 'export',
        entityType: 'documents',
        entityId: null,
        before: null,
        after: { format: 'csv', year, month, rows },
      });
      req.log.info({ rows, year, month }, 'documents exported');
      const name = `documents-${year}-${String(month).padStart(2, '0')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/admin/documents/:number',
    {
      ...staffOnly('orders'),
      schema: {
        params: z.object({ number: DocumentNumber() }),
        response: {
          200: { content: { 'application/pdf': { schema: z.string().describe('the document as a PDF') } } },
          404: ErrorBody,
          ...denied,
        },
      },
    },
    async (req, reply) => {
      let pdf: Buffer;
      try {
        pdf = await renderDocumentPdf(db, req.params.number);
      } catch (e) {
        if (e instanceof DocumentNotFoundError) {
          throw new HttpError(404, 'DOCUMENT_NOT_FOUND', t('documentNotFound', localeOf(req.headers)));
        }
        throw e;
      }
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${req.params.number}.pdf"`)
          .header('cache-control', 'no-store')
          // The declared 200 is the PDF's bytes (a string in the OpenAPI document); Fastify sends a Buffer as is.
          .send(pdf as unknown as string)
      );
    },
  );
}
