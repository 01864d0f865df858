import { z } from 'zod';
import { storableText } from '../validation/fields';
import { EntityId } from './ids';

/**
 * Text PostgreSQL can store: NUL dropped and lone surrogates replaced (the shared `storableText`)
 * (jsonb — the audit's before/after — refuses them). Called late: this module is built while
 * `./fields` may still be loading (an import cycle through the messages).
 */
const storable = (value: string) => storableText(value);

/** GET /api/admin/products: search by name (either language), slug or SKU; a category; active, archived or all. */
export const AdminProductListQuery = z.object({
  q: z.string().overwrite(storable).trim().max(100).optional(),
  categoryId: EntityId().optional(),
  status: z.enum(['active', 'archived', 'all']).default('active'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

const CategoryRef = z.object({ id: z.string(), name: z.string(), nameAr: z.string() });

/** One row of the products table (SPEC 3 "Product display in admin"). */
export const AdminProductRow = z
  .object({
    id: z.string(),
    slug: z.string(),
    sku: z.string().nullable(),
    name: z.string(),
    nameAr: z.string(),
    category: CategoryRef,
    price: z.number(),
    imageUrl: z.string().nullable(),
    featured: z.boolean(),
    isActive: z.boolean(),
    archivedAt: z.string().nullable(),
    /** Units in stock over all variations. */
    stock: z.number().int(),
    /** Units sold (order lines of orders not cancelled). */
    sales: z.number().int(),
    variationCount: z.number().int(),
    weights: z.array(z.string()),
    beans: z.array(z.string()),
    additions: z.array(z.string()),
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductList = z
  .object({ products: z.array(AdminProductRow), total: z.number().int() })
  .meta({ id: 'AdminProductList' });
export type AdminProductList = z.infer<typeof AdminProductList>;

/** A product as the edit form needs it: every stored field and the version the edit starts from. */
export const AdminProduct = z
  .object({
    id: z.string(),
    slug: z.string(),
    sku: z.string().nullable(),
    name: z.string(),
    nameAr: z.string(),
    description: z.string(),
    descriptionAr: z.string(),
    categoryId: z.string(),
    price: z.number(),
    discount: z.number(),
    discountType: z.enum(['PERCENTAGE', 'FIXED_AMOUNT']),
    images: z.array(z.string()),
    imageUrl: z.string().nullable(),
    featured: z.boolean(),
    isActive: z.boolean(),
    archivedAt: z.string().nullable(),
    /** Whether any order has it: then it is archived, never deleted. */
    ordered: z.boolean(),
    version: z.number().int(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductIdParams = z.object({ id: EntityId() });

/** DELETE /api/admin/products/{id}: removed when never ordered, archived otherwise. */
export const ProductRemoval = z
  .object({ result: z.enum(['deleted', 'archived']), product: AdminProduct.nullable() })
  .meta({ id: 'ProductRemoval' });
export type ProductRemoval = z.infer<typeof ProductRemoval>;

export const AdminCategory = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    nameAr: z.string(),
    imageUrl: z.string().nullable(),
    sortOrder: z.number().int(),
    productCount: z.number().int(),
  })
  .meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof AdminCategory>;

export const AdminCategoryList = z.array(AdminCategory).meta({ id: 'AdminCategoryList' });
export type AdminCategoryList = z.infer<typeof AdminCategoryList>;

export const AdminCategoryIdParams = z.object({ id: EntityId() });
