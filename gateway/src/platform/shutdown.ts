import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { InFlight, isCardOrder } from './in-flight';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of shutting down, before `close()`: refuses new requests (503 SHUTTING_DOWN)
     * and waits for the card orders in flight, up to config.shutdownGraceMs.
     */
    beginShutdown(): Promise<void>;
  }
}

/**
 * Decorates the app with `beginShutdown` and the hooks that follow the card orders in flight;
 * the answer says whether the app is closing (the app's onRequest hook refuses new requests then).
 */
export function prepareShutdown(
  app: FastifyInstance,
  { logger, graceMs }: { logger: Logger; graceMs: number },
) {
  // Shutting down (docs/operations.md): new requests are refused at once (another instance, or
  // the shopper's retry, takes them), and card orders in flight get up to shutdownGraceMs to
  // answer before any connection is closed: their shoppers have paid.
  let closing = false;
  const cardOrders = new InFlight();
  app.addHook('preHandler', async (req) => {
    if (isCardOrder(req)) cardOrders.add(req);
  });
  // Every answer sent while closing ends its connection: Node's server.close() waits for each
  // keep-alive connection to go, and the Next proxies' pools keep theirs open for the whole
  // keep-alive timeout (72 s) otherwise.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (req) => cardOrders.delete(req));
  app.addHook('onRequestAbort', async (req) => cardOrders.delete(req));
  // Not a preClose hook: Fastify's close gives each hook pluginTimeout (10 s) at most.
  app.decorate('beginShutdown', async () => {
    closing = true;
    if (cardOrders.size === 0) return;
    logger.info({ cardOrders: cardOrders.size }, 'waiting for card orders in flight');
    const left = await cardOrders.drain(graceMs);
    if (left > 0) logger.warn({ cardOrders: left }, 'closing with card orders still in flight');
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  return () => closing;
}
