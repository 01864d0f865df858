import { OfferSettings, SiteTexts, SliderList } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Staff change these rarely and the storefront renders them on the server: a minute of caching
 * in a shared cache is harmless (a new banner shows up within a minute) and keeps the home page
 * from asking the database on every visit.
 */
export const CONTENT_CACHE_CONTROL = 'public, max-age=60';

/** SPEC 7 GET /api/content/fomo-offers and the storefront's other content. */
export async function contentRoutes(app: FastifyInstance) {
  const content = app.repos.content;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = {
    logLevel: 'warn' as const,
    config: { access: 'public' as const, rateLimit: app.deps.config.rateLimits.contentReads },
  };

  r.get(
    '/api/content/fomo-offers',
    { ...reads, schema: { response: { 200: OfferSettings } } },
    async (_req, reply) => {
      reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return content.offerSettings();
    },
  );

  r.get(
    '/api/content/sliders',
    { ...reads, schema: { response: { 200: SliderList } } },
    async (_req, reply) => {
      reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return content.activeSliders();
    },
  );

  r.get('/api/content/texts', { ...reads, schema: { response: { 200: SiteTexts } } }, async (_req, reply) => {
    reply.header('cache-control', CONTENT_CACHE_CONTROL);
    return content.texts();
  });
}
