import { and, createReturnsRepository, desc, eq, lte, sql, tables } from '@qahwa/db';
import {
  AdminReturnDetail,
  AdminReturnList,
  AdminReturnListQuery,
  ApproveReturnBody,
  ErrorBody,
  ReceiveReturnBody,
  RefundReturnBody,
  RejectReturnBody,
  ReturnNumberParams,
  ReturnRequestBody,
  ReturnView,
  ShopperReturns,
  TrackTokenParams,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { auditActor, publicRoute, staffOnly } from '../auth/access';
import { localeOf } from '../i18n/messages';
import { orderIdOfToken } from '../orders/tracking-token';
import { createReturnActions, returnError } from '../returns/return-actions';
import { adminReturnOf, returnViewOf, shopperReturnsOf } from '../returns/return-view';

/**
 * Returns (docs/returns.md): the shopper's request and list under the tracking link's token, and
 * the back office's list, detail and actions (orders: view to read, orders: edit to act).
 */
export async function returnRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actions = () =>
    createReturnActions({ db, temporal: app.deps.temporal, taskQueue: config.checkoutTaskQueue });
  const denied = { 401: ErrorBody, 403: ErrorBody };

  r.get(
    '/api/orders/track/:token/returns',
    {
      ...publicRoute({ rateLimit: config.rateLimits.views }),
      schema: {
        params: TrackTokenParams,
        response: { 200: ShopperReturns, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const orderId = orderIdOfToken(req.params.token, config.leadLinkSecret, localeOf(req.headers));
      return reply.header('cache-control', 'no-store').send(await shopperReturnsOf(db, orderId));
    },
  );

  r.post(
    '/api/orders/track/:token/returns',
    {
      ...publicRoute({ rateLimit: config.rateLimits.messages }),
      schema: {
        params: TrackTokenParams,
        body: ReturnRequestBody,
        response: { 201: ReturnView, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const orderId = orderIdOfToken(req.params.token, config.leadLinkSecret, locale);
      const created = await actions().request(orderId, req.body, {
        locale,
        requestId: String(req.id),
        log: req.log,
      });
      const lines = await createReturnsRepository(db).linesOf([created.id]);
      return reply.code(201).send(returnViewOf(created, lines.get(created.id) ?? []));
    },
  );

  r.get(
    '/api/admin/returns',
    {
      ...staffOnly('orders', 'view'),
      schema: {
        querystring: AdminReturnListQuery,
        response: { 200: AdminReturnList, 400: ErrorBody, ...denied },
      },
    },
    async (req) => {
      const q = req.query;
      const t = tables.returns;
      const where = and(
        q.status ? eq(t.status, q.status) : undefined,
        q.orderId ? eq(t.orderId, q.orderId) : undefined,
        q.olderThanDays !== undefined
          ? lte(t.createdAt, new Date(Date.now() - q.olderThanDays * 86_400_000))
          : undefined,
      );
      const rows = await db
        .select({
          number: t.number,
          orderId: t.orderId,
          status: t.status,
          reason: t.reason,
          refundFils: t.refundFils,
          createdAt: t.createdAt,
          customerName: tables.orders.customerName,
          paymentProvider: tables.orders.paymentProvider,
          itemCount: sql<number>`(select coalesce(sum(quantity), 0)::int from return_lines where return_id = ${t.id})`,
        })
        .from(t)
        .innerJoin(tables.orders, eq(tables.orders.id, t.orderId))
        .where(where)
        .orderBy(desc(t.createdAt), desc(t.number))
        .limit(q.limit)
        .offset(q.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
      const now = Date.now();
      return {
        returns: rows.map(({ createdAt, ...row }) => ({
          ...row,
          requestedAt: createdAt.toISOString(),
          ageDays: Math.floor((now - createdAt.getTime()) / 86_400_000),
        })),
        total: count?.n ?? 0,
      };
    },
  );

  r.get(
    '/api/admin/returns/:number',
    {
      ...staffOnly('orders', 'view'),
      schema: {
        params: ReturnNumberParams,
        response: { 200: AdminReturnDetail, 400: ErrorBody, 404: ErrorBody, ...denied },
      },
    },
    async (req) => {
      const found = await adminReturnOf(db, req.params.number);
      if (!found) throw returnError(404, 'returns.notFound', localeOf(req.headers));
      return found;
    },
  );

  const staffCtx = async (req: FastifyRequest) => ({
    actor: await auditActor(req),
    locale: localeOf(req.headers),
    requestId: String(req.id),
    log: req.log,
  });
  const detail = async (number: string, req: FastifyRequest) => {
    const found = await adminReturnOf(db, number);
    if (!found) throw returnError(404, 'returns.notFound', localeOf(req.headers));
    return found;
  };
  const actionSchema = <B extends z.ZodType>(body: B) => ({
    ...staffOnly('orders', 'edit'),
    schema: {
      params: ReturnNumberParams,
      body,
      response: { 200: AdminReturnDetail, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...denied },
    },
  });

  r.post('/api/admin/returns/:number/approve', actionSchema(ApproveReturnBody), async (req) => {
    await actions().approve(req.params.number, req.body, await staffCtx(req));
    return detail(req.params.number, req);
  });
  r.post('/api/admin/returns/:number/reject', actionSchema(RejectReturnBody), async (req) => {
    await actions().reject(req.params.number, req.body, await staffCtx(req));
    return detail(req.params.number, req);
  });
  r.post('/api/admin/returns/:number/receive', actionSchema(ReceiveReturnBody), async (req) => {
    await actions().receive(req.params.number, req.body, await staffCtx(req));
    return detail(req.params.number, req);
  });
  r.post('/api/admin/returns/:number/refund', actionSchema(RefundReturnBody), async (req) => {
    await actions().refund(req.params.number, req.body, await staffCtx(req));
    return detail(req.params.number, req);
  });
}
