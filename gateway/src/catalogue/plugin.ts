import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Catalogue, createCatalogue } from './catalogue';
import { shopperCatalogueLoader } from './shown-prices';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory catalogue (catalogue.ts), one per app: every route that reads it sees the same snapshot. */
    catalogue: Catalogue;
  }
}

/**
 * `app.catalogue`: the server's (which follows CatalogueChanged on NATS), or, for an app built
 * without one (tests, the fuzz run's gateway builds its own), one of the app's own that rebuilds
 * on config.catalogueRefreshMs and stops when the app closes. Never one per route: the product
 * list and the recommendations would then be two snapshots, each rebuilt on its own clock.
 */
export const cataloguePlugin = fp(async (app: FastifyInstance) => {
  const own = (): Catalogue => {
    const catalogue = createCatalogue({
      load: shopperCatalogueLoader(app.repos),
      logger: app.log,
      refreshIntervalMs: app.deps.config.catalogueRefreshMs,
    });
    catalogue.start();
    app.addHook('onClose', async () => catalogue.stop());
    return catalogue;
  };
  app.decorate('catalogue', app.deps.catalogue ?? own());
});
