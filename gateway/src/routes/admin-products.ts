import {
  type CatalogueRefusal,
  CatalogueWriteError,
  isVariationWriteError,
  type WriteContext,
} from '@qahwa/db';
import {
  AdminProduct,
  AdminProductIdParams,
  AdminProductList,
  AdminProductListQuery,
  type CatalogueFormCode,
  catalogueText,
  ErrorBody,
  localize,
  ProductCreated,
  ProductCreateRequest,
  ProductRemoval,
  ProductUpdateRequest,
  VALIDATION_MESSAGES,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, staffOnly } from '../auth/access';
import { requireStaff } from '../auth/session';
import { localeOf } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { variationAnswer } from './variations';

/** How each refusal is answered: status, stable code and the member of staff's sentence. */
const REFUSALS: Record<CatalogueRefusal, { status: number; code: string; text: CatalogueFormCode }> = {
  productNotFound: { status: 404, code: 'PRODUCT_NOT_FOUND', text: 'catalogue.productMissing' },
  // A category named in the body, or the one in the path: either way the thing asked for is not there.
  categoryNotFound: { status: 404, code: 'CATEGORY_NOT_FOUND', text: 'catalogue.categoryNotFound' },
  productChanged: { status: 409, code: 'PRODUCT_CHANGED', text: 'catalogue.productChanged' },
  productSlugTaken: { status: 409, code: 'SLUG_TAKEN', text: 'catalogue.productSlugTaken' },
  skuTaken: { status: 409, code: 'SKU_TAKEN', text: 'catalogue.skuTaken' },
  categorySlugTaken: { status: 409, code: 'SLUG_TAKEN', text: 'catalogue.categorySlugTaken' },
  categoryInUse: { status: 409, code: 'CATEGORY_IN_USE', text: 'catalogue.categoryInUse' },
};

/** A refused catalogue write as the one error body; other errors pass through untouched. */
export function catalogueRefusal(err: unknown, req: FastifyRequest): never {
  if (!(err instanceof CatalogueWriteError)) throw err;
  const r = REFUSALS[err.refusal];
  const message = catalogueText(localeOf(req.headers))(r.text, { count: err.detail.count ?? 0 });
  throw new HttpError(r.status, r.code, message);
}

/**
 * A variation sent with a new product and refused: its own status and code, the sentence naming the
 * row (1-based, as the form's table counts), and the issue at `/variations/{index}` for the form.
 */
function variationRowRefusal(err: unknown, req: FastifyRequest): never {
  if (!isVariationWriteError(err) || err.row === undefined) throw err;
  const locale = localeOf(req.headers);
  const answer = variationAnswer(err, locale, 'add');
  const message = localize(VALIDATION_MESSAGES['variation.rowRefused'], locale, {
    row: err.row + 1,
    reason: answer.message,
  });
  throw new HttpError(answer.status, answer.code, message, {
    issues: [{ path: `/variations/${err.row}`, message: answer.message }],
  });
}

export async function writeContext(req: FastifyRequest): Promise<WriteContext> {
  return { actor: await auditActor(req), requestId: String(req.id) };
}

/**
 * The back office's products (SPEC 3): the table with search, category filter, stock
 * and sales; create and edit (bilingual, slug, category, images, featured, discount) with
 * optimistic concurrency; delete, or archive when ordered before. Reads need products view,
 * writes products edit (the access declaration). Every write is audited and tells the catalogue.
 */
export async function adminProductRoutes(app: FastifyInstance) {
  const repo = app.repos.productEditing;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  const noStore = 'no-store';

  r.get(
    '/api/admin/products',
    {
      ...staffOnly('products'),
      schema: { querystring: AdminProductListQuery, response: { 200: AdminProductList, ...denied } },
    },
    async (req, reply) => {
      reply.header('cache-control', noStore);
      return repo.list(req.query);
    },
  );

  r.get(
    '/api/admin/products/:id',
    {
      ...staffOnly('products'),
      schema: { params: AdminProductIdParams, response: { 200: AdminProduct, 404: ErrorBody, ...denied } },
    },
    async (req, reply) => {
      const product = await repo.product(req.params.id);
      if (!product) catalogueRefusal(new CatalogueWriteError('productNotFound'), req);
      reply.header('cache-control', noStore);
      return product;
    },
  );

  r.post(
    '/api/admin/products',
    {
      ...staffOnly('products', 'edit'),
      schema: {
        body: ProductCreateRequest,
        response: { 201: ProductCreated, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, ...denied },
      },
    },
    async (req, reply) => {
      // Variations made with the product are the variation module's writes, as in the editor
      // (docs/admin-catalogue.md): without its edit right, a product with variations is refused.
      if (req.body.variations.length > 0) await requireStaff('variation', 'edit')(req, reply);
      try {
        const created = await repo.create(req.body, await writeContext(req));
        req.log.info({ productId: created.id, variations: created.variations.length }, 'product created');
        return reply.code(201).send(created);
      } catch (err) {
        if (isVariationWriteError(err)) variationRowRefusal(err, req);
        catalogueRefusal(err, req);
      }
    },
  );

  r.put(
    '/api/admin/products/:id',
    {
      ...staffOnly('products', 'edit'),
      schema: {
        params: AdminProductIdParams,
        body: ProductUpdateRequest,
        response: { 200: AdminProduct, 404: ErrorBody, 409: ErrorBody, ...denied },
      },
    },
    async (req) => {
      const { version, ...input } = req.body;
      try {
        const updated = await repo.update(req.params.id, version, input, await writeContext(req));
        req.log.info({ productId: updated.id, version: updated.version }, 'product updated');
        return updated;
      } catch (err) {
        catalogueRefusal(err, req);
      }
    },
  );

  r.delete(
    '/api/admin/products/:id',
    {
      ...staffOnly('products', 'edit'),
      schema: { params: AdminProductIdParams, response: { 200: ProductRemoval, 404: ErrorBody, ...denied } },
    },
    async (req) => {
      try {
        const removed = await repo.remove(req.params.id, await writeContext(req));
        req.log.info({ productId: req.params.id, result: removed.result }, 'product removed');
        return removed;
      } catch (err) {
        catalogueRefusal(err, req);
      }
    },
  );

  r.post(
    '/api/admin/products/:id/restore',
    {
      ...staffOnly('products', 'edit'),
      schema: { params: AdminProductIdParams, response: { 200: AdminProduct, 404: ErrorBody, ...denied } },
    },
    async (req) => {
      try {
        return await repo.restore(req.params.id, await writeContext(req));
      } catch (err) {
        catalogueRefusal(err, req);
      }
    },
  );
}
