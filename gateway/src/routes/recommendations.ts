import {
  ErrorBody,
  type Product,
  ProductList,
  RecommendationsQuery,
  recommendations,
  recommendedProductIds,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogueSnapshot } from '../catalogue/snapshot';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * GET /api/recommendations?productIds=…&limit=4: 'You might also like' (SPEC 2.5) and the product
 * page's related products. First the targets of the UPSELL, CROSS_SELL and DOWNSELL promotions in
 * force whose products are among `productIds` (schema's `recommendations` rule), then featured
 * products at random (SPEC 7's `featured=true&random=true`) to fill the rest. Products already
 * given are never suggested. Products come from the in-memory catalogue, so an inactive or
 * deleted target simply drops out. Random, so never stored by a cache.
 */
export async function recommendationRoutes(app: FastifyInstance) {
  const { catalogue } = app;
  const promotions = app.repos.promotions;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/recommendations',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { querystring: RecommendationsQuery, response: { 200: ProductList, 503: ErrorBody } },
    },
    async (req, reply) => {
      const { productIds, limit } = req.query;
      let snapshot: CatalogueSnapshot;
      try {
        snapshot = catalogue.peek() ?? (await catalogue.current());
      } catch {
        throw new HttpError(503, 'CATALOGUE_UNAVAILABLE', t('catalogueUnavailable', localeOf(req.headers)));
      }
      const given = new Set(productIds.map((id) => id.toLowerCase()));
      const picked: Product[] = [];
      const seen = new Set(given);
      const add = (p: Product) => {
        if (picked.length >= limit || seen.has(p.id.toLowerCase())) return;
        seen.add(p.id.toLowerCase());
        picked.push(p);
      };
      if (productIds.length > 0) {
        const recs = recommendations(await promotions.active(new Date()), productIds, new Date());
        for (const id of recommendedProductIds(recs, limit + given.size)) {
          const answer = snapshot.product(id);
          if (answer) add(JSON.parse(answer.bytes.toString('utf8')) as Product);
        }
      }
      if (picked.length < limit) {
        const featured = snapshot.list({ featured: true, random: true, limit: limit + given.size });
        for (const p of JSON.parse(featured.bytes.toString('utf8')) as Product[]) add(p);
      }
      reply.header('cache-control', 'no-store');
      return picked;
    },
  );
}
