import { z } from 'zod';
import { Variation } from '../catalogue/product';
import { ProductWriteRequest } from '../validation/product-form';
import { AdminProduct } from './admin-catalogue';
import { NewProductVariation } from './variations';

/** More rows than any product has (sizes × additions × beans); a bound on one request's work. */
export const MAX_NEW_PRODUCT_VARIATIONS = 100;

/**
 * POST /api/admin/products: the product and, optionally, the variations staff added in the form
 * before it was first saved (SPEC 3's temp rows). All are made in one transaction: a refused row
 * makes nothing, and the answer's issue names the row (`/variations/{index}`).
 */
export const ProductCreateRequest = z
  .intersection(
    ProductWriteRequest,
    z.object({ variations: z.array(NewProductVariation).max(MAX_NEW_PRODUCT_VARIATIONS).default([]) }),
  )
  .meta({ id: 'ProductCreateRequest' });
export type ProductCreateRequest = z.input<typeof ProductCreateRequest>;
export type ProductCreate = z.output<typeof ProductCreateRequest>;

/** The created product with the variations made with it (in the order sent). */
export const ProductCreated = AdminProduct.extend({ variations: z.array(Variation) }).meta({
  id: 'ProductCreated',
});
export type ProductCreated = z.infer<typeof ProductCreated>;
