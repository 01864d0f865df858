import type { Product, ShopperVariation, Variation } from '@qahwa/schema';
import { shopperStock, toAed } from '@qahwa/schema';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  categories,
  products,
  productVariations,
  productViewCounts,
  reviews,
  stockHolds,
  variationBeans,
  variationSizes,
  variationTypes,
} from '../../schema';

type ProductRow = typeof products.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
interface Figures {
  views: number;
  rating: number | null;
  reviewCount: number;
}

/** A variation row with its size, type and beans → SPEC 3 "Product variation" (the back office's editor reads it too). */
export function toVariation({
  v,
  size,
  type,
  beans,
}: {
  v: typeof productVariations.$inferSelect;
  size: typeof variationSizes.$inferSelect;
  type: typeof variationTypes.$inferSelect | null;
  beans: typeof variationBeans.$inferSelect | null;
}): Variation {
  return {
    id: v.id,
    productId: v.productId,
    sizeId: v.sizeId,
    size: { displayName: size.displayName, displayNameAr: size.displayNameAr, isActive: size.isActive },
    typeId: v.typeId,
    type: type ? { name: type.name, nameAr: type.nameAr, isActive: type.isActive } : null,
    beansId: v.beansId,
    beans: beans ? { name: beans.name, nameAr: beans.nameAr, isActive: beans.isActive } : null,
    price: toAed(v.priceFils),
    discount: v.discount,
    discountType: v.discountType,
    sku: v.sku,
    stockQuantity: v.stockQuantity,
    isActive: v.isActive,
    imageUrl: v.imageUrl,
    version: v.version,
  };
}

function toShopperVariation({ stockQuantity, version: _version, ...v }: Variation): ShopperVariation {
  return { ...v, ...shopperStock(stockQuantity) };
}

/** Reads the catalogue in the shape of SPEC 3 "Product (as read)". */
export function createCatalogueRepository(db: DbOrTx) {
  async function variationsOf(productIds: string[], tx: DbOrTx = db): Promise<Map<string, Variation[]>> {
    const byProduct = new Map<string, Variation[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await tx
      .select({ v: productVariations, size: variationSizes, type: variationTypes, beans: variationBeans })
      .from(productVariations)
      .innerJoin(variationSizes, eq(productVariations.sizeId, variationSizes.id))
      .leftJoin(variationTypes, eq(productVariations.typeId, variationTypes.id))
      .leftJoin(variationBeans, eq(productVariations.beansId, variationBeans.id))
      .where(inArray(productVariations.productId, productIds))
      .orderBy(asc(variationSizes.sortOrder), asc(productVariations.priceFils));
    for (const row of rows) {
      const list = byProduct.get(row.v.productId) ?? [];
      list.push(toVariation(row));
      byProduct.set(row.v.productId, list);
    }
    return byProduct;
  }

  /**
   * The storefront's figures per product, read with the catalogue: views from the
   * ProductViewed projection, the approved reviews' average and count. They are as fresh as the
   * last rebuild of the in-memory catalogue (a CatalogueChanged, or its safety interval): a view
   * never triggers a rebuild, a review's approval does.
   */
  async function figuresOf(productIds: string[]): Promise<Map<string, Figures>> {
    const byProduct = new Map<string, Figures>();
    if (productIds.length === 0) return byProduct;
    const [views, ratings] = await Promise.all([
      db
        .select({ productId: productViewCounts.productId, views: productViewCounts.views })
        .from(productViewCounts)
        .where(inArray(productViewCounts.productId, productIds)),
      db
        .select({
          productId: reviews.productId,
          average: sql<string>`avg(${reviews.rating})`,
          count: sql<number>`count(*)::int`,
        })
        .from(reviews)
        .where(and(inArray(reviews.productId, productIds), eq(reviews.status, 'APPROVED')))
        .groupBy(reviews.productId),
    ]);
    const of = (id: string) => byProduct.get(id) ?? { views: 0, rating: null, reviewCount: 0 };
    for (const v of views) byProduct.set(v.productId, { ...of(v.productId), views: v.views });
    for (const r of ratings)
      byProduct.set(r.productId, {
        ...of(r.productId),
        rating: Math.round(Number(r.average) * 10) / 10,
        reviewCount: r.count,
      });
    return byProduct;
  }

  /**
   * A product as shoppers get it: its sellable variations only (active, of an active size: an
   * inactive one is never served, not even to be hidden by the page), each with the shopper's
   * view of its stock (schema's `shopperStock`: the count only when low).
   */
  function toProduct(p: ProductRow, c: CategoryRow, variations: Variation[], figures?: Figures): Product {
    const active = variations.filter((v) => v.isActive && v.size.isActive);
    const lowest = active.reduce<number | null>(
      (min, v) => (min === null || v.price < min ? v.price : min),
      null,
    );
    return {
      id: p.id,
      slug: p.slug,
      name: p.name,
      nameAr: p.nameAr,
      description: p.description,
      descriptionAr: p.descriptionAr,
      price: lowest ?? toAed(p.priceFils),
      sku: p.sku,
      category: { id: c.id, slug: c.slug, name: c.name, nameAr: c.nameAr },
      imageUrl: p.imageUrl,
      images: p.images.map((url) => ({ url })),
      discount: p.discount,
      discountType: p.discountType,
      featured: p.featured,
      // The projection's count once it has one; the column holds what was imported before it.
      views: figures ? Math.max(figures.views, p.views) : p.views,
      rating: figures?.rating ?? null,
      reviewCount: figures?.reviewCount ?? 0,
      createdAt: p.createdAt.toISOString(),
      variations: active.map(toShopperVariation),
    };
  }

  return {
    /**
     * Every active product with its variations, in the storefront's order (category, featured
     * first, name). The gateway's in-memory catalogue is built from this one read; filtering,
     * limits and random picks happen there (gateway/src/catalogue), so they have one implementation.
     */
    async allActive(): Promise<Product[]> {
      const rows = await db
        .select({ p: products, c: categories })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(eq(products.isActive, true))
        .orderBy(asc(categories.sortOrder), desc(products.featured), asc(products.name));
      const ids = rows.map((r) => r.p.id);
      const [vars, figures] = await Promise.all([variationsOf(ids), figuresOf(ids)]);
      return rows.map((r) =>
        toProduct(
          r.p,
          r.c,
          vars.get(r.p.id) ?? [],
          figures.get(r.p.id) ?? { views: 0, rating: null, reviewCount: 0 },
        ),
      );
    },

    /**
     * The variations an order names, to price it. Not locked: the stock module's conditional
     * decrement (stock.ts `take`) is what keeps stock from being oversold, and takes the row lock
     * only at the end of the checkout's transaction, so a best-seller's row is held for
     * milliseconds instead of the whole transaction. `heldBy`: the checkout being priced; `held`
     * is what it holds of each variation (a card payment's hold, already out of the stock), which
     * is its own to order.
     */
    async variationsForOrder(variationIds: string[], tx: DbOrTx = db, heldBy?: string) {
      if (variationIds.length === 0) return [];
      return tx
        .select({
          v: productVariations,
          p: products,
          size: variationSizes,
          type: variationTypes,
          beans: variationBeans,
          held: sql<number>`coalesce(${stockHolds.quantity}, 0)`.mapWith(Number),
        })
        .from(productVariations)
        .innerJoin(products, eq(productVariations.productId, products.id))
        .innerJoin(variationSizes, eq(productVariations.sizeId, variationSizes.id))
        .leftJoin(variationTypes, eq(productVariations.typeId, variationTypes.id))
        .leftJoin(variationBeans, eq(productVariations.beansId, variationBeans.id))
        .leftJoin(
          stockHolds,
          and(
            eq(stockHolds.variationId, productVariations.id),
            // No checkout: a condition that is never true, so nothing is joined.
            heldBy ? eq(stockHolds.checkoutId, heldBy) : sql`false`,
          ),
        )
        .where(inArray(productVariations.id, variationIds));
    },

    /** An active product's uuid from its uuid or slug (reviews and views name either), or null. */
    async activeProductId(idOrSlug: string): Promise<string | null> {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.isActive, true),
            isUuid ? eq(products.id, idOrSlug.toLowerCase()) : eq(products.slug, idOrSlug),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    async countActiveProducts(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.isActive, true));
      return row?.n ?? 0;
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
