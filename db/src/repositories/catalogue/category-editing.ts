import type { AdminCategory, CategoryWrite } from '@qahwa/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { categories, products } from '../../schema';
import { recordAudit } from '../audit/audit';
import { CatalogueWriteError, catalogueChanges, guardUnique, type WriteContext } from './catalogue-writes';

/**
 * The back office's category writes (docs/admin.md), each in one transaction with its audit entry
 * and a CatalogueChanged: a renamed category changes how its products show.
 */
export function createCategoryEditingRepository(db: DbOrTx) {
  const changed = catalogueChanges(db);
  return {
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
      return guardUnique('categories', () =>
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
      return guardUnique('categories', () =>
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
