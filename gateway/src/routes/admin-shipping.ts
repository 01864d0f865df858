import {
  ErrorBody,
  ShippingRuleIdParams,
  ShippingRuleList,
  ShippingRuleView,
  ShippingRuleWrite,
  SuccessResponse,
  shippingRuleView,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

function notFound(req: FastifyRequest): never {
  throw new HttpError(404, 'NOT_FOUND', t('notFound', localeOf(req.headers)));
}

/**
 * The back office's shipping rules (SPEC 3). Module 'shipping'. No event: quotes read
 * the active rules on every call, so a saved rule prices the next cart.
 */
export async function adminShippingRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const rules = app.repos.shippingEditing;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  r.get(
    '/api/admin/shipping/rules',
    { ...staffOnly('shipping'), schema: { response: { 200: ShippingRuleList, ...denied } } },
    async () => (await rules.all()).map(shippingRuleView),
  );

  r.post(
    '/api/admin/shipping/rules',
    {
      ...staffOnly('shipping', 'edit'),
      schema: { body: ShippingRuleWrite, response: { 201: ShippingRuleView, ...denied } },
    },
    async (req, reply) => {
      const created = await db.transaction(async (tx) => {
        const rule = await rules.create(req.body, tx);
        await auditStaffWrite(tx, req, {
          module: 'shipping',
          action: 'create',
          entityType: 'shipping-rule',
          entityId: rule.id,
          before: null,
          after: rule,
        });
        return rule;
      });
      return reply.code(201).send(shippingRuleView(created));
    },
  );

  r.put(
    '/api/admin/shipping/rules/:id',
    {
      ...staffOnly('shipping', 'edit'),
      schema: {
        params: ShippingRuleIdParams,
        body: ShippingRuleWrite,
        response: { 200: ShippingRuleView, ...denied },
      },
    },
    async (req) => {
      const after = await db.transaction(async (tx) => {
        const changed = await rules.update(req.params.id, req.body, tx);
        if (!changed) return null;
        await auditStaffWrite(tx, req, {
          module: 'shipping',
          action: 'update',
          entityType: 'shipping-rule',
          entityId: req.params.id,
          ...changed,
        });
        return changed.after;
      });
      return after ? shippingRuleView(after) : notFound(req);
    },
  );

  r.delete(
    '/api/admin/shipping/rules/:id',
    {
      ...staffOnly('shipping', 'edit'),
      schema: { params: ShippingRuleIdParams, response: { 200: SuccessResponse, ...denied } },
    },
    async (req) => {
      const removed = await db.transaction(async (tx) => {
        const rule = await rules.remove(req.params.id, tx);
        if (rule) {
          await auditStaffWrite(tx, req, {
            module: 'shipping',
            action: 'delete',
            entityType: 'shipping-rule',
            entityId: rule.id,
            before: rule,
            after: null,
          });
        }
        return rule;
      });
      return removed ? { success: true } : notFound(req);
    },
  );
}
