import { createCatalogueRepository, createDashboardRepository, createOrdersRepository } from '@qahwa/db';
import {
  AdminOrderList,
  DashboardQuery,
  DashboardSummary,
  ErrorBody,
  gulfDate,
  ORDER_STATUSES,
  toAed,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../auth/access';
import { adminOrderRoutes } from './admin-orders';

/** The back office's reads. Signed-in staff with the 'orders' permission only. */
export async function adminRoutes(app: FastifyInstance) {
  const orders = createOrdersRepository(app.deps.db);
  const dashboard = createDashboardRepository(app.deps.db);
  const catalogue = createCatalogueRepository(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  // Search, detail, the status command and the CSV export (issue 12) live in their own file.
  await app.register(adminOrderRoutes);

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
    async (req) => {
      // Interim (issue 12): the ten figures land with the dashboard projections; until then the
      // shape is answered with what the old projections hold.
      const [perDay, byStatus, activePromotions] = await Promise.all([
        dashboard.ordersPerDay(14),
        dashboard.statusCounts(),
        dashboard.activePromotions(),
      ]);
      const today = gulfDate(new Date());
      const t = perDay.find((d) => d.day === today);
      return {
        period: req.query.period,
        from: today,
        to: today,
        today: { orders: t?.orders ?? 0, revenue: toAed(t?.revenueFils ?? 0) },
        totalProducts: await catalogue.countActiveProducts(),
        activePromotions,
        recentOrders: [],
        popularProducts: [],
        salesTrend: [],
        productPerformance: [],
        customerGrowth: [],
        orderStatus: ORDER_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0 })),
        topProducts: [],
      };
    },
  );
}
