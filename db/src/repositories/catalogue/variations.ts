import { randomUUID } from 'node:crypto';
import {
  type CatalogueChanged,
  generateVariationSku,
  makeEvent,
  toFils,
  type Variation,
  type VariationOption,
  type VariationSize,
} from '@qahwa/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  orderItems,
  products,
  productVariations,
  variationBeans,
  variationSizes,
  variationTypes,
} from '../../schema';
import { createOutboxRepository } from '../operations/outbox';
import { toVariation } from './catalogue';
import { createStockRepository } from './stock';

/** What the back office writes of a variation (SPEC 7 POST/PUT bodies, price in AED). */
export interface VariationWrite {
  sizeId: string;
  typeId?: string | null | undefined;
  beansId?: string | null | undefined;
  price: number;
  discount: number;
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT';
  sku?: string | null | undefined;
  stockQuantity: number;
  isActive: boolean;
  imageUrl?: string | null | undefined;
}

/** Why a write was refused; the gateway words each one for the member of staff. */
export type VariationRefusal =
  | 'productNotFound'
  | 'sizeNotFound'
  | 'optionNotFound'
  | 'combinationExists'
  | 'skuInUse'
  | 'notFound'
  | 'changed'
  | 'ordered';

export class VariationWriteError extends Error {
  override readonly name = 'VariationWriteError';
  constructor(
    readonly code: VariationRefusal,
    /** The row as it is now, for a stale edit. */
    readonly current?: Variation,
    /** Which of the variations sent with a new product was refused (its index in the list). */
    readonly row?: number,
  ) {
    super(`variation write refused: ${code}`);
  }
}
export const isVariationWriteError = (e: unknown): e is VariationWriteError =>
  e instanceof VariationWriteError;

function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e?.cause?.code ? e.cause : (e ?? {});
}

/** A unique or foreign-key violation → the refusal it means; anything else is rethrown. */
function refusalOf(err: unknown): VariationRefusal | null {
  const { code, constraint } = pgError(err);
  if (code === '23505') {
    return constraint === 'product_variations_combination_uq' ? 'combinationExists' : 'skuInUse';
  }
  if (code === '23503') {
    if (constraint?.includes('size')) return 'sizeNotFound';
    if (constraint?.includes('product_id')) return 'productNotFound';
    return 'optionNotFound';
  }
  return null;
}

/**
 * The back office's variations (SPEC 2.3, 7). Every write runs in the caller's transaction (so
 * the audit entry commits with it) and appends CatalogueChanged there too: the gateway's
 * in-memory catalogue and the storefront's pages follow within a second of the commit. A change
 * of stock goes through the stock module (the one place stock changes), the rest is a
 * 'variation' change.
 *
 * Concurrency is optimistic: an edit names the version it started from, and the update matches
 * on it; a stale edit changes nothing and the caller is told, with the row as it is now.
 */
export function createVariationsRepository(db: DbOrTx) {
  const outbox = createOutboxRepository(db);
  const stock = createStockRepository(db);

  const select = (tx: DbOrTx) =>
    tx
      .select({ v: productVariations, size: variationSizes, type: variationTypes, beans: variationBeans })
      .from(productVariations)
      .innerJoin(variationSizes, eq(productVariations.sizeId, variationSizes.id))
      .leftJoin(variationTypes, eq(productVariations.typeId, variationTypes.id))
      .leftJoin(variationBeans, eq(productVariations.beansId, variationBeans.id));

  async function byId(id: string, tx: DbOrTx = db): Promise<Variation | null> {
    const [row] = await select(tx).where(eq(productVariations.id, id));
    return row ? toVariation(row) : null;
  }

  async function changed(tx: DbOrTx, productId: string, requestId?: string) {
    const event: CatalogueChanged = makeEvent(
      'CatalogueChanged',
      { reason: 'variation', productIds: [productId] },
      { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
    );
    await outbox.append(event, tx);
  }

  /** SPEC 5: an empty SKU is generated from the product's SKU and the chosen options. */
  async function skuFor(tx: DbOrTx, productId: string, input: VariationWrite): Promise<string> {
    const given = input.sku?.trim();
    if (given) return given;
    const [product] = await tx
      .select({ sku: products.sku, slug: products.slug, id: products.id })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw new VariationWriteError('productNotFound');
    const [size] = await tx
      .select({ name: variationSizes.displayName })
      .from(variationSizes)
      .where(eq(variationSizes.id, input.sizeId));
    if (!size) throw new VariationWriteError('sizeNotFound');
    const [type] = input.typeId
      ? await tx
          .select({ name: variationTypes.name })
          .from(variationTypes)
          .where(eq(variationTypes.id, input.typeId))
      : [];
    const [beans] = input.beansId
      ? await tx
          .select({ name: variationBeans.name })
          .from(variationBeans)
          .where(eq(variationBeans.id, input.beansId))
      : [];
    return generateVariationSku(product, [size.name, type?.name, beans?.name]);
  }

  /** A statement that may hit a constraint, in a savepoint so the caller's transaction survives. */
  async function guarded<T>(tx: DbOrTx, run: (inner: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await tx.transaction(run);
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) throw new VariationWriteError(refusal);
      throw err;
    }
  }

  const columns = (input: VariationWrite) => ({
    sizeId: input.sizeId,
    typeId: input.typeId ?? null,
    beansId: input.beansId ?? null,
    priceFils: toFils(input.price),
    discount: input.discount,
    discountType: input.discountType,
    isActive: input.isActive,
    imageUrl: input.imageUrl?.trim() ? input.imageUrl.trim() : null,
  });

  return {
    byId,

    /** SPEC 7 GET /api/variations/products?productId=: every variation, inactive ones too. */
    async forProduct(productId: string): Promise<Variation[]> {
      const rows = await select(db)
        .where(eq(productVariations.productId, productId))
        .orderBy(
          asc(variationSizes.sortOrder),
          asc(productVariations.priceFils),
          asc(productVariations.createdAt),
        );
      return rows.map(toVariation);
    },

    async productExists(productId: string): Promise<boolean> {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      return Boolean(row);
    },

    /** SPEC 7 GET /api/variations/sizes (weights in their shop order), /types and /beans; all of them, the editor keeps the active ones. */
    async sizes(): Promise<VariationSize[]> {
      const rows = await db.select().from(variationSizes).orderBy(asc(variationSizes.sortOrder));
      return rows.map((r) => ({
        id: r.id,
        displayName: r.displayName,
        displayNameAr: r.displayNameAr,
        isActive: r.isActive,
      }));
    },
    async types(): Promise<VariationOption[]> {
      const rows = await db.select().from(variationTypes).orderBy(asc(variationTypes.name));
      // SPEC 9: the additions list always starts with Normal.
      const list = rows.map((r) => ({ id: r.id, name: r.name, nameAr: r.nameAr, isActive: r.isActive }));
      return [...list.filter((t) => t.name === 'Normal'), ...list.filter((t) => t.name !== 'Normal')];
    },
    async beans(): Promise<VariationOption[]> {
      const rows = await db.select().from(variationBeans).orderBy(asc(variationBeans.name));
      return rows.map((r) => ({ id: r.id, name: r.name, nameAr: r.nameAr, isActive: r.isActive }));
    },

    /**
     * `announce: false` when the caller appends the product's own CatalogueChanged in the same
     * transaction (a new product with its variations: one event, not one per row).
     */
    async create(
      productId: string,
      input: VariationWrite,
      requestId?: string,
      tx: DbOrTx = db,
      { announce = true }: { announce?: boolean } = {},
    ): Promise<Variation> {
      const sku = await skuFor(tx, productId, input);
      const id = await guarded(tx, async (inner) => {
        const [row] = await inner
          .insert(productVariations)
          .values({ productId, ...columns(input), sku, stockQuantity: input.stockQuantity })
          .returning({ id: productVariations.id });
        return row?.id as string;
      });
      if (announce) await changed(tx, productId, requestId);
      return (await byId(id, tx)) as Variation;
    },

    /**
     * Applies an edit made on `version`. The row is locked first, so the version read and the
     * write cannot interleave with another editor's; a different version refuses with 'changed'.
     */
    async update(
      id: string,
      version: number,
      input: VariationWrite,
      requestId?: string,
      tx: DbOrTx = db,
    ): Promise<{ before: Variation; after: Variation }> {
      const [locked] = await tx
        .select({ version: productVariations.version })
        .from(productVariations)
        .where(eq(productVariations.id, id))
        .for('update');
      const before = locked ? await byId(id, tx) : null;
      if (!locked || !before) throw new VariationWriteError('notFound');
      if (locked.version !== version) throw new VariationWriteError('changed', before);
      const sku = await skuFor(tx, before.productId, input);
      await guarded(tx, (inner) =>
        inner
          .update(productVariations)
          .set({
            ...columns(input),
            sku,
            version: sql`${productVariations.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(productVariations.id, id), eq(productVariations.version, version))),
      );
      if (input.stockQuantity !== before.stockQuantity) {
        await stock.set(
          { productId: before.productId, variationId: id, quantity: input.stockQuantity },
          requestId,
          tx,
        );
      }
      const after = (await byId(id, tx)) as Variation;
      const { stockQuantity: _s1, version: _v1, ...restBefore } = before;
      const { stockQuantity: _s2, version: _v2, ...restAfter } = after;
      // One event per kind of change: a stock-only edit is announced by the stock module alone.
      if (JSON.stringify(restBefore) !== JSON.stringify(restAfter))
        await changed(tx, before.productId, requestId);
      return { before, after };
    },

    /**
     * SPEC 7 DELETE. A variation an order names stays (the order's history needs it): refused
     * with 'ordered', the editor says to set it inactive instead.
     */
    async remove(id: string, requestId?: string, tx: DbOrTx = db): Promise<Variation> {
      const before = await byId(id, tx);
      if (!before) throw new VariationWriteError('notFound');
      const [ordered] = await tx
        .select({ one: sql<number>`1` })
        .from(orderItems)
        .where(eq(orderItems.variationId, id))
        .limit(1);
      if (ordered) throw new VariationWriteError('ordered');
      await tx.delete(productVariations).where(eq(productVariations.id, id));
      await changed(tx, before.productId, requestId);
      return before;
    },
  };
}
export type VariationsRepository = ReturnType<typeof createVariationsRepository>;
