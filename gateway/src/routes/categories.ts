import { CategoryList } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENT_CACHE_CONTROL } from './content';

/** GET /api/categories: the shop's categories with their product counts. */
export async function categoryRoutes(app: FastifyInstance) {
  const categories = app.repos.categories;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/categories',
    {
      logLevel: 'warn',
      config: { access: 'public', rateLimit: app.deps.config.rateLimits.contentReads },
      schema: { response: { 200: CategoryList } },
    },
    async (_req, reply) => {
      reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return categories.summaries();
    },
  );
}
