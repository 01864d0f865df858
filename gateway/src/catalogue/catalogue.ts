import type { Product } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import { coalescedRefresh } from '../platform/coalesced-refresh';
import { CatalogueSnapshot } from './snapshot';

export interface CatalogueOptions {
  /** Reads every active product (the repository's `allActive`). */
  load: () => Promise<Product[]>;
  logger: Pick<FastifyBaseLogger, 'info' | 'error' | 'debug'>;
  /**
   * Rebuild this often even without an event: the safety net for a CatalogueChanged that never
   * arrived (see docs/performance.md for the trade-off). 0 turns it off.
   */
  refreshIntervalMs: number;
  /** Called after a build whose content differs from the one before (not after the first build). */
  onChange?: (snapshot: CatalogueSnapshot) => void;
}

export class CatalogueUnavailableError extends Error {
  override readonly name = 'CatalogueUnavailableError';
  readonly code = 'CATALOGUE_UNAVAILABLE';
}

/**
 * The gateway's in-memory catalogue: built once from the database, rebuilt on a
 * CatalogueChanged event (or the safety interval), served from memory in between.
 *
 * Rebuilds are coalesced (platform/coalesced-refresh.ts): one in flight and at most one queued.
 * A failed build keeps the previous snapshot: reads stay up while the database blinks.
 */
export function createCatalogue(options: CatalogueOptions) {
  let snapshot: CatalogueSnapshot | null = null;
  let timer: NodeJS.Timeout | null = null;
  let builds = 0;

  async function build(reason: string): Promise<void> {
    const started = performance.now();
    try {
      const products = await options.load();
      const previous = snapshot;
      snapshot = new CatalogueSnapshot(products, new Date());
      builds++;
      if (previous && previous.version !== snapshot.version) options.onChange?.(snapshot);
      options.logger.debug(
        { reason, products: snapshot.size, ms: Math.round(performance.now() - started) },
        'catalogue rebuilt',
      );
    } catch (err) {
      options.logger.error({ err, reason }, 'catalogue rebuild failed; serving the previous one');
      throw err;
    }
  }

  /** Resolves once a build that started after this call has finished (or failed). */
  const refresh = coalescedRefresh(build);

  return {
    /** The current snapshot, without waiting; null before the first build succeeded. */
    peek(): CatalogueSnapshot | null {
      return snapshot;
    },

    /** The current snapshot, building the first one if need be. */
    async current(): Promise<CatalogueSnapshot> {
      if (snapshot) return snapshot;
      await refresh('first read').catch(() => {});
      if (!snapshot) throw new CatalogueUnavailableError('the catalogue could not be read');
      return snapshot;
    },

    refresh,

    /** Builds the first snapshot and starts the safety interval. */
    start(): void {
      refresh('start').catch(() => {});
      if (options.refreshIntervalMs > 0 && !timer) {
        timer = setInterval(() => refresh('interval').catch(() => {}), options.refreshIntervalMs);
        timer.unref();
      }
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },

    /** How many builds succeeded: for tests and the health of the coalescing. */
    get builds(): number {
      return builds;
    },
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;
