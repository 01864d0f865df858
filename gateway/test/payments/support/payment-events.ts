import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Db } from '@qahwa/db';
import type { Mailer } from '@qahwa/mail';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import {
  createMailConsumers,
  createOutboxRelay,
  createPaymentsProjection,
  ensureStream,
} from '@qahwa/workers';
import type { Logger } from 'pino';

/**
 * The payment events' way to the payments screen, as the workers run it: the outbox relay and
 * the payments projection, on a stream and subject prefix of this run's own (`TEST_<name>_<run>`),
 * so tests running at once never read each other's events. With a mailer, the workers' mail
 * consumers too (an OrderPlaced's confirmation), sending through it.
 */
export async function startPaymentEvents(
  db: Db,
  logger: Logger,
  name: string,
  mailer?: Mailer,
): Promise<{ nc: NatsConnection; stop(): Promise<void> }> {
  const run = randomUUID().slice(0, 8);
  const nc = await connect({ servers: process.env.NATS_URL ?? SERVICE_DEFAULTS.natsUrl });
  const jsm = await jetstreamManager(nc);
  const stream = `TEST_${name}_${run}`;
  const subjectPrefix = `test-${run}.`;
  await ensureStream(jsm, { name: stream, subjects: [`${subjectPrefix}commerce.>`] });
  const js = jetstream(nc);
  const relay = createOutboxRelay({ db, js, logger, subjectPrefix, pollIntervalMs: 50 });
  const projection = createPaymentsProjection({
    db,
    js,
    logger,
    stream,
    subjectPrefix,
    durable: `payments-${run}`,
  });
  const mail = mailer
    ? createMailConsumers({
        db,
        js,
        logger,
        mailer,
        settings: {
          staffNotifyEmail: 'team@qahwa.test',
          storeUrl: 'http://shop.test',
          linkSecret: 'test-link',
        },
        stream,
        subjectPrefix,
        durablePrefix: `mail-${run}`,
      })
    : null;
  relay.start();
  projection.start();
  mail?.start();
  return {
    nc,
    async stop() {
      await Promise.all([relay.stop(), projection.stop(), mail?.stop()]);
      await jsm.streams.delete(stream).catch(() => {});
      await nc.drain();
    },
  };
}
