import { ErrorBody } from '@qahwa/schema';
import {
  AdminCustomerDetail,
  AdminCustomerList,
  AdminCustomerParams,
  AdminCustomerQuery,
} from '@qahwa/schema/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * The back office's customers (docs/customers-reviews.md): read-only, module
 * 'customers' view. Figures are computed from the orders in SQL, in fils, on every read: a
 * customer's page must agree with the orders list next to it.
 */
export async function adminCustomerRoutes(app: FastifyInstance) {
  const repo = app.repos.customerAdmin;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  r.get(
    '/api/admin/customers',
    {
      ...staffOnly('customers'),
      schema: { querystring: AdminCustomerQuery, response: { 200: AdminCustomerList, ...denied } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // A list may lag the primary a moment (docs/deploy.md); a customer's page reads the primary.
      return app.laggingRepos.customerAdmin.search(req.query);
    },
  );

  r.get(
    '/api/admin/customers/:id',
    {
      ...staffOnly('customers'),
      schema: {
        params: AdminCustomerParams,
        response: { 200: AdminCustomerDetail, 404: ErrorBody, ...denied },
      },
    },
    async (req, reply) => {
      const customer = await repo.detail(req.params.id);
      if (!customer)
        throw new HttpError(404, 'CUSTOMER_NOT_FOUND', t('customerNotFound', localeOf(req.headers)));
      reply.header('cache-control', 'no-store');
      return customer;
    },
  );
}
