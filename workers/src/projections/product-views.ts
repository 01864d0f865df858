import { createEngagementRepository, type Db, sql, type Tx, tables } from '@qahwa/db';
import { ProductViewed } from '@qahwa/schema';
import type { DurableConsumer } from '../jetstream';
import { InvalidEventError, messageJson } from '../jetstream';
import { dubaiDay } from './dubai-day';
import { holdProjectionShared } from './locks';
import { createProjectionConsumer, type ProjectionOptions } from './projection-consumer';

export const PRODUCT_VIEWS_DURABLE = 'product-views';

export type ProductViewsProjectionOptions = ProjectionOptions;

/**
 * Keeps product_view_counts from ProductViewed: the product page's POST only appends
 * the event, so counting a view never writes on the request. Each event adds one view, once
 * (the processed-event guard and the increment commit together). The gateway's catalogue reads
 * the counts on its next build and sorts `popular` by them. The dashboard's popular products
 * read the same views per Asia/Dubai day (product_views_daily), so any period can be summed.
 */
export function createProductViewsProjection(options: ProductViewsProjectionOptions): DurableConsumer {
  return createProjectionConsumer(options, {
    name: 'product-views',
    durable: PRODUCT_VIEWS_DURABLE,
    subject: 'commerce.product.>',
    async handle(m, log, durable) {
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
      const applied = await options.db.transaction(async (tx) => {
        await holdProjectionShared(tx, PRODUCT_VIEWS_DURABLE);
        return applyProductViewIn(options.db, tx, durable, event);
      });
      log.debug({ eventId: event.id, productId: event.data.productId, applied }, 'product view counted');
    },
  });
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
