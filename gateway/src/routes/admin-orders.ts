import { isOrderMoveError, type OrderMoved } from '@qahwa/db/repositories/order-admin';
import { ErrorBody, gulfDate } from '@qahwa/schema';
import {
  AdminOrderDetail,
  AdminOrderFilter,
  AdminOrderSearchQuery,
  AdminOrderSearchResult,
  MoveOrderStatus,
  OrderNumber,
  OrderStatusMoved,
} from '@qahwa/schema/contracts/admin-orders';
import { transitionRefusal } from '@qahwa/schema/orders/transitions';
import { hasFollowUp, startOrderFollowUp } from '@qahwa/workflows/order-follow-up-start';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { orderDetailOf } from '../orders/order-detail';
import { ordersCsv } from '../orders/order-export';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

/**
 * The back office's orders (docs/orders.md): search and CSV export need 'orders'
 * view; moving an order needs 'orders' edit. The move is one transaction (status, history,
 * audit, outbox, stock and the refund it owes); the follow-up that talks to the outside world
 * (the provider's refund, the shopper's e-mail) is a Temporal workflow started after the commit.
 */
/** How long a staff move waits for the gateway's own start of its follow-up (the workers' is durable). */
const FOLLOW_UP_START_DEADLINE_MS = 2_000;

export async function adminOrderRoutes(app: FastifyInstance) {
  const repo = app.repos.orderAdmin;
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
      return repo.search(filter, { limit, offset });
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
    async (req) => {
      const locale = localeOf(req.headers);
      const actor = await auditActor(req);
      let moved: OrderMoved;
      try {
        moved = await app.deps.db.transaction((tx) =>
          repo.move(tx, {
            orderId: req.params.id,
            to: req.body.to,
            version: req.body.version,
            actor,
            note: req.body.note,
            requestId: String(req.id),
          }),
        );
      } catch (err) {
        if (!isOrderMoveError(err)) throw err;
        if (err.code === 'not-found') throw new HttpError(404, 'ORDER_NOT_FOUND', t('notFound', locale));
        const current = err.current ?? { status: req.body.to, version: req.body.version };
        req.log.info(
          { orderId: req.params.id, to: req.body.to, version: req.body.version, current },
          `order move refused: ${err.code}`,
        );
        throw new HttpError(
          409,
          err.code === 'stale' ? 'ORDER_CHANGED' : 'ILLEGAL_TRANSITION',
          transitionRefusal(
            err.code,
            { orderId: req.params.id, from: current.status, to: req.body.to },
            locale,
          ),
        );
      }
      req.log.info({ orderId: moved.orderId, from: moved.from, to: moved.status }, 'order moved');
      const workflowId = await startFollowUp(req, moved);
      return {
        orderId: moved.orderId,
        from: moved.from,
        status: moved.status,
        version: moved.version,
        ...(workflowId ? { workflowId } : {}),
      };
    },
  );

  /**
   * Starts the move's follow-up (the refund a cancellation owes, the shopper's e-mail) right
   * after the commit, so the shopper's e-mail does not wait for the outbox. The workers start the
   * same run (same id) from the move's OrderStatusChanged, so if Temporal cannot be reached here
   * the follow-up still happens; the move stays done either way (it is the truth). The attempt
   * is held to FOLLOW_UP_START_DEADLINE_MS: unbounded, an unreachable Temporal kept the staff
   * member's answer waiting about 18 s (measured) for a start the workers make anyway.
   */
  async function startFollowUp(req: FastifyRequest, moved: OrderMoved): Promise<string | null> {
    if (!hasFollowUp(moved.status)) return null;
    const temporal = app.deps.temporal;
    try {
      const { workflowId } = await temporal.connection.withDeadline(
        Date.now() + FOLLOW_UP_START_DEADLINE_MS,
        () =>
          startOrderFollowUp(temporal, app.deps.config.checkoutTaskQueue, {
            orderId: moved.orderId,
            status: moved.status,
            moveId: moved.moveId,
            requestId: String(req.id),
          }),
      );
      return workflowId;
    } catch (err) {
      // Not an error for the staff member: the workers start it from the event.
      req.log.warn(
        { err, orderId: moved.orderId, moveId: moved.moveId },
        'order follow-up left to the workers',
      );
      return null;
    }
  }
}
