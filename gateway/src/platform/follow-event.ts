import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { type DomainEventType, EVENT_SUBJECTS } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';

export interface FollowEventOptions {
  /** EVENTS_SUBJECT_PREFIX: the subjects the relay publishes under (the end-to-end stack uses one). */
  subjectPrefix: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
}

/**
 * Calls `refresh` on every event of one type, and after every NATS reconnect. A core
 * subscription, not a JetStream consumer: the outbox relay publishes into the stream, and a core
 * subscriber on the same subject receives those messages too, with nothing to ack or store per
 * gateway instance. What it can miss (the gateway was disconnected when an event went by) is
 * covered by the refresh on reconnect, and by the owner's safety interval. The payload is not
 * read: every refresh reads the whole (small) state again.
 */
export function followEvent(
  nc: NatsConnection,
  type: DomainEventType,
  refresh: (reason: string) => Promise<void>,
  options: FollowEventOptions,
): { subject: string; stop: () => void } {
  const subject = `${options.subjectPrefix}${EVENT_SUBJECTS[type]}`;
  const sub: Subscription = nc.subscribe(subject, {
    callback: (err) => {
      if (err) {
        options.logger.warn({ err, subject }, `${type} subscription error`);
        return;
      }
      refresh('event').catch(() => {});
    },
  });
  let stopped = false;
  void (async () => {
    for await (const status of nc.status()) {
      if (stopped) break;
      if (status.type === 'reconnect') {
        options.logger.info({ subject }, `NATS reconnected: refreshing in case a ${type} was missed`);
        refresh('reconnect').catch(() => {});
      }
    }
  })();
  options.logger.info({ subject }, `following ${type}`);
  return {
    subject,
    stop: () => {
      stopped = true;
      sub.unsubscribe();
    },
  };
}
