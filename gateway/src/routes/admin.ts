import { createCatalogueRepository, createDashboardRepository, createOrdersRepository } from '@qahwa/db';
import { AdminOrderList, DashboardSummary, ErrorBody, gulfDate, toAed } from '@qahwa/schema';
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
    { ...staffOnly('orders'), schema: { response: { 200: DashboardSummary, ...denied } } },
    async () => {
      const [perDay, byStatus, totalProducts, activePromotions, recent] = await Promise.all([
        dashboard.ordersPerDay(14),
        dashboard.statusCounts(),
        catalogue.countActiveProducts(),
        dashboard.activePromotions(),
        // Only the five rows: the dashboard's counts come from the projection, not a count of orders.
        orders.recentForAdmin({ limit: 5, offset: 0 }),
      ]);
      const today = gulfDate(new Date());
      return {
        todayOrders: perDay.find((d) => d.day === today)?.orders ?? 0,
        totalOrders: Object.values(byStatus).reduce((a, b) => a + b, 0),
        totalProducts,
        activePromotions,
        ordersByStatus: byStatus,
        ordersPerDay: perDay.map((d) => ({ day: d.day, orders: d.orders, revenue: toAed(d.revenueFils) })),
        recentOrders: recent,
      };
    },
  );
}
