import { z } from 'zod';

/**
 * GET /api/categories: the shop's categories in their order, each with how many active
 * products it holds (an empty category is still listed; the storefront may hide it).
 */
export const CategorySummary = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    nameAr: z.string(),
    productCount: z.number().int(),
    /** A picture of the category: its first product's, or null. */
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'CategorySummary' });
export type CategorySummary = z.infer<typeof CategorySummary>;

export const CategoryList = z.array(CategorySummary).meta({ id: 'CategoryList' });
export type CategoryList = z.infer<typeof CategoryList>;
