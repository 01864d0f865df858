import type { NatsConnection } from '@nats-io/transport-node';
import { type FollowEventOptions, followEvent } from '../platform/follow-event';
import type { Catalogue } from './catalogue';
import { throttled } from './throttle';

/**
 * The default shortest time between two event-driven rebuilds: a stock change shows within this
 * plus a rebuild (under the 1 s staleness goal), and a burst of orders costs at most four
 * rebuilds a second.
 */
export const CATALOGUE_EVENT_GAP_MS = 250;

export type CatalogueChangesOptions = FollowEventOptions & {
  /** CATALOGUE_EVENT_GAP_MS: the shortest time between two event-driven rebuilds (0: none). */
  gapMs?: number;
};

/**
 * Rebuilds the catalogue on every CatalogueChanged (and after a NATS reconnect), by the one
 * follower of platform/follow-event.ts; the safety interval covers what it cannot see. And on
 * every SettingsChanged: the prices it shows carry the store's sale (shown-prices.ts), so staff
 * switching the sale on or off changes every card at once.
 */
export function followCatalogueChanges(
  nc: NatsConnection,
  catalogue: Catalogue,
  options: CatalogueChangesOptions,
): { subject: string; stop: () => void } {
  // At most one rebuild per gap: every COD order announces its stock.
  const rebuild = throttled((reason) => catalogue.refresh(reason), options.gapMs ?? CATALOGUE_EVENT_GAP_MS);
  const catalogueChanged = followEvent(nc, 'CatalogueChanged', rebuild, options);
  const settingsChanged = followEvent(nc, 'SettingsChanged', rebuild, options);
  return {
    subject: catalogueChanged.subject,
    stop: () => {
      catalogueChanged.stop();
      settingsChanged.stop();
    },
  };
}
