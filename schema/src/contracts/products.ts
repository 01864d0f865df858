import { z } from 'zod';
import { Product } from '../catalogue/product';
import { ProductRef } from './ids';

/*
 * Query and path schemas carry no `.meta({ id })`: OpenAPI lists their fields as parameters,
 * which a named (referenced) schema would prevent.
 */

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
  category: z.string().optional(),
  search: z.string().max(100).optional(),
});

export const ProductList = z.array(Product).meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof ProductList>;

/** SPEC 7 GET /api/products/{id}: the product with its variations (the options modal). */
export const ProductIdParams = z.object({ id: ProductRef() });
export const ProductResponse = Product;
