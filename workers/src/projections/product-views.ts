import type { JsMsg } from '@nats-io/jetstream';
import { createEngagementRepository, type Db, sql, type Tx, tables } from '@qahwa/db';
import { analyticsStreamOf, ProductViewed, STREAM_NAME } from '@qahwa/schema';
import type { Logger } from 'pino';
import type { DurableConsumer } from '../jetstream';
import { consumerGroup, InvalidEventError, messageJson } from '../jetstream';
import { dubaiDay } from './dubai-day';
import { holdProjectionShared } from './locks';
import { createProjectionConsumer, type ProjectionOptions } from './projection-consumer';

export const PRODUCT_VIEWS_DURABLE = 'product-views';

/**
 * The subjects the projection reads, without the stream's prefix. The views travel in the
 * analytics stream (one replica: docs/deploy.md "Event stream replicas"). Views published before
 * that stream existed sit in the commerce stream under `commerce.product.`, as do those an older
 * gateway still writes during a rolling upgrade: a second durable drains them. It keeps the name
 * and position the single durable had there, so nothing it already counted is read again.
 */
export const PRODUCT_VIEWS_SUBJECTS = {
  views: 'analytics.product.>',
  beforeTheSplit: 'commerce.product.>',
} as const;

export type ProductViewsProjectionOptions = ProjectionOptions & {
  /** The analytics stream; by default the one that goes with `stream` (analyticsStreamOf). */
  analyticsStream?: string;
};

/**
 * Keeps product_view_counts from ProductViewed: the product page's POST only appends
 * the event, so counting a view never writes on the request. Each event adds one view, once
 * (the processed-event guard and the increment commit together). The gateway's catalogue reads
 * the counts on its next build and sorts `popular` by them. The dashboard's popular products
 * read the same views per Asia/Dubai day (product_views_daily), so any period can be summed.
 * Two durables of one name, one per stream, under ONE processed_events consumer: a view found in
 * both streams (republished by hand, say) still counts once.
 */
export function createProductViewsProjection(options: ProductViewsProjectionOptions): DurableConsumer {
  const commerceStream = options.stream ?? STREAM_NAME;
  const durable = options.durable ?? PRODUCT_VIEWS_DURABLE;
  const handle = (m: JsMsg, log: Logger) => applyProductViewMessage(options.db, durable, m, log);
  const spec = { name: 'product-views', durable, handle };
  return consumerGroup([
    createProjectionConsumer(
      { ...options, durable, stream: options.analyticsStream ?? analyticsStreamOf(commerceStream) },
      { ...spec, subject: PRODUCT_VIEWS_SUBJECTS.views },
    ),
    createProjectionConsumer(
      { ...options, durable, stream: commerceStream },
      { ...spec, subject: PRODUCT_VIEWS_SUBJECTS.beforeTheSplit },
    ),
  ]);
}

async function applyProductViewMessage(db: Db, durable: string, m: JsMsg, log: Logger): Promise<void> {
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
  const applied = await db.transaction(async (tx) => {
    await holdProjectionShared(tx, PRODUCT_VIEWS_DURABLE);
    return applyProductViewIn(db, tx, durable, event);
  });
  log.debug({ eventId: event.id, productId: event.data.productId, applied }, 'product view counted');
}

/** The guarded apply inside the caller's transaction (the live consumer's, or a rebuild's). */
export async function applyProductViewIn(
  db: Db,
  tx: Tx,
  consumer: string,
  event: ProductViewed,
): Promise<boolean> {
  const applied = await createEngagementRepository(db).applyProductViewed(consumer, event, tx);
  if (!applied) return false;
  const { productViewsDaily } = tables;
  await tx
    .insert(productViewsDaily)
    .values({ day: dubaiDay(event.occurredAt), productId: event.data.productId, views: 1 })
    .onConflictDoUpdate({
      target: [productViewsDaily.day, productViewsDaily.productId],
      set: { views: sql`${productViewsDaily.views} + 1` },
    });
  return true;
}
