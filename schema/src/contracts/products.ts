import { z } from 'zod';
import { Product } from '../catalogue/product';
import { ProductRef } from './ids';

/*
 * Query and path schemas carry no `.meta({ id })`: OpenAPI lists their fields as parameters,
 * which a named (referenced) schema would prevent.
 */

/** How a product list may be ordered. `popular` is by views, most first. */
export const PRODUCT_SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** SPEC 7 GET /api/products (and ?limit=4&featured=true&random=true). */
export const ProductListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  featured: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  random: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** A category's slug (`beans`). */
  category: z.string().max(100).optional(),
  /** By name or SKU, in either language; Arabic ignores diacritics and alef/hamza forms. */
  search: z.string().max(100).optional(),
  /** Default: the storefront's order (category, featured first, name). */
  sort: z.enum(PRODUCT_SORTS).optional(),
  /** For pages: how many of the matching products to skip. */
  offset: z.coerce.number().int().min(0).max(10000).optional(),
});

export const ProductList = z.array(Product).meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof ProductList>;

/** SPEC 7 GET /api/products/{id}: the product with its variations (the options modal). */
export const ProductIdParams = z.object({ id: ProductRef() });
export const ProductResponse = Product;
