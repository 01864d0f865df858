import { type AdminProduct, type ProductWrite, toAed, toFils, type Variation } from '@qahwa/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { categories, orderItems, products } from '../../schema';
import { recordAudit } from '../audit/audit';
import { CatalogueWriteError, catalogueChanges, guardUnique, type WriteContext } from './catalogue-writes';
import { createCategoryEditingRepository } from './category-editing';
import { listProducts } from './product-list';
import {
  createVariationsRepository,
  isVariationWriteError,
  type VariationWrite,
  VariationWriteError,
} from './variations';

// The refusals and the write context are shared with the category writes (catalogue-writes.ts);
// the folder's public face names them through this module.
export { type CatalogueRefusal, CatalogueWriteError, type WriteContext } from './catalogue-writes';

type ProductRow = typeof products.$inferSelect;

function toAdminProduct(row: ProductRow, ordered: boolean): AdminProduct {
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: row.name,
    nameAr: row.nameAr,
    description: row.description,
    descriptionAr: row.descriptionAr,
    categoryId: row.categoryId,
    price: toAed(row.priceFils),
    discount: row.discount,
    discountType: row.discountType,
    images: row.images,
    imageUrl: row.imageUrl,
    featured: row.featured,
    isActive: row.isActive,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    ordered,
    version: row.version,
  };
}

function columnsOf(input: ProductWrite) {
  return {
    slug: input.slug,
    sku: input.sku || null,
    name: input.name,
    nameAr: input.nameAr,
    description: input.description,
    descriptionAr: input.descriptionAr,
    categoryId: input.categoryId,
    priceFils: toFils(input.price),
    discount: input.discount,
    discountType: input.discountType,
    images: input.images,
    // The first picture is the product's picture (cards, cart, search).
    imageUrl: input.images[0] ?? null,
    featured: input.featured,
    isActive: input.isActive,
  };
}

/**
 * The back office's product and category writes (docs/admin.md). Each runs in one transaction with
 * its audit entry and a CatalogueChanged event (the outbox), so the gateway's in-memory catalogue
 * and the storefront's pages follow within a second of the commit. Products carry a version:
 * an edit names the version it started from and is refused if someone saved in between. The
 * products table's query is product-list.ts, the category writes category-editing.ts; the
 * repository is all three, as its callers have always used it.
 */
export function createProductEditingRepository(db: DbOrTx) {
  const changed = catalogueChanges(db);
  const categoryEditing = createCategoryEditingRepository(db);
  const variations = createVariationsRepository(db);

  async function wasOrdered(tx: DbOrTx, productId: string): Promise<boolean> {
    const [row] = await tx
      .select({ one: sql`1` })
      .from(orderItems)
      .where(eq(orderItems.productId, productId))
      .limit(1);
    return row !== undefined;
  }

  async function product(id: string, tx: DbOrTx = db): Promise<AdminProduct | null> {
    const [row] = await tx.select().from(products).where(eq(products.id, id));
    return row ? toAdminProduct(row, await wasOrdered(tx, id)) : null;
  }

  async function categoryExists(tx: DbOrTx, id: string) {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    if (!row) throw new CatalogueWriteError('categoryNotFound');
  }

  return {
    product,
    list: (q: Parameters<typeof listProducts>[1]) => listProducts(db, q),

    /**
     * A new product, with the variations staff added before it was first saved (SPEC 3's temp
     * rows), in one transaction: a refused variation (its combination or SKU taken, an unknown
     * size) is thrown with its index and nothing is made. Each variation gets its own audit entry,
     * as one added in the editor does; its SKU, left empty, is generated from the new slug.
     */
    async create(
      input: ProductWrite & { variations?: readonly VariationWrite[] },
      ctx: WriteContext,
    ): Promise<AdminProduct & { variations: Variation[] }> {
      return guardUnique('products', () =>
        db.transaction(async (tx) => {
          await categoryExists(tx, input.categoryId);
          const [row] = await tx.insert(products).values(columnsOf(input)).returning();
          if (!row) throw new Error('product not created');
          const created = toAdminProduct(row, false);
          await recordAudit(tx, {
            user: ctx.actor,
            module: 'products',
            action: 'create',
            entityType: 'product',
            entityId: row.id,
            before: null,
            after: created,
            requestId: ctx.requestId,
          });
          const made: Variation[] = [];
          for (const [index, write] of (input.variations ?? []).entries()) {
            try {
              made.push(await variations.create(row.id, write, ctx.requestId, tx, { announce: false }));
            } catch (err) {
              if (isVariationWriteError(err)) throw new VariationWriteError(err.code, undefined, index);
              throw err;
            }
            await recordAudit(tx, {
              user: ctx.actor,
              module: 'variation',
              action: 'create',
              entityType: 'variation',
              entityId: made[index]?.id ?? null,
              before: null,
              after: made[index],
              requestId: ctx.requestId,
            });
          }
          await changed(tx, 'product', [row.id], ctx.requestId);
          return { ...created, variations: made };
        }),
      );
    },

    /**
     * Applies an edit made on `version`. The row is locked first, so reading the version and
     * writing cannot interleave with another editor's save; a different version is refused with
     * the product as it is now, so the form can show what changed.
     */
    async update(id: string, version: number, input: ProductWrite, ctx: WriteContext): Promise<AdminProduct> {
      return guardUnique('products', () =>
        db.transaction(async (tx) => {
          const [locked] = await tx.select().from(products).where(eq(products.id, id)).for('update');
          if (!locked) throw new CatalogueWriteError('productNotFound');
          const ordered = await wasOrdered(tx, id);
          const before = toAdminProduct(locked, ordered);
          if (locked.version !== version)
            throw new CatalogueWriteError('productChanged', { current: before });
          if (input.categoryId !== locked.categoryId) await categoryExists(tx, input.categoryId);
          const [row] = await tx
            .update(products)
            .set({
              ...columnsOf(input),
              // An archived product stays off the shelf until restored, whatever the form says.
              isActive: locked.archivedAt ? false : input.isActive,
              version: sql`${products.version} + 1`,
              updatedAt: new Date(),
            })
            .where(and(eq(products.id, id), eq(products.version, version)))
            .returning();
          if (!row) throw new CatalogueWriteError('productChanged', { current: before });
          const after = toAdminProduct(row, ordered);
          await recordAudit(tx, {
            user: ctx.actor,
            module: 'products',
            action: 'update',
            entityType: 'product',
            entityId: id,
            before,
            after,
            requestId: ctx.requestId,
          });
          await changed(tx, 'product', [id], ctx.requestId);
          return after;
        }),
      );
    },

    /**
     * Removes a product that no order names (its variations and reviews go with it); one that was
     * ever ordered is archived instead — off the storefront, kept for the orders and reports.
     */
    async remove(
      id: string,
      ctx: WriteContext,
    ): Promise<{ result: 'deleted' | 'archived'; product: AdminProduct | null }> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!locked) throw new CatalogueWriteError('productNotFound');
        const ordered = await wasOrdered(tx, id);
        const before = toAdminProduct(locked, ordered);
        let result: { result: 'deleted' | 'archived'; product: AdminProduct | null };
        if (ordered) {
          const [row] = await tx
            .update(products)
            .set({
              archivedAt: locked.archivedAt ?? new Date(),
              isActive: false,
              version: sql`${products.version} + 1`,
              updatedAt: new Date(),
            })
            .where(eq(products.id, id))
            .returning();
          result = { result: 'archived', product: row ? toAdminProduct(row, true) : null };
        } else {
          await tx.delete(products).where(eq(products.id, id));
          result = { result: 'deleted', product: null };
        }
        await recordAudit(tx, {
          user: ctx.actor,
          module: 'products',
          action: result.result === 'archived' ? 'archive' : 'delete',
          entityType: 'product',
          entityId: id,
          before,
          after: result.product,
          requestId: ctx.requestId,
        });
        await changed(tx, 'product', [id], ctx.requestId);
        return result;
      });
    },

    /** Brings an archived product back (inactive: staff switch it on when it is ready to sell again). */
    async restore(id: string, ctx: WriteContext): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!locked) throw new CatalogueWriteError('productNotFound');
        const ordered = await wasOrdered(tx, id);
        const [row] = await tx
          .update(products)
          .set({ archivedAt: null, version: sql`${products.version} + 1`, updatedAt: new Date() })
          .where(eq(products.id, id))
          .returning();
        if (!row) throw new CatalogueWriteError('productNotFound');
        const after = toAdminProduct(row, ordered);
        await recordAudit(tx, {
          user: ctx.actor,
          module: 'products',
          action: 'restore',
          entityType: 'product',
          entityId: id,
          before: toAdminProduct(locked, ordered),
          after,
          requestId: ctx.requestId,
        });
        await changed(tx, 'product', [id], ctx.requestId);
        return after;
      });
    },

    ...categoryEditing,
  };
}

export type ProductEditingRepository = ReturnType<typeof createProductEditingRepository>;
