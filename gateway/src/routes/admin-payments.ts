import type { PaymentRecord } from '@qahwa/db';
import { ErrorBody } from '@qahwa/schema';
import {
  type AdminPayment,
  AdminPaymentCompleteBody,
  AdminPaymentCompleted,
  AdminPaymentDetail,
  AdminPaymentIdParams,
  AdminPaymentList,
  AdminPaymentListQuery,
  AdminPaymentRefundBody,
  AdminPaymentRefunded,
} from '@qahwa/schema/contracts';
import { attentionKindOf } from '@qahwa/schema/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { createStaffResolution, paymentActions } from '../payments/staff-resolution';
import { HttpError } from '../platform/errors';

function paymentOf(row: PaymentRecord): AdminPayment {
  return {
    id: row.id,
    provider: row.provider,
    method: row.method,
    status: row.status,
    amountFils: row.amountFils,
    refundedFils: row.refundedFils,
    currency: row.currency,
    orderId: row.orderId,
    checkoutId: row.checkoutId,
    attention: row.needsAttention
      ? { kind: attentionKindOf(row.attentionReason), reason: row.attentionReason }
      : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The back office's payments (docs/payments-logs.md): the payments read model for staff
 * with the 'payments' permission. An order's money goes back by cancelling the order (orders
 * screen); a flagged card payment that made no order has two actions for staff with payments:
 * edit, **Refund** and **Complete the order** (docs/payments.md "Staff actions").
 */
export async function adminPaymentRoutes(app: FastifyInstance) {
  const repo = app.repos.paymentsAdmin;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  const staff = createStaffResolution({
    db: app.deps.db,
    repos: app.repos,
    logger: app.deps.logger,
    stripe: app.deps.stripe,
    placement: app.orders,
    temporal: app.deps.temporal,
    taskQueue: app.deps.config.checkoutTaskQueue,
  });
  const actionContext = async (req: FastifyRequest) => ({
    actor: await auditActor(req),
    requestId: String(req.id),
    locale: localeOf(req.headers),
  });

  r.get(
    '/api/admin/payments',
    {
      ...staffOnly('payments'),
      schema: { querystring: AdminPaymentListQuery, response: { 200: AdminPaymentList, ...denied } },
    },
    async (req) => {
      const { limit, offset, ...filter } = req.query;
      const { rows, total, attentionCount } = await repo.list(filter, { limit, offset });
      return { payments: rows.map(paymentOf), total, attentionCount };
    },
  );

  r.get(
    '/api/admin/payments/:id',
    {
      ...staffOnly('payments'),
      schema: {
        params: AdminPaymentIdParams,
        response: { 200: AdminPaymentDetail, 404: ErrorBody, ...denied },
      },
    },
    async (req) => {
      const found = await repo.detail(req.params.id);
      if (!found)
        throw new HttpError(
          404,
          'PAYMENT_RECORD_NOT_FOUND',
          t('adminPaymentNotFound', localeOf(req.headers)),
        );
      return {
        ...paymentOf(found.payment),
        checkoutStatus: found.checkout?.status ?? null,
        actions: paymentActions(found.payment, found.checkout),
        refunds: found.refunds.map((f) => ({
          reference: f.reference,
          amountFils: f.amountFils,
          status: f.status,
          providerRefundId: f.providerRefundId,
          lastError: f.lastError,
          createdAt: f.createdAt.toISOString(),
        })),
        webhooks: found.webhooks.map((w) => ({
          id: w.id,
          type: w.type,
          receivedAt: w.receivedAt.toISOString(),
          deliveries: w.handledCount,
        })),
        order: found.order
          ? {
              id: found.order.id,
              status: found.order.status,
              customerName: found.order.customerName,
              totalFils: found.order.totalFils,
              createdAt: found.order.createdAt.toISOString(),
            }
          : null,
      };
    },
  );

  r.post(
    '/api/admin/payments/:id/refund',
    {
      ...staffOnly('payments', 'edit'),
      schema: {
        params: AdminPaymentIdParams,
        body: AdminPaymentRefundBody,
        response: { 200: AdminPaymentRefunded, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody, ...denied },
      },
    },
    async (req) => staff.refund(req.params.id, req.body.note || undefined, await actionContext(req)),
  );

  r.post(
    '/api/admin/payments/:id/complete',
    {
      ...staffOnly('payments', 'edit'),
      schema: {
        params: AdminPaymentIdParams,
        body: AdminPaymentCompleteBody,
        response: { 200: AdminPaymentCompleted, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody, ...denied },
      },
    },
    async (req) => staff.complete(req.params.id, req.body, await actionContext(req)),
  );
}
