import { ErrorBody, message, Product, ProductList, ProductListQuery } from '@qahwa/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Answer, type CatalogueSnapshot, etagMatches } from '../catalogue/snapshot';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * Caches may keep a catalogue answer but must ask again before each use (`no-cache`), with the
 * ETag: stock moves with every order, and "no stale read longer than a second" rules out any
 * max-age a cache could serve blind; the 304 keeps asking cheap. A random pick differs on
 * every call, so it is never stored (`no-store`) and has no ETag.
 */
export const CACHE_CONTROL = { revalidate: 'public, no-cache', random: 'no-store' } as const;

/**
 * No access log line per catalogue read: they are public, cacheable answers from memory, thousands
 * a second, and the two info lines per request cost about a fifth of the route's time
 * (docs/performance.md). Warnings and errors are still logged with the request id.
 */
const READ_LOG_LEVEL = 'warn';

const NotModified = z.null().meta({ description: 'Not modified: the If-None-Match ETag is still current' });

/**
 * SPEC 7 GET /api/products and GET /api/products/{id} (an id or a slug), served from the
 * in-memory catalogue (gateway/src/catalogue): pre-serialised bytes, ETag and 304.
 */
export async function productRoutes(app: FastifyInstance) {
  const { catalogue } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const snapshot = async (req: FastifyRequest): Promise<CatalogueSnapshot> => {
    const ready = catalogue.peek();
    if (ready) return ready;
    try {
      return await catalogue.current();
    } catch {
      throw new HttpError(503, 'CATALOGUE_UNAVAILABLE', t('catalogueUnavailable', localeOf(req.headers)));
    }
  };

  r.get(
    '/api/products',
    {
      config: { access: 'public' },
      logLevel: READ_LOG_LEVEL,
      schema: { querystring: ProductListQuery, response: { 200: ProductList, 304: NotModified } },
    },
    async (req, reply) => send(req, reply, (await snapshot(req)).list(req.query)),
  );

  r.get(
    '/api/products/:id',
    {
      config: { access: 'public' },
      logLevel: READ_LOG_LEVEL,
      schema: {
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: Product, 304: NotModified, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const answer = (await snapshot(req)).product(req.params.id);
      if (!answer)
        throw new HttpError(
          404,
          'PRODUCT_NOT_FOUND',
          message('catalogue.productNotFound', localeOf(req.headers)),
        );
      return send(req, reply, answer);
    },
  );
}

/** Writes the pre-serialised bytes (a Buffer skips the serializer), or 304 when the client's copy is current. */
function send(req: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  if (!answer.etag) {
    return reply
      .header('cache-control', CACHE_CONTROL.random)
      .header('content-type', 'application/json; charset=utf-8')
      .send(answer.bytes);
  }
  reply.header('cache-control', CACHE_CONTROL.revalidate).header('etag', answer.etag);
  if (etagMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.bytes);
}
