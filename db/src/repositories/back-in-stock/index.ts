import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  backInStockRequests,
  products,
  productVariations,
  variationBeans,
  variationSizes,
  variationTypes,
} from '../../schema';

/** What asking for an alert came to. */
export type BackInStockOutcome =
  /** A new request, or the same address already waiting for this variation (nothing changed). */
  | 'waiting'
  /** The variation can be bought now: nothing to wait for. */
  | 'in-stock'
  /** No such variation on sale (unknown, removed, inactive, or its product hidden). */
  | 'not-found';

/** A waiting request whose variation is on sale again: what its one e-mail needs. */
export interface DueAlert {
  id: string;
  email: string;
  locale: 'en' | 'ar';
  productId: string;
  variationId: string;
  slug: string;
  name: string;
  nameAr: string;
  imageUrl: string | null;
  size: { en: string; ar: string };
  type: { en: string; ar: string } | null;
  beans: { en: string; ar: string } | null;
}

/** The variation and its product as the storefront sells them (the catalogue's own filter). */
const onSale = and(
  eq(productVariations.isActive, true),
  eq(variationSizes.isActive, true),
  eq(products.isActive, true),
  isNull(products.archivedAt),
);

/**
 * Back-in-stock alerts (docs/back-in-stock.md): shoppers waiting for a sold-out variation. The
 * mail itself is the workers' (workers/src/back-in-stock/), on the catalogue's stock events.
 */
export function createBackInStockRepository(db: DbOrTx) {
  return {
    /**
     * A shopper asks to be told when a sold-out variation is back. Idempotent per address and
     * variation while waiting (the partial unique index): asking twice keeps one request and its
     * first language. The address is kept lower-cased, as the e-mail budget counts it.
     */
    async request(
      input: { variationId: string; email: string; locale: 'en' | 'ar'; requestId?: string },
      tx: DbOrTx = db,
    ): Promise<BackInStockOutcome> {
      const [variation] = await tx
        .select({ productId: productVariations.productId, stock: productVariations.stockQuantity })
        .from(productVariations)
        .innerJoin(variationSizes, eq(productVariations.sizeId, variationSizes.id))
        .innerJoin(products, eq(productVariations.productId, products.id))
        .where(and(eq(productVariations.id, input.variationId), onSale));
      if (!variation) return 'not-found';
      if (variation.stock > 0) return 'in-stock';
      await tx
        .insert(backInStockRequests)
        .values({
          productId: variation.productId,
          variationId: input.variationId,
          email: input.email.trim().toLowerCase(),
          locale: input.locale,
          requestId: input.requestId ?? null,
        })
        .onConflictDoNothing();
      return 'waiting';
    },

    /** How many shoppers wait for each of a product's variations (only those with someone waiting). */
    async waitingCounts(
      productId: string,
      tx: DbOrTx = db,
    ): Promise<{ variationId: string; waiting: number }[]> {
      const r = backInStockRequests;
      return tx
        .select({ variationId: r.variationId, waiting: count() })
        .from(r)
        .where(and(eq(r.productId, productId), eq(r.status, 'waiting')))
        .groupBy(r.variationId)
        .orderBy(r.variationId);
    },

    /**
     * The oldest waiting requests whose variation is on sale now (stock above 0), among these
     * products (all of them when the list is empty). Read again before each mail by the consumer,
     * so a variation that sells out while its list is being mailed leaves the rest waiting.
     */
    async due(productIds: readonly string[], limit: number, tx: DbOrTx = db): Promise<DueAlert[]> {
      const r = backInStockRequests;
      const rows = await tx
        .select({
          id: r.id,
          email: r.email,
          locale: r.locale,
          productId: r.productId,
          variationId: r.variationId,
          slug: products.slug,
          name: products.name,
          nameAr: products.nameAr,
          productImage: products.imageUrl,
          variationImage: productVariations.imageUrl,
          sizeEn: variationSizes.displayName,
          sizeAr: variationSizes.displayNameAr,
          typeEn: variationTypes.name,
          typeAr: variationTypes.nameAr,
          beansEn: variationBeans.name,
          beansAr: variationBeans.nameAr,
        })
        .from(r)
        .innerJoin(productVariations, eq(r.variationId, productVariations.id))
        .innerJoin(variationSizes, eq(productVariations.sizeId, variationSizes.id))
        .innerJoin(products, eq(r.productId, products.id))
        .leftJoin(variationTypes, eq(productVariations.typeId, variationTypes.id))
        .leftJoin(variationBeans, eq(productVariations.beansId, variationBeans.id))
        .where(
          and(
            eq(r.status, 'waiting'),
            gt(productVariations.stockQuantity, 0),
            onSale,
            productIds.length > 0 ? inArray(r.productId, [...productIds]) : undefined,
          ),
        )
        .orderBy(asc(r.createdAt), asc(r.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        locale: row.locale === 'ar' ? 'ar' : 'en',
        productId: row.productId,
        variationId: row.variationId,
        slug: row.slug,
        name: row.name,
        nameAr: row.nameAr,
        imageUrl: row.variationImage ?? row.productImage,
        size: { en: row.sizeEn, ar: row.sizeAr || row.sizeEn },
        type: row.typeEn ? { en: row.typeEn, ar: row.typeAr || row.typeEn } : null,
        beans: row.beansEn ? { en: row.beansEn, ar: row.beansAr || row.beansEn } : null,
      }));
    },

    /** Closes a request once its mail went (or was suppressed by the budget); false if already closed. */
    async close(id: string, status: 'notified' | 'suppressed', tx: DbOrTx = db): Promise<boolean> {
      const closed = await tx
        .update(backInStockRequests)
        .set({ status, closedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(backInStockRequests.id, id), eq(backInStockRequests.status, 'waiting')))
        .returning({ id: backInStockRequests.id });
      return closed.length > 0;
    },
  };
}
export type BackInStockRepository = ReturnType<typeof createBackInStockRepository>;
