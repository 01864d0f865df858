import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { EVENT_SUBJECTS } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue } from './catalogue';
import { throttled } from './throttle';

/**
 * The default shortest time between two event-driven rebuilds: a stock change shows within this
 * plus a rebuild (under the 1 s staleness goal), and a burst of orders costs at most four
 * rebuilds a second.
 */
export const CATALOGUE_EVENT_GAP_MS = 250;

export interface CatalogueChangesOptions {
  /** EVENTS_SUBJECT_PREFIX: the subjects the relay publishes under (the end-to-end stack uses one). */
  subjectPrefix: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
  /** CATALOGUE_EVENT_GAP_MS: the shortest time between two event-driven rebuilds (0: none). */
  gapMs?: number;
}

/**
 * Rebuilds the catalogue on every CatalogueChanged. A core subscription, not a JetStream
 * consumer: the outbox relay publishes into the stream, and a core subscriber on the same
 * subject receives those messages too, with nothing to ack or store per gateway instance. What
 * it can miss (the gateway was disconnected when an event went by) is covered by a rebuild on
 * every reconnect, and by the safety interval.
 *
 * The event's payload is not needed: every rebuild reads the whole catalogue, which is small.
 */
export function followCatalogueChanges(
  nc: NatsConnection,
  catalogue: Catalogue,
  options: CatalogueChangesOptions,
): { subject: string; stop: () => void } {
  const subject = `${options.subjectPrefix}${EVENT_SUBJECTS.CatalogueChanged}`;
  // At most one rebuild per gap: every COD order announces its stock.
  const rebuild = throttled((reason) => catalogue.refresh(reason), options.gapMs ?? CATALOGUE_EVENT_GAP_MS);
  const sub: Subscription = nc.subscribe(subject, {
    callback: (err) => {
      if (err) {
        options.logger.warn({ err, subject }, 'catalogue subscription error');
        return;
      }
      rebuild('event').catch(() => {});
    },
  });
  let stopped = false;
  void (async () => {
    for await (const status of nc.status()) {
      if (stopped) break;
      if (status.type === 'reconnect') {
        options.logger.info(
          { subject },
          'NATS reconnected: rebuilding the catalogue in case an event was missed',
        );
        catalogue.refresh('reconnect').catch(() => {});
      }
    }
  })();
  options.logger.info({ subject }, 'following catalogue changes');
  return {
    subject,
    stop: () => {
      stopped = true;
      sub.unsubscribe();
    },
  };
}
