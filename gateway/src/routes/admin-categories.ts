import {
  AdminCategory,
  AdminCategoryList,
  AdminCategoryIdParams as CategoryIdParams,
  CategoryWriteRequest,
  ErrorBody,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../auth/access';
import { catalogueRefusal, writeContext } from './admin-products';

/**
 * The back office's categories: bilingual names, slug, image and order. A category
 * with products cannot be deleted (409 with how many); renaming one tells the catalogue, since
 * its products show its name.
 */
export async function adminCategoryRoutes(app: FastifyInstance) {
  const repo = app.repos.productEditing;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  r.get(
    '/api/admin/categories',
    { ...staffOnly('categories'), schema: { response: { 200: AdminCategoryList, ...denied } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return repo.categories();
    },
  );

  r.post(
    '/api/admin/categories',
    {
      ...staffOnly('categories', 'edit'),
      schema: { body: CategoryWriteRequest, response: { 201: AdminCategory, 409: ErrorBody, ...denied } },
    },
    async (req, reply) => {
      try {
        return reply.code(201).send(await repo.createCategory(req.body, await writeContext(req)));
      } catch (err) {
        catalogueRefusal(err, req);
      }
    },
  );

  r.put(
    '/api/admin/categories/:id',
    {
      ...staffOnly('categories', 'edit'),
      schema: {
        params: CategoryIdParams,
        body: CategoryWriteRequest,
        response: { 200: AdminCategory, 404: ErrorBody, 409: ErrorBody, ...denied },
      },
    },
    async (req) => {
      try {
        return await repo.updateCategory(req.params.id, req.body, await writeContext(req));
      } catch (err) {
        catalogueRefusal(err, req);
      }
    },
  );

  r.delete(
    '/api/admin/categories/:id',
    {
      ...staffOnly('categories', 'edit'),
      schema: {
        params: CategoryIdParams,
        response: { 200: z.object({ success: z.literal(true) }), 404: ErrorBody, 409: ErrorBody, ...denied },
      },
    },
    async (req) => {
      try {
        await repo.removeCategory(req.params.id, await writeContext(req));
        return { success: true as const };
      } catch (err) {
        catalogueRefusal(err, req);
      }
    },
  );
}
