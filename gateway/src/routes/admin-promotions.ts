import { isPromotionWriteError, PromotionWriteError } from '@qahwa/db';
import {
  ErrorBody,
  localize,
  Promotion,
  PromotionIdParams,
  PromotionRemoval,
  PromotionWriteRequest,
  toPromotionPayload,
  VALIDATION_MESSAGES,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { translateMessage } from '../i18n/translate';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refused(err: unknown, req: FastifyRequest): never {
  if (isPromotionWriteError(err)) {
    const locale = localeOf(req.headers);
    if (err.code === 'codeInUse') {
      throw new HttpError(409, 'CODE_IN_USE', localize(VALIDATION_MESSAGES['promotion.codeInUse'], locale));
    }
    throw new HttpError(
      404,
      'PROMOTION_NOT_FOUND',
      localize(VALIDATION_MESSAGES['promotion.notFound'], locale),
    );
  }
  throw err;
}

/** Product ids are kept as a list in the row, not as references: check their shape here. */
function checkProductIds(req: FastifyRequest, lists: Record<string, readonly string[]>): void {
  const locale = localeOf(req.headers);
  const issues = Object.entries(lists).flatMap(([key, ids]) =>
    ids.some((id) => !UUID.test(id))
      ? [
          {
            path: `/${key}`,
            message: translateMessage(localize(VALIDATION_MESSAGES['validation.id'], 'en'), locale),
          },
        ]
      : [],
  );
  if (issues.length > 0) throw new HttpError(400, 'VALIDATION_FAILED', t('validation', locale), { issues });
}

/**
 * SPEC 7 POST /api/promotions and PATCH /api/promotions/{id} (the same body, SPEC 5's rules
 * from the shared promotion form), and the one promotion the edit form opens. The list is
 * GET /api/promotions (routes/promotions.ts). Module 'promotions'; writes need edit, each
 * commits with its audit entry and a CatalogueChanged.
 */
export async function adminPromotionRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const editing = app.repos.promotionEditing;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  r.get(
    '/api/promotions/:id',
    {
      ...staffOnly('promotions'),
      schema: { params: PromotionIdParams, response: { 200: Promotion, ...refusals } },
    },
    async (req) => {
      const promotion = await editing.byId(req.params.id);
      if (!promotion) refused(new PromotionWriteError('notFound'), req);
      return promotion;
    },
  );

  r.post(
    '/api/promotions',
    {
      ...staffOnly('promotions', 'edit'),
      schema: { body: PromotionWriteRequest, response: { 201: Promotion, ...refusals } },
    },
    async (req, reply) => {
      const payload = toPromotionPayload(req.body);
      checkProductIds(req, {
        productIds: payload.productIds,
        targetProductIds: payload.targetProductIds ?? [],
      });
      try {
        const created = await db.transaction(async (tx) => {
          const row = await editing.create(payload, req.id, tx);
          await auditStaffWrite(tx, req, {
            module: 'promotions',
            action: 'create',
            entityType: 'promotion',
            entityId: row.id,
            before: null,
            after: row,
          });
          return row;
        });
        return reply.code(201).send(created);
      } catch (err) {
        refused(err, req);
      }
    },
  );

  r.delete(
    '/api/promotions/:id',
    {
      ...staffOnly('promotions', 'edit'),
      schema: { params: PromotionIdParams, response: { 200: PromotionRemoval, ...refusals } },
    },
    async (req) => {
      try {
        return await db.transaction(async (tx) => {
          const { outcome, uses, before, after } = await editing.remove(req.params.id, req.id, tx);
          // Archiving one already switched off changes nothing: nothing to record.
          if (outcome === 'deleted' || before.isActive) {
            await auditStaffWrite(tx, req, {
              module: 'promotions',
              action: outcome === 'deleted' ? 'delete' : 'archive',
              entityType: 'promotion',
              entityId: req.params.id,
              before,
              after,
            });
          }
          return { id: req.params.id, outcome, uses };
        });
      } catch (err) {
        refused(err, req);
      }
    },
  );

  r.patch(
    '/api/promotions/:id',
    {
      ...staffOnly('promotions', 'edit'),
      schema: {
        params: PromotionIdParams,
        body: PromotionWriteRequest,
        response: { 200: Promotion, ...refusals },
      },
    },
    async (req) => {
      const payload = toPromotionPayload(req.body);
      checkProductIds(req, {
        productIds: payload.productIds,
        targetProductIds: payload.targetProductIds ?? [],
      });
      try {
        return await db.transaction(async (tx) => {
          const { before, after } = await editing.update(req.params.id, payload, req.id, tx);
          await auditStaffWrite(tx, req, {
            module: 'promotions',
            action: 'update',
            entityType: 'promotion',
            entityId: after.id,
            before,
            after,
          });
          return after;
        });
      } catch (err) {
        refused(err, req);
      }
    },
  );
}
