import type { FastifyBaseLogger } from 'fastify';

export interface StorefrontRevalidationOptions {
  /** The storefronts' revalidation endpoints (web `POST /revalidate/catalogue`). */
  urls: string[];
  secret: string;
  logger: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
  timeoutMs?: number;
}

/**
 * Tells each storefront that the catalogue changed, after the gateway's own rebuild (so the
 * storefront's next fetch reads the new bytes, not the old ones). The storefront follows the
 * same event without a NATS client of its own. A storefront that is down misses the call; its
 * cached fetches still expire on their own safety interval (docs/performance.md).
 */
export function storefrontRevalidation(options: StorefrontRevalidationOptions): () => void {
  return () => {
    for (const url of options.urls) {
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.secret}` },
        signal: AbortSignal.timeout(options.timeoutMs ?? 2000),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok)
            options.logger.warn(
              { url, status: res.status },
              'storefront refused to revalidate the catalogue',
            );
          else options.logger.debug({ url }, 'storefront revalidated the catalogue');
        })
        .catch((err) =>
          options.logger.warn({ err, url }, 'storefront unreachable for catalogue revalidation'),
        );
    }
  };
}
