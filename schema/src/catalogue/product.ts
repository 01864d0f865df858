import { z } from 'zod';
import { LOW_STOCK_THRESHOLD } from './stock';

/** SPEC 3 "Product variation", with Arabic names for the shopper-facing option labels. */
export const DiscountType = z.enum(['PERCENTAGE', 'FIXED_AMOUNT']).meta({ id: 'DiscountType' });
export type DiscountType = z.infer<typeof DiscountType>;

const OptionRef = z.object({ name: z.string(), nameAr: z.string(), isActive: z.boolean() });

export const Variation = z
  .object({
    id: z.string(),
    productId: z.string(),
    sizeId: z.string(),
    size: z.object({ displayName: z.string(), displayNameAr: z.string(), isActive: z.boolean() }),
    typeId: z.string().nullable(),
    type: OptionRef.nullable(),
    beansId: z.string().nullable(),
    beans: OptionRef.nullable(),
    /** AED, 2 decimals. */
    price: z.number(),
    /** A fraction 0..1 for PERCENTAGE, an AED amount for FIXED_AMOUNT. */
    discount: z.number(),
    discountType: DiscountType,
    sku: z.string().nullable(),
    stockQuantity: z.number().int(),
    isActive: z.boolean(),
    imageUrl: z.string().nullable(),
    /**
     * Optimistic concurrency: the row's version; the back office's PUT names the one
     * it edited. Optional so copies made without it (the cart, fixtures) still parse.
     */
    version: z.number().int().optional(),
  })
  .meta({ id: 'Variation' });
export type Variation = z.infer<typeof Variation>;

/**
 * A variation as shoppers get it (the storefront's catalogue, GET /api/products, recommendations):
 * only sellable ones (active, of an active size), and stock as `inStock` plus the count only at
 * or below LOW_STOCK_THRESHOLD (docs/storefront-api.md "Stock"). No `version`: that is the back
 * office's edit check.
 */
export const ShopperVariation = Variation.omit({ stockQuantity: true, version: true })
  .extend({
    inStock: z.boolean(),
    /** Units left, present only when at most LOW_STOCK_THRESHOLD ('Only 3 left'). */
    stockQuantity: z.number().int().min(0).max(LOW_STOCK_THRESHOLD).optional(),
    /**
     * What one unit costs a shopper now, in fils: checkout's pricing of a one-unit cart (the lower
     * of its own discount and the store's sale, less the automatic promotion a single unit
     * receives; `shownUnitPrice`, docs/promotions.md "Prices before the cart"). The catalogue
     * always sends it; optional so copies made without it (the cart, fixtures) still parse.
     */
    shownPriceFils: z.number().int().min(0).optional(),
  })
  .meta({ id: 'ShopperVariation' });
export type ShopperVariation = z.infer<typeof ShopperVariation>;

export const Category = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), nameAr: z.string() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

/** SPEC 3 "Product (as read)". */
export const Product = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    nameAr: z.string(),
    description: z.string(),
    descriptionAr: z.string(),
    /** The lowest active variation price (or the product's own price), AED. */
    price: z.number(),
    sku: z.string().nullable(),
    category: Category,
    imageUrl: z.string().nullable(),
    images: z.array(z.object({ url: z.string() })),
    discount: z.number(),
    discountType: DiscountType,
    featured: z.boolean(),
    views: z.number().int(),
    /*
     * The review figures and `createdAt` are optional so copies of a product made before them (fixtures, the admin's
     * forms) still parse; the gateway's catalogue always sends them.
     */
    /** The average of approved reviews' ratings (1..5, one decimal), null while none is approved. */
    rating: z.number().nullable().optional(),
    /** How many approved reviews the product has. */
    reviewCount: z.number().int().optional(),
    /** When the product was added (ISO instant): what sort=newest orders by. */
    createdAt: z.string().optional(),
    /** Its sellable variations only, with the shopper's view of stock. */
    variations: z.array(ShopperVariation),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;
