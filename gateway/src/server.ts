import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createStripeClient, createTabbyClient } from '@qahwa/checkout/payments';
import {
  createCatalogueRepository,
  createDb,
  createPromotionsRepository,
  createSettingsRepository,
} from '@qahwa/db';
import { createMailer } from '@qahwa/mail';
import { Client, Connection } from '@temporalio/client';
import { Runtime } from '@temporalio/worker';
import pino from 'pino';
import { buildApp } from './app';
import { createCatalogue } from './catalogue/catalogue';
import { followCatalogueChanges } from './catalogue/changes';
import { shopperCatalogueLoader } from './catalogue/shown-prices';
import { storefrontRevalidation } from './catalogue/storefront';
import { startEagerCheckout } from './checkout/eager-worker';
import { loadConfig } from './config';
import { followEvent } from './platform/follow-event';
import { createSettingsStore } from './settings/settings-store';
import { refuseSampleVatRegistration } from './settings/vat-registration';

/** Listens and shuts down gracefully; everything else is in app.ts. */
async function main() {
  const config = loadConfig();
  const logger = pino({ name: 'gateway', level: config.logLevel });
  // SIGTERM is ours (shutdown, below): Temporal's runtime would otherwise stop the checkout worker
  // at once, under the card orders the shutdown waits for, and the worker's loop would start it again.
  Runtime.install({ shutdownSignals: [] });
  const handle = createDb(config.databaseUrl, { ...config.db, applicationName: 'gateway' });
  // The reads that may lag (docs/deploy.md) go to a hot standby when DATABASE_READ_URL names one.
  const readHandle =
    config.db.readUrl === config.db.url
      ? null
      : createDb(config.db.readUrl, { ...config.db, applicationName: 'gateway-read' });
  const readDb = readHandle?.db ?? handle.db;
  // The readiness probe's own connection: a gateway whose pool is busy with orders is loaded, not
  // down, and a probe queueing behind them for a connection made the balancer take it out of
  // rotation just when the other gateway was down (the fault run, docs/deploy.md).
  const probeHandle = createDb(config.databaseUrl, {
    ...config.db,
    max: 1,
    applicationName: 'gateway-probe',
  });
  // Lazy: Temporal being down must not keep the gateway from serving the catalogue. The channel
  // connects on first use and reconnects by itself; until then checkout answers 503 (orders.ts).
  const connection = Connection.lazy({ address: config.temporalAddress });
  const temporal = new Client({ connection, namespace: config.temporalNamespace });
  // Checkouts start eagerly on a worker in this process once Temporal answers (docs/checkout.md).
  const stripe = createStripeClient(config.stripe);
  const tabby = createTabbyClient(config.tabby);
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    logger,
    budget: config.mail.budget,
  });
  const eagerCheckout = startEagerCheckout({
    stripe,
    tabby,
    mailer,
    storeUrl: config.mail.storeUrl,
    leadRecovery: {
      mailer,
      storefrontUrl: config.mail.storeUrl,
      linkSecret: config.leadLinkSecret,
      linkTtlMs: config.leadLinkTtlMs,
    },
    address: config.temporalAddress,
    namespace: config.temporalNamespace,
    taskQueue: config.checkoutTaskQueue,
    db: handle.db,
    logger,
    // Half the pool: HTTP requests keep the other half while checkouts run.
    activityConcurrency: Math.max(1, Math.floor(config.db.poolSize / 2)),
    bundleCache: config.workflowBundleCache,
  });
  // NATS being down must not keep the gateway from serving the catalogue: connect in the
  // background (retrying for ever) and let /health/ready report it until it answers.
  let nats: NatsConnection | null = null;
  // The catalogue is read once now and rebuilt on every CatalogueChanged (docs/performance.md).
  // With the price each variation shows (the sale and automatic promotions, checkout's pricing).
  const catalogue = createCatalogue({
    // A rebuild may read the standby: it follows CatalogueChanged, which the outbox relay publishes
    // after the change committed, and the safety interval catches one a lagging standby missed.
    load: shopperCatalogueLoader({
      catalogue: createCatalogueRepository(readDb),
      promotions: createPromotionsRepository(readDb),
      settings: createSettingsRepository(readDb),
    }),
    logger,
    refreshIntervalMs: config.catalogueRefreshMs,
    // The storefront's cached fetches follow the same event, once our rebuild has the new bytes.
    onChange: storefrontRevalidation({ ...config.storefrontRevalidation, logger }),
  });
  catalogue.start();
  // The store's settings likewise (docs/settings.md): read once, re-read on SettingsChanged,
  // and the storefront told to drop its cached copy once ours has the new values.
  const settingsRepository = createSettingsRepository(handle.db);
  const settings = createSettingsStore({
    load: () => settingsRepository.read(),
    logger,
    refreshIntervalMs: config.catalogueRefreshMs,
    onChange: storefrontRevalidation({ ...config.storefrontRevalidation, logger }),
  });
  settings.start();
  // A production store VAT-registered under the seed's sample TRN does not start (docs/vat.md).
  // A database that does not answer yet is the health probe's business, not a reason to stop here.
  const vat = await settingsRepository.read().then(
    (all) => all.vat.value,
    (err) => {
      logger.warn({ err }, 'settings unread at start: the VAT registration is checked on the next start');
      return null;
    },
  );
  if (vat) refuseSampleVatRegistration(config.env, vat);
  void connect({
    ...config.nats,
    name: 'gateway',
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
  })
    .then((nc) => {
      nats = nc;
      logger.info({ server: nc.getServer() }, 'connected to NATS');
      followCatalogueChanges(nc, catalogue, {
        subjectPrefix: config.eventsSubjectPrefix,
        logger,
        gapMs: config.catalogueEventGapMs,
      });
      followEvent(nc, 'SettingsChanged', settings.refresh, {
        subjectPrefix: config.eventsSubjectPrefix,
        logger,
      });
      // Changes made before we followed them (while NATS was out of reach) are read now.
      catalogue.refresh('nats connected').catch(() => {});
      settings.refresh('nats connected').catch(() => {});
    })
    .catch((err) => logger.error({ err }, 'NATS connection failed'));

  const app = await buildApp({
    config,
    db: handle.db,
    readDb,
    probeDb: probeHandle.db,
    temporal,
    eagerCheckout: eagerCheckout.client,
    stripe,
    tabby,
    mailer,
    logger,
    catalogue,
    settings,
    probes: [
      {
        name: 'nats',
        // Orders are still taken while NATS is down (their events wait in the outbox): degraded, not down.
        affects: 'events',
        check: async () => {
          if (!nats) throw new Error('not connected');
          await nats.rtt();
        },
      },
    ],
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // New requests are refused and card orders in flight get up to shutdownGraceMs to answer
    // (app.ts); app.close() then waits for the other requests; the rest closes in seconds. Past that,
    // something hangs: exit rather than linger (the orchestrator's own grace must be longer:
    // docker-compose.yml's stop_grace_period, docs/operations.md).
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000);
    force.unref();
    await app.beginShutdown();
    await app.close();
    await eagerCheckout.close();
    mailer.close();
    catalogue.stop();
    settings.stop();
    await nats?.drain().catch(() => {});
    await connection.close();
    await handle.close();
    await readHandle?.close();
    await probeHandle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // pino may not exist yet (bad config): print plainly and exit non-zero.
  console.error(
    JSON.stringify({ level: 60, msg: 'gateway failed to start', err: String(err?.message ?? err) }),
  );
  process.exit(1);
});
