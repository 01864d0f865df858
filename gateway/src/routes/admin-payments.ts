import { createPaymentsAdminRepository, type PaymentRecord } from '@qahwa/db/repositories/payments-admin';
import { ErrorBody } from '@qahwa/schema';
import {
  type AdminPayment,
  AdminPaymentDetail,
  AdminPaymentIdParams,
  AdminPaymentList,
  AdminPaymentListQuery,
} from '@qahwa/schema/contracts/admin-payments';
import { attentionKindOf } from '@qahwa/schema/payments/attention';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
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
 * The back office's payments (issue 12, docs/payments-logs.md): the payments read model, read-only,
 * for staff with the 'payments' permission. Refunds are made by cancelling the order (orders screen).
 */
export async function adminPaymentRoutes(app: FastifyInstance) {
  const repo = createPaymentsAdminRepository(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

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
}
