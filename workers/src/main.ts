import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb, pingDb } from '@qahwa/db';
import { createMailer } from '@qahwa/mail';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { createBackInStockConsumer } from './back-in-stock/back-in-stock-consumer';
import { createBrevoFeed, createBrevoSync } from './brevo';
import { loadWorkersConfig } from './config';
import { type HealthServer, startHealthServer } from './health';
import { createInvoiceIssuer } from './invoices/invoice-issuer';
import { ensureEventStreams } from './jetstream';
import { createLeadConsumers } from './leads/lead-consumer';
import { createMailConsumers } from './mail/mail-consumer';
import {
  createCouponHoldSweeper,
  createPruner,
  createStockHoldSweeper,
  createWebhookWatch,
} from './maintenance';
import { createOrderFollowUpStarter } from './orders/follow-up-starter';
import { createOutboxRelay } from './outbox-relay';
import {
  createCatalogueCountsProjection,
  createOrderStatsProjection,
  createPaymentsProjection,
  createProductViewsProjection,
} from './projections';
import { createCodPaymentsProjection } from './projections/cod-payments';
import { createReturnStarter } from './returns/return-starter';

async function main() {
  const config = loadWorkersConfig();
  const logger = pino({ name: 'workers', level: config.logLevel });
  const { db, close: closeDb } = createDb(config.db.url, { ...config.db, applicationName: 'workers' });
  const nc = await connect({
    ...config.nats,
    name: 'qahwa-workers',
    // NATS starting after us, or restarting, must not end the process: keep trying.
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
  });
  logger.info({ server: nc.getServer() }, 'connected to NATS');
  void (async () => {
    for await (const s of nc.status()) logger.info({ status: s.type }, 'nats connection status');
  })();

  const streamName = config.eventsStream;
  const subjectPrefix = config.eventsSubjectPrefix;
  // The commerce stream at EVENTS_STREAM_REPLICAS, the analytics stream (product views) at one.
  await ensureEventStreams(await jetstreamManager(nc), {
    name: streamName,
    subjectPrefix,
    maxAgeMs: config.eventsMaxAgeMs,
    replicas: config.eventsStreamReplicas,
  });
  const js = jetstream(nc);

  const relay = createOutboxRelay({
    db,
    js,
    logger,
    subjectPrefix,
    maxAttempts: config.outbox.maxAttempts,
    batchSize: config.outbox.batchSize,
    pollIntervalMs: config.outbox.pollIntervalMs,
  });
  const orderStats = createOrderStatsProjection({
    db,
    js,
    logger,
    stream: streamName,
    durable: config.projectionDurable,
    subjectPrefix,
  });
  const productViews = createProductViewsProjection({
    db,
    js,
    logger,
    stream: streamName,
    analyticsStream: config.analyticsStream,
    subjectPrefix,
  });
  const paymentsModel = createPaymentsProjection({ db, js, logger, stream: streamName, subjectPrefix });
  // The dashboard's total products and active promotions (docs/dashboard.md).
  const catalogueCounts = createCatalogueCountsProjection({
    db,
    js,
    logger,
    stream: streamName,
    subjectPrefix,
  });
  const codPayments = createCodPaymentsProjection({ db, js, logger, stream: streamName, subjectPrefix });
  const webhookWatch = createWebhookWatch({ db, logger, ...config.webhookWatch });
  const couponHolds = createCouponHoldSweeper({ db, logger, ...config.couponHolds });
  // Card payments' stock held past its expiry (docs/payments.md).
  const stockHolds = createStockHoldSweeper({ db, logger, ...config.stockHolds });
  const pruner = createPruner({
    db,
    logger,
    retention: config.retention,
    intervalMs: config.retention.intervalMs,
  });
  // Contacts owed to the e-mail-marketing provider, and the loop that sends them (docs/crm.md).
  const brevoFeed = createBrevoFeed({
    db,
    js,
    logger,
    stream: streamName,
    durable: config.brevo.durable,
    subjectPrefix,
    listIds: config.brevo.listIds,
  });
  const brevoSync = createBrevoSync({ db, logger, ...config.brevo });
  // Lazy: Temporal down at start must not stop the relay; the lead consumers nak until it answers.
  const temporalConnection = Connection.lazy({ address: config.temporal.address });
  const leadConsumers = createLeadConsumers({
    db,
    js,
    logger,
    temporal: new Client({ connection: temporalConnection, namespace: config.temporal.namespace }),
    taskQueue: config.temporal.taskQueue,
    stream: streamName,
    subjectPrefix,
    ...config.leads,
  });
  // A staff move's refund and e-mail, started from its OrderStatusChanged (docs/orders.md).
  const orderFollowUps = createOrderFollowUpStarter({
    db,
    js,
    logger,
    temporal: new Client({ connection: temporalConnection, namespace: config.temporal.namespace }),
    taskQueue: config.temporal.taskQueue,
    stream: streamName,
    subjectPrefix,
  });
  // A return's process, started from its ReturnRequested (docs/returns.md).
  const returnStarter = createReturnStarter({
    db,
    js,
    logger,
    temporal: new Client({ connection: temporalConnection, namespace: config.temporal.namespace }),
    taskQueue: config.temporal.taskQueue,
    stream: streamName,
    subjectPrefix,
  });
  // Tax invoices (or receipts) of paid orders when placed and of cash orders when delivered (docs/invoices.md).
  const invoiceIssuer = createInvoiceIssuer({ db, js, logger, stream: streamName, subjectPrefix });
  // The contact acknowledgement, the staff notice and the newsletter welcome (docs/email.md).
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    logger,
    budget: config.mail.budget,
  });
  const mailConsumers = createMailConsumers({
    db,
    js,
    logger,
    mailer,
    settings: config.mail,
    stream: streamName,
    durablePrefix: config.mail.durablePrefix,
    subjectPrefix,
  });
  // One e-mail to each shopper waiting for a variation on sale again (docs/back-in-stock.md).
  const backInStock = createBackInStockConsumer({
    db,
    js,
    logger,
    mailer,
    storeUrl: config.mail.storeUrl,
    stream: streamName,
    durable: `${config.mail.durablePrefix}-back-in-stock`,
    subjectPrefix,
  });
  mailConsumers.start();
  backInStock.start();
  leadConsumers.start();
  orderFollowUps.start();
  returnStarter.start();
  invoiceIssuer.start();
  brevoFeed.start();
  brevoSync.start();
  relay.start();
  orderStats.start();
  productViews.start();
  paymentsModel.start();
  codPayments.start();
  webhookWatch.start();
  catalogueCounts.start();
  pruner.start();
  couponHolds.start();
  stockHolds.start();

  let health: HealthServer | null = null;
  if (config.healthPort > 0) {
    try {
      health = await startHealthServer({
        host: config.healthHost,
        port: config.healthPort,
        logger,
        probes: [
          { name: 'postgres', critical: true, affects: 'all', check: () => pingDb(db) },
          // While NATS is down the relay waits (events stay in the outbox) and projections stall.
          { name: 'nats', affects: 'events', check: () => nc.rtt() },
        ],
      });
    } catch (err) {
      // A taken port must not stop the relay: the events matter more than the health answer.
      logger.error({ err, port: config.healthPort }, 'health server not started');
    }
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // A second signal, or a hang, must still end the process.
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await health?.close();
      await Promise.all([
        relay.stop(),
        orderStats.stop(),
        productViews.stop(),
        paymentsModel.stop(),
        codPayments.stop(),
        webhookWatch.stop(),
        catalogueCounts.stop(),
        pruner.stop(),
        couponHolds.stop(),
        stockHolds.stop(),
        brevoFeed.stop(),
        leadConsumers.stop(),
        orderFollowUps.stop(),
        returnStarter.stop(),
        invoiceIssuer.stop(),
        mailConsumers.stop(),
        backInStock.stop(),
        brevoSync.stop(),
      ]);
      mailer.close();
      await nc.drain();
      await temporalConnection.close();
      await closeDb();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // pino may not exist yet (bad config): print plainly and exit non-zero.
  console.error(
    JSON.stringify({ level: 60, msg: 'workers failed to start', err: String(err?.message ?? err) }),
  );
  process.exit(1);
});
