import {
  isVariationWriteError,
  type VariationRefusal,
  type VariationsRepository,
  VariationWriteError,
} from '@qahwa/db';
import {
  ErrorBody,
  type Locale,
  localize,
  SuccessResponse,
  VALIDATION_MESSAGES,
  Variation,
  VariationBeansList,
  VariationCreateRequest,
  VariationIdParams,
  VariationList,
  VariationListQuery,
  VariationSizeList,
  VariationTypeList,
  VariationUpdateRequest,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../auth/access';
import { localeOf } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

/**
 * How each refusal is answered. The English texts carry SPEC 8's markers on purpose: the editor
 * maps a server error containing 'already exists' (add) or 'Unique constraint' (update) to its
 * own sentence, so the add conflict says 'already exists' and a taken SKU is worded as the
 * constraint it broke. The `code` lets the editor map the Arabic answers the same way.
 */
const REFUSALS: Record<VariationRefusal, { status: number; code: string; message: (l: Locale) => string }> = {
  productNotFound: {
    status: 404,
    code: 'PRODUCT_NOT_FOUND',
    message: (l) => localize(VALIDATION_MESSAGES['variation.productNotFound'], l),
  },
  sizeNotFound: {
    status: 422,
    code: 'SIZE_NOT_FOUND',
    message: (l) => localize(VALIDATION_MESSAGES['variation.sizeNotFound'], l),
  },
  optionNotFound: {
    status: 422,
    code: 'OPTION_NOT_FOUND',
    message: (l) => localize(VALIDATION_MESSAGES['variation.sizeNotFound'], l),
  },
  combinationExists: {
    status: 409,
    code: 'VARIATION_EXISTS',
    message: (l) => localize(VALIDATION_MESSAGES['variation.combinationExists'], l),
  },
  skuInUse: {
    status: 409,
    code: 'SKU_IN_USE',
    message: (l) =>
      l === 'en'
        ? `Unique constraint: ${VALIDATION_MESSAGES['variation.skuInUse'].en}`
        : localize(VALIDATION_MESSAGES['variation.skuInUse'], l),
  },
  notFound: {
    status: 404,
    code: 'VARIATION_NOT_FOUND',
    message: (l) => localize(VALIDATION_MESSAGES['variation.notFound'], l),
  },
  changed: {
    status: 409,
    code: 'VARIATION_CHANGED',
    message: (l) => localize(VALIDATION_MESSAGES['variation.changed'], l),
  },
  ordered: {
    status: 409,
    code: 'VARIATION_ORDERED',
    message: (l) => localize(VALIDATION_MESSAGES['variation.ordered'], l),
  },
};

/**
 * SPEC 8's add conflict covers both unique constraints in one sentence ('this combination already
 * exists or the SKU is already in use'): a generated SKU collides exactly when the combination does.
 */
const ADD_CONFLICT = {
  status: 409,
  code: 'VARIATION_EXISTS',
  message: (l: Locale) => localize(VALIDATION_MESSAGES['variation.addConflict'], l),
};

/** A refused variation write's status, stable code and sentence in the member of staff's language. */
export function variationAnswer(err: VariationWriteError, locale: Locale, op: 'add' | 'other') {
  const conflict = err.code === 'combinationExists' || err.code === 'skuInUse';
  const r = op === 'add' && conflict ? ADD_CONFLICT : REFUSALS[err.code];
  return { status: r.status, code: r.code, message: r.message(locale) };
}

function refused(err: unknown, req: FastifyRequest, op: 'add' | 'other' = 'other'): never {
  if (isVariationWriteError(err)) {
    const a = variationAnswer(err, localeOf(req.headers), op);
    throw new HttpError(a.status, a.code, a.message);
  }
  throw err;
}

/**
 * SPEC 7's variation calls, for the back office's variations editor (SPEC 2.3): the lookup lists,
 * a product's variations, add, edit (optimistic: the body names the version it edited) and
 * remove. Module 'variation' (docs/admin-catalogue.md): reads need view, writes edit. Every write
 * commits with its audit entry and a CatalogueChanged in one transaction.
 */
export async function variationRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const variations: VariationsRepository = app.repos.variations;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  const refusals = { ...denied, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

  r.get(
    '/api/variations/sizes',
    { ...staffOnly('variation'), schema: { response: { 200: VariationSizeList, ...denied } } },
    async () => variations.sizes(),
  );
  r.get(
    '/api/variations/types',
    { ...staffOnly('variation'), schema: { response: { 200: VariationTypeList, ...denied } } },
    async () => variations.types(),
  );
  r.get(
    '/api/variations/beans',
    { ...staffOnly('variation'), schema: { response: { 200: VariationBeansList, ...denied } } },
    async () => variations.beans(),
  );

  r.get(
    '/api/variations/products',
    {
      ...staffOnly('variation'),
      schema: { querystring: VariationListQuery, response: { 200: VariationList, ...denied } },
    },
    async (req) => {
      if (!(await variations.productExists(req.query.productId)))
        refused(new VariationWriteError('productNotFound'), req);
      return variations.forProduct(req.query.productId);
    },
  );

  r.post(
    '/api/variations/products',
    {
      ...staffOnly('variation', 'edit'),
      schema: { body: VariationCreateRequest, response: { 201: Variation, ...refusals } },
    },
    async (req, reply) => {
      const { productId, ...input } = req.body;
      try {
        const created = await db.transaction(async (tx) => {
          const row = await variations.create(productId, input, req.id, tx);
          await auditStaffWrite(tx, req, {
            module: 'variation',
            action: 'create',
            entityType: 'variation',
            entityId: row.id,
            before: null,
            after: row,
          });
          return row;
        });
        return reply.code(201).send(created);
      } catch (err) {
        refused(err, req, 'add');
      }
    },
  );

  r.put(
    '/api/variations/products/:id',
    {
      ...staffOnly('variation', 'edit'),
      schema: {
        params: VariationIdParams,
        body: VariationUpdateRequest,
        response: { 200: Variation, ...refusals },
      },
    },
    async (req) => {
      const { version, ...input } = req.body;
      try {
        return await db.transaction(async (tx) => {
          const { before, after } = await variations.update(req.params.id, version, input, req.id, tx);
          await auditStaffWrite(tx, req, {
            module: 'variation',
            action: 'update',
            entityType: 'variation',
            entityId: after.id,
            before,
            after,
          });
          return after;
        });
      } catch (err) {
        if (isVariationWriteError(err) && err.code === 'changed') {
          req.log.info({ variationId: req.params.id, version }, 'stale variation edit refused');
        }
        refused(err, req);
      }
    },
  );

  r.delete(
    '/api/variations/products/:id',
    {
      ...staffOnly('variation', 'edit'),
      schema: { params: VariationIdParams, response: { 200: SuccessResponse, ...refusals } },
    },
    async (req) => {
      try {
        await db.transaction(async (tx) => {
          const before = await variations.remove(req.params.id, req.id, tx);
          await auditStaffWrite(tx, req, {
            module: 'variation',
            action: 'delete',
            entityType: 'variation',
            entityId: before.id,
            before,
            after: null,
          });
        });
        return { success: true };
      } catch (err) {
        refused(err, req);
      }
    },
  );
}
