import { type DbOrTx, inArray, sql, tables } from '@qahwa/db';
import { CatalogueChanged } from '@qahwa/schema';
import type { DurableConsumer } from '../jetstream';
import { InvalidEventError, messageJson } from '../jetstream';
import { createProjectionConsumer, type ProjectionOptions } from './projection-consumer';

const { products, promotions, projectionProducts, projectionPromotions } = tables;

export const CATALOGUE_COUNTS_DURABLE = 'catalogue-counts';

export type CatalogueCountsProjectionOptions = ProjectionOptions;

/**
 * Keeps projection_products and projection_promotions, which the dashboard's "total products"
 * and "active promotions" count. CatalogueChanged says WHAT changed, not to what, so
 * each event refreshes the rows it names from the catalogue's own tables: the result is the
 * latest state whatever order or how often events come, which is why no processed-event guard
 * is needed. It refreshes everything once at start, so products seeded without an event count.
 */
export function createCatalogueCountsProjection(options: CatalogueCountsProjectionOptions): DurableConsumer {
  const { db } = options;
  const consumer = createProjectionConsumer(options, {
    name: 'catalogue-counts',
    durable: CATALOGUE_COUNTS_DURABLE,
    subject: 'commerce.catalogue.>',
    // One at a time: a refresh of everything must not interleave with a refresh of a few rows.
    concurrency: 1,
    async handle(m, log) {
      const raw = messageJson(m);
      const parsed = CatalogueChanged.safeParse(raw);
      if (!parsed.success) {
        const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
        if (type !== 'CatalogueChanged') return;
        throw new InvalidEventError('CatalogueChanged does not match its contract');
      }
      // Most events change no count (every order's stock): no transaction for those.
      if (!changesCounts(parsed.data)) return;
      await db.transaction((tx) => applyCatalogueChanged(tx, parsed.data));
      log.debug({ eventId: parsed.data.id, reason: parsed.data.data.reason }, 'catalogue counts refreshed');
    },
  });
  return {
    ...consumer,
    start() {
      consumer.start();
      void refreshCatalogueCounts(db).catch((err: unknown) =>
        options.logger
          .child({ projection: 'catalogue-counts' })
          .error({ err }, 'could not refresh the catalogue counts at start'),
      );
    },
  };
}

/**
 * Texts, reviews and stock never change whether a product is on sale (active and not archived;
 * a sold-out product is still on sale). Stock moves with every order: skipping it spares a
 * transaction per order at the checkout's busiest (docs/performance.md, third pass).
 */
export function changesCounts(event: CatalogueChanged): boolean {
  const { reason } = event.data;
  return !(reason === 'content' || reason === 'review' || reason === 'stock');
}

export async function applyCatalogueChanged(tx: DbOrTx, event: CatalogueChanged): Promise<void> {
  const { reason, productIds } = event.data;
  if (!changesCounts(event)) return;
  if (reason === 'promotion') return refreshPromotions(tx);
  await refreshProducts(tx, productIds.length > 0 ? productIds : null);
}

/** Both tables from the catalogue's own, whole: at start and as a rebuild. */
export async function refreshCatalogueCounts(db: DbOrTx): Promise<void> {
  await refreshProducts(db, null);
  await refreshPromotions(db);
}

async function refreshProducts(tx: DbOrTx, ids: string[] | null): Promise<void> {
  const rows = await tx
    .select({
      productId: products.id,
      active: sql<boolean>`${products.isActive} and ${products.archivedAt} is null`,
    })
    .from(products)
    .where(ids ? inArray(products.id, ids) : undefined);
  const seen = rows.map((r) => r.productId);
  // Gone from the catalogue: gone from the count.
  const stale = ids
    ? ids.filter((id) => !seen.includes(id))
    : (await tx.select({ id: projectionProducts.productId }).from(projectionProducts))
        .map((r) => r.id)
        .filter((id) => !seen.includes(id));
  if (stale.length > 0)
    await tx.delete(projectionProducts).where(inArray(projectionProducts.productId, stale));
  if (rows.length === 0) return;
  await tx
    .insert(projectionProducts)
    .values(rows.map((r) => ({ ...r, refreshedAt: new Date() })))
    .onConflictDoUpdate({
      target: projectionProducts.productId,
      set: { active: sql`excluded.active`, refreshedAt: sql`excluded.refreshed_at` },
    });
}

async function refreshPromotions(tx: DbOrTx): Promise<void> {
  const rows = await tx
    .select({
      promotionId: promotions.id,
      isActive: promotions.isActive,
      startDate: promotions.startDate,
      endDate: promotions.endDate,
    })
    .from(promotions);
  await tx.delete(projectionPromotions);
  if (rows.length > 0) await tx.insert(projectionPromotions).values(rows);
}
