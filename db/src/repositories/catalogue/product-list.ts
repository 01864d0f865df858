import { type AdminProductRow, toAed } from '@qahwa/schema';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { categories, products } from '../../schema';

/** The back office's products table: search (names in both languages, slug, SKU), a category, a status; newest first. */
export async function listProducts(
  db: DbOrTx,
  q: {
    q?: string | undefined;
    categoryId?: string | undefined;
    status: 'active' | 'archived' | 'all';
    limit: number;
    offset: number;
  },
): Promise<{ products: AdminProductRow[]; total: number }> {
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
}
