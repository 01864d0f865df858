import { createCatalogueRepository } from '@qahwa/db';
import { ErrorBody, message, Product, ProductList, ProductListQuery } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeOf } from '../i18n/messages';

/** SPEC 7 GET /api/products and GET /api/products/{id} (an id or a slug). */
export async function productRoutes(app: FastifyInstance) {
  const catalogue = createCatalogueRepository(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/products',
    { schema: { querystring: ProductListQuery, response: { 200: ProductList } } },
    async (req) => catalogue.list(req.query),
  );

  r.get(
    '/api/products/:id',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: Product, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const product = await catalogue.get(req.params.id);
      if (!product)
        return reply.code(404).send({ error: message('catalogue.productNotFound', localeOf(req.headers)) });
      return product;
    },
  );
}
