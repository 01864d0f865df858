import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createRateLimitsRepository, type Db, type RateLimitsRepository } from '@qahwa/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's `child`: the limit's settings and, for a route's own limit, the route. */
interface LimitScope {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store over the one shared counter (db: rate_limit_counters), so every
 * limit counts a client's requests across all gateways as one gateway would (docs/shared-state.md).
 * A route's own limit (`config.rateLimit`) counts per route, as the in-process store did: its key
 * is the route's method and path, then the client's. A limiter made with `app.rateLimit` or
 * `app.createRateLimit` has no route, so its key generator must name it (`coupon:<code>`,
 * `not-found:<address>`).
 */
export function sharedLimitStore(
  counters: RateLimitsRepository,
  logger: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  // The database not answering lets the request through (the plugin's skipOnError): a limit is
  // abuse control, and the routes it guards that need the database fail on their own.
  const unavailable = (err: unknown, cb: Counted) => {
    logger.warn({ err }, 'rate limit counter unavailable: request not counted');
    cb(err instanceof Error ? err : new Error(String(err)));
  };
  class SharedLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Counted, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (count) => cb(null, { current: count.hits, ttl: count.ttlMs }),
        (err) => unavailable(err, cb),
      );
    }

    /** Counts nothing: `limiter(req, { increment: false })` (promotions/coupon-attempts.ts). */
    read(key: string, cb: Counted): void {
      counters.read(this.prefix + key).then(
        (count) => cb(null, { current: count.hits, ttl: count.ttlMs }),
        (err) => unavailable(err, cb),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as unknown as LimitScope).routeInfo;
      return new SharedLimitStore(undefined, route?.url ? `${String(route.method)} ${route.url} ` : '');
    }
  }
  return SharedLimitStore;
}

/**
 * Registers @fastify/rate-limit with the shared store (no global limit: each route declares its
 * own), and sweeps expired counters every `sweepMs` while the app runs. Every gateway sweeps; a
 * sweep is one short delete, and two at once are harmless.
 */
export async function registerSharedLimits(
  app: FastifyInstance,
  options: { db: Db; logger: FastifyBaseLogger; sweepMs: number },
): Promise<void> {
  const counters = createRateLimitsRepository(options.db);
  // Per client: an IPv4 address; an IPv6 client by its /64 (an ISP hands each subscriber at least
  // one, and any host on it may take a new address per request); an IPv4-mapped IPv6 address as
  // its IPv4 one. @fastify/rate-limit's own key does exactly this (its normalizeIP, exported for a
  // limiter with a key of its own): written out so it stays the decision, not a default.
  await app.register(rateLimit, {
    global: false,
    ipv6Subnet: 64,
    store: sharedLimitStore(counters, options.logger),
    skipOnError: true,
  });
  const sweep = setInterval(() => {
    counters.sweep().catch((err) => options.logger.warn({ err }, 'rate limit counters not swept'));
  }, options.sweepMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
