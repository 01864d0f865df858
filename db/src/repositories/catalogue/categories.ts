import type { CategorySummary } from '@qahwa/schema';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { categories } from '../../schema';

export function createCategoriesRepository(db: DbOrTx) {
  return {
    /**
     * Every category in the shop's order with its count of active products and a picture (its
     * featured-first product's), for the category tiles of the home and shop pages.
     */
    async summaries(): Promise<CategorySummary[]> {
      const rows = await db
        .select({
          id: categories.id,
          slug: categories.slug,
          name: categories.name,
          nameAr: categories.nameAr,
          productCount: sql<number>`(select count(*)::int from products p
            where p.category_id = categories.id and p.is_active)`,
          imageUrl: sql<string | null>`(select p.image_url from products p
            where p.category_id = categories.id and p.is_active and p.image_url is not null
            order by p.featured desc, p.name limit 1)`,
        })
        // The subqueries name the outer table as `categories` (Drizzle leaves a lone table unqualified).
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
      return rows;
    },
  };
}
