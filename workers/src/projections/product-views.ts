import type { JetStreamClient } from '@nats-io/jetstream';
import { createEngagementRepository, type Db } from '@qahwa/db';
import { ProductViewed, STREAM_NAME } from '@qahwa/schema';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  messageJson,
} from '../durable-consumer';
import { InvalidEventError } from '../errors';

export const PRODUCT_VIEWS_DURABLE = 'product-views';

export interface ProductViewsProjectionOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  /** Defaults to `COMMERCE`. */
  stream?: string;
  /** Durable consumer name; also the `consumer` of processed_events. Defaults to `product-views`. */
  durable?: string;
  /** Prepended to `commerce.product.viewed`; must match the relay's and the stream's prefix. */
  subjectPrefix?: string;
}

/**
 * Keeps product_view_counts from ProductViewed (issue 10): the product page's POST only appends
 * the event, so counting a view never writes on the request. Each event adds one view, once
 * (the processed-event guard and the increment commit together). The gateway's catalogue reads
 * the counts on its next build and sorts `popular` by them.
 */
export function createProductViewsProjection(options: ProductViewsProjectionOptions): DurableConsumer {
  const engagement = createEngagementRepository(options.db);
  const durable = options.durable ?? PRODUCT_VIEWS_DURABLE;
  return createDurableConsumer({
    ...options,
    logger: options.logger.child({ projection: 'product-views' }),
    stream: options.stream ?? STREAM_NAME,
    durable,
    filterSubject: `${options.subjectPrefix ?? ''}commerce.product.>`,
    async handle(m, log) {
      const raw = messageJson(m);
      const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
      if (type !== 'ProductViewed') {
        // Other product events must not block the stream while this projection ignores them.
        log.debug('not an event this projection keeps');
        return;
      }
      const parsed = ProductViewed.safeParse(raw);
      if (!parsed.success) throw new InvalidEventError('ProductViewed does not match its contract');
      const event = parsed.data;
      const applied = await options.db.transaction((tx) => engagement.applyProductViewed(tx, durable, event));
      log.debug({ eventId: event.id, productId: event.data.productId, applied }, 'product view counted');
    },
  });
}
