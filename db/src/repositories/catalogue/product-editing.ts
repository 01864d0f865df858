import { randomUUID } from 'node:crypto';
import {
  type AdminCategory,
  type AdminProduct,
  type AdminProductRow,
  type CatalogueChanged,
  type CategoryWrite,
  makeEvent,
  type ProductWrite,
  toAed,
  toFils,
} from '@qahwa/schema';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { categories, orderItems, products } from '../../schema';
import { type AuditActor, recordAudit } from '../audit/audit';
import { createOutboxRepository } from '../operations/outbox';

/** Why a catalogue write was refused; the gateway words each one for the member of staff. */
export type CatalogueRefusal =
  | 'productNotFound'
  | 'categoryNotFound'
  | 'productChanged'
  | 'productSlugTaken'
  | 'skuTaken'
  | 'categorySlugTaken'
  | 'categoryInUse';

export class CatalogueWriteError extends Error {
  override readonly name = 'CatalogueWriteError';
  constructor(
    readonly refusal: CatalogueRefusal,
    readonly detail: { current?: AdminProduct; count?: number } = {},
  ) {
    super(refusal);
  }
}

/** Who writes and under which request: every write is audited in its own transaction. */
export interface WriteContext {
  actor: AuditActor;
  requestId?: string;
}

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

/** PostgreSQL's unique violation, told apart by the constraint it names. */
function uniqueRefusal(error: unknown, table: 'products' | 'categories'): CatalogueRefusal | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  if (!pg) return null;
  if (table === 'categories') return 'categorySlugTaken';
  return pg.constraint?.includes('sku') ? 'skuTaken' : 'productSlugTaken';
}

/**
 * The back office's product and category writes (docs/admin.md). Each runs in one transaction with
 * its audit entry and a CatalogueChanged event (the outbox), so the gateway's in-memory catalogue
 * and the storefront's pages follow within a second of the commit. Products carry a version:
 * an edit names the version it started from and is refused if someone saved in between.
 */
export function createProductEditingRepository(db: DbOrTx) {
  const outbox = createOutboxRepository(db);

  async function changed(
    tx: DbOrTx,
    reason: 'product' | 'category',
    productIds: string[],
    requestId: string | undefined,
  ) {
    const event: CatalogueChanged = makeEvent(
      'CatalogueChanged',
      { reason, productIds: [...new Set(productIds)].sort() },
      { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
    );
    await outbox.append(event, tx);
  }

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

  async function guard<T>(table: 'products' | 'categories', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const refusal = uniqueRefusal(error, table);
      if (refusal) throw new CatalogueWriteError(refusal);
      throw error;
    }
  }

  async function categoryExists(tx: DbOrTx, id: string) {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    if (!row) throw new CatalogueWriteError('categoryNotFound');
  }

  return {
    product,

    /** The products table: search (names in both languages, slug, SKU), a category, a status; newest first. */
    async list(q: {
      q?: string | undefined;
      categoryId?: string | undefined;
      status: 'active' | 'archived' | 'all';
      limit: number;
      offset: number;
    }): Promise<{ products: AdminProductRow[]; total: number }> {
      const where: SQL[] = [];
      if (q.status === 'active') where.push(isNull(products.archivedAt));
      if (q.status === 'archived') where.push(isNotNull(products.archivedAt));
      if (q.categoryId) where.push(eq(products.categoryId, q.categoryId));
      if (q.q) {
        const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const match = or(
          ilike(products.name, like),
          ilike(products.nameAr, like),
          ilike(products.slug, like),
          ilike(products.sku, like),
        );
        if (match) where.push(match);
      }
      const filter = where.length ? and(...where) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select({
            p: products,
            categoryName: categories.name,
            categoryNameAr: categories.nameAr,
            stock: sql<number>`coalesce((select sum(v.stock_quantity)::int from product_variations v where v.product_id = ${products.id}), 0)`,
            variationCount: sql<number>`(select count(*)::int from product_variations v where v.product_id = ${products.id})`,
            sales: sql<number>`coalesce((select sum(i.quantity)::int from order_items i join orders o on o.id = i.order_id
              where i.product_id = ${products.id} and o.status <> 'cancelled'), 0)`,
            weights: sql<
              string[]
            >`coalesce((select array_agg(distinct s.display_name order by s.display_name) from product_variations v
              join variation_sizes s on s.id = v.size_id where v.product_id = ${products.id}), '{}')`,
            beans: sql<
              string[]
            >`coalesce((select array_agg(distinct b.name order by b.name) from product_variations v
              join variation_beans b on b.id = v.beans_id where v.product_id = ${products.id}), '{}')`,
            additions: sql<
              string[]
            >`coalesce((select array_agg(distinct t.name order by t.name) from product_variations v
              join variation_types t on t.id = v.type_id where v.product_id = ${products.id}), '{}')`,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(filter)
          .orderBy(desc(products.createdAt), asc(products.name))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(products).where(filter),
      ]);
      return {
        total: count?.n ?? 0,
        products: rows.map((r) => ({
          id: r.p.id,
          slug: r.p.slug,
          sku: r.p.sku,
          name: r.p.name,
          nameAr: r.p.nameAr,
          category: { id: r.p.categoryId, name: r.categoryName, nameAr: r.categoryNameAr },
          price: toAed(r.p.priceFils),
          imageUrl: r.p.imageUrl,
          featured: r.p.featured,
          isActive: r.p.isActive,
          archivedAt: r.p.archivedAt?.toISOString() ?? null,
          stock: r.stock,
          sales: r.sales,
          variationCount: r.variationCount,
          weights: r.weights,
          beans: r.beans,
          additions: r.additions,
        })),
      };
    },

    async create(input: ProductWrite, ctx: WriteContext): Promise<AdminProduct> {
      return guard('products', () =>
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
          await changed(tx, 'product', [row.id], ctx.requestId);
          return created;
        }),
      );
    },

    /**
     * Applies an edit made on `version`. The row is locked first, so reading the version and
     * writing cannot interleave with another editor's save; a different version is refused with
     * the product as it is now, so the form can show what changed.
     */
    async update(id: string, version: number, input: ProductWrite, ctx: WriteContext): Promise<AdminProduct> {
      return guard('products', () =>
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

    async categories(): Promise<AdminCategory[]> {
      return db
        .select({
          id: categories.id,
          slug: categories.slug,
          name: categories.name,
          nameAr: categories.nameAr,
          imageUrl: categories.imageUrl,
          sortOrder: categories.sortOrder,
          productCount: sql<number>`(select count(*)::int from products p where p.category_id = categories.id)`,
        })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
    },

    async createCategory(input: CategoryWrite, ctx: WriteContext): Promise<AdminCategory> {
      return guard('categories', () =>
        db.transaction(async (tx) => {
          const [row] = await tx.insert(categories).values(input).returning();
          if (!row) throw new Error('category not created');
          const created = { ...pickCategory(row), productCount: 0 };
          await recordAudit(tx, {
            user: ctx.actor,
            module: 'categories',
            action: 'create',
            entityType: 'category',
            entityId: row.id,
            before: null,
            after: created,
            requestId: ctx.requestId,
          });
          await changed(tx, 'category', [], ctx.requestId);
          return created;
        }),
      );
    },

    async updateCategory(id: string, input: CategoryWrite, ctx: WriteContext): Promise<AdminCategory> {
      return guard('categories', () =>
        db.transaction(async (tx) => {
          const [locked] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
          if (!locked) throw new CatalogueWriteError('categoryNotFound');
          const [row] = await tx
            .update(categories)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(categories.id, id))
            .returning();
          if (!row) throw new CatalogueWriteError('categoryNotFound');
          const members = await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.categoryId, id));
          const after = { ...pickCategory(row), productCount: members.length };
          await recordAudit(tx, {
            user: ctx.actor,
            module: 'categories',
            action: 'update',
            entityType: 'category',
            entityId: id,
            before: pickCategory(locked),
            after,
            requestId: ctx.requestId,
          });
          // Its products show the category's name: they change with it.
          await changed(
            tx,
            'category',
            members.map((m) => m.id),
            ctx.requestId,
          );
          return after;
        }),
      );
    },

    /** Only an empty category can go: a product must always have one (move its products first). */
    async removeCategory(id: string, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!locked) throw new CatalogueWriteError('categoryNotFound');
        const [members] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(eq(products.categoryId, id));
        if ((members?.n ?? 0) > 0) throw new CatalogueWriteError('categoryInUse', { count: members?.n ?? 0 });
        await tx.delete(categories).where(eq(categories.id, id));
        await recordAudit(tx, {
          user: ctx.actor,
          module: 'categories',
          action: 'delete',
          entityType: 'category',
          entityId: id,
          before: pickCategory(locked),
          after: null,
          requestId: ctx.requestId,
        });
        await changed(tx, 'category', [], ctx.requestId);
      });
    },
  };
}

function pickCategory(row: typeof categories.$inferSelect) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    nameAr: row.nameAr,
    imageUrl: row.imageUrl,
    sortOrder: row.sortOrder,
  };
}

export type ProductEditingRepository = ReturnType<typeof createProductEditingRepository>;
