import { ErrorBody, gulfDate } from '@qahwa/schema';
import {
  AdminOrderDetail,
  AdminOrderFilter,
  AdminOrderSearchQuery,
  AdminOrderSearchResult,
  MoveOrderStatus,
  OrderNumber,
  OrderStatusMoved,
} from '@qahwa/schema/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { orderDetailOf } from '../orders/order-detail';
import { ordersCsv } from '../orders/order-export';
import { createOrderMove } from '../orders/order-move';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

/**
 * The back office's orders (docs/orders.md): search and CSV export need 'orders'
 * view; moving an order needs 'orders' edit (the move and its follow-up: orders/order-move.ts).
 */
export async function adminOrderRoutes(app: FastifyInstance) {
  const repo = app.repos.orderAdmin;
  const moveOrder = createOrderMove({ deps: app.deps, repos: app.repos });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  const params = z.object({ id: OrderNumber() });

  r.get(
    '/api/admin/orders/search',
    {
      ...staffOnly('orders'),
      schema: { querystring: AdminOrderSearchQuery, response: { 200: AdminOrderSearchResult, ...denied } },
    },
    async (req) => {
      const { limit, offset, ...filter } = req.query;
      // A list may lag the primary a moment (docs/deploy.md); the order's page and its moves read the primary.
      return app.laggingRepos.orderAdmin.search(filter, { limit, offset });
    },
  );

  r.get(
    '/api/admin/orders/export',
    {
      ...staffOnly('orders'),
      schema: {
        querystring: AdminOrderFilter,
        // Documented as what it is (text/csv), so clients and the fuzzer expect CSV, not JSON.
        response: {
          200: {
            content: { 'text/csv': { schema: z.string().describe('one row per order the filter matches') } },
          },
          ...denied,
        },
      },
    },
    async (req, reply) => {
      const rows = await repo.exportRows(req.query);
      const csv = ordersCsv(rows);
      // Who took which orders out of the store, with the filter and how many (never the rows):
      // recorded before the file leaves, so no export goes unrecorded.
      await auditStaffWrite(app.deps.db, req, {
        module: 'orders',
        action: 'export',
        entityType: 'orders',
        entityId: null,
        before: null,
        after: { format: 'csv', filters: req.query, rows: rows.length },
      });
      req.log.info({ rows: rows.length }, 'orders exported');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${gulfDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/admin/orders/:id',
    {
      ...staffOnly('orders'),
      schema: { params, response: { 200: AdminOrderDetail, 404: ErrorBody, ...denied } },
    },
    async (req) => {
      const found = await repo.detail(req.params.id);
      if (!found) throw new HttpError(404, 'ORDER_NOT_FOUND', t('notFound', localeOf(req.headers)));
      return orderDetailOf(found);
    },
  );

  r.post(
    '/api/admin/orders/:id/status',
    {
      ...staffOnly('orders', 'edit'),
      schema: {
        params,
        body: MoveOrderStatus,
        response: { 200: OrderStatusMoved, 404: ErrorBody, 409: ErrorBody, ...denied },
      },
    },
    async (req) =>
      moveOrder({
        orderId: req.params.id,
        body: req.body,
        actor: await auditActor(req),
        locale: localeOf(req.headers),
        requestId: String(req.id),
        log: req.log,
      }),
  );
}
