import { AdminOrderList, DashboardQuery, DashboardSummary, ErrorBody } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../auth/access';
import { dashboardSummary } from '../dashboard/summary';
import { adminInvoiceRoutes } from './admin-invoices';
import { adminOrderRoutes } from './admin-orders';

/** The back office's reads. Signed-in staff with the 'orders' permission only. */
export async function adminRoutes(app: FastifyInstance) {
  // Both reads may lag the primary a moment: a list, and the dashboard's read models (docs/deploy.md).
  const { orders, dashboard } = app.laggingRepos;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  // Search, detail, the status command and the CSV export (docs/orders.md) live in their own file.
  await app.register(adminOrderRoutes);
  // An order's invoices and credit notes, their PDFs and the month's CSV (docs/invoices.md).
  await app.register(adminInvoiceRoutes);

  r.get(
    '/api/admin/orders',
    {
      ...staffOnly('orders'),
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: AdminOrderList, ...denied },
      },
    },
    async (req) => orders.listForAdmin(req.query),
  );

  r.get(
    '/api/admin/dashboard',
    {
      ...staffOnly('orders'),
      schema: { querystring: DashboardQuery, response: { 200: DashboardSummary, ...denied } },
    },
    async (req) => dashboardSummary({ dashboard, catalogue: app.catalogue }, req.query.period),
  );
}
