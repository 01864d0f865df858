import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb } from '@qahwa/db';
import { STREAM_NAME } from '@qahwa/schema';
import pino from 'pino';
import { createOutboxRelay } from './outbox-relay';
import { createOrderStatsProjection } from './projections';
import { ensureStream } from './stream';

const logger = pino({ name: 'workers', level: process.env.LOG_LEVEL ?? 'info' });
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
// Overridable so a second stack (the end-to-end tests) can share a NATS server without sharing events.
const streamName = process.env.EVENTS_STREAM ?? STREAM_NAME;
const subjectPrefix = process.env.EVENTS_SUBJECT_PREFIX ?? '';
const durable = process.env.PROJECTION_DURABLE ?? 'order-stats';

async function main() {
  const nc = await connect({
    servers: natsUrl,
    name: 'qahwa-workers',
    // NATS starting after us, or restarting, must not end the process: keep trying.
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
  });
  logger.info({ server: nc.getServer() }, 'connected to NATS');
  void (async () => {
    for await (const s of nc.status()) logger.info({ status: s.type }, 'nats connection status');
  })();

  const { db, close: closeDb } = createDb();
  await ensureStream(await jetstreamManager(nc), {
    name: streamName,
    subjects: [`${subjectPrefix}commerce.>`],
  });
  const js = jetstream(nc);

  const relay = createOutboxRelay({ db, js, logger, subjectPrefix });
  const orderStats = createOrderStatsProjection({
    db,
    js,
    logger,
    stream: streamName,
    durable,
    subjectPrefix,
  });
  relay.start();
  orderStats.start();

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
      await Promise.all([relay.stop(), orderStats.stop()]);
      await nc.drain();
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
  logger.fatal({ err }, 'workers failed to start');
  process.exit(1);
});
