import { z } from 'zod';
import { Variation } from '../catalogue/product';
import { storableText, validationText } from '../validation/fields';
import { EntityId } from './ids';

/** Built in English; the gateway renders each issue in Arabic from the shared table. */
const t = validationText('en');

/** SPEC 7 GET /api/variations/sizes: only items with isActive are kept by the editor. */
export const VariationSize = z
  .object({
    id: z.string(),
    displayName: z.string(),
    displayNameAr: z.string().optional(),
    isActive: z.boolean(),
  })
  .meta({ id: 'VariationSize' });
export type VariationSize = z.infer<typeof VariationSize>;

/** GET /api/variations/types (additions) and /beans share one shape. */
export const VariationOption = z
  .object({ id: z.string(), name: z.string(), nameAr: z.string().optional(), isActive: z.boolean() })
  .meta({ id: 'VariationOption' });
export type VariationOption = z.infer<typeof VariationOption>;

export const VariationSizeList = z.array(VariationSize).meta({ id: 'VariationSizeList' });
export const VariationTypeList = z.array(VariationOption).meta({ id: 'VariationTypeList' });
export const VariationBeansList = z.array(VariationOption).meta({ id: 'VariationBeansList' });

/** SPEC 7: only items with isActive are kept. */
export function activeOptions<T extends { isActive: boolean }>(items: readonly T[]): T[] {
  return items.filter((i) => i.isActive);
}

/** SPEC 7 GET /api/variations/products?productId=. */
export const VariationListQuery = z.object({ productId: EntityId() });
export const VariationList = z.array(Variation).meta({ id: 'VariationList' });
export type VariationList = z.infer<typeof VariationList>;

const variationBody = {
  sizeId: EntityId().meta({ description: 'The weight; SPEC 5: required.' }),
  typeId: EntityId().nullable().optional(),
  beansId: EntityId().nullable().optional(),
  /** AED, at least 0.01 (SPEC 9). */
  price: z
    .number({ error: t('variation.priceInvalid') })
    .min(0.01, { error: t('variation.priceInvalid') })
    .max(1_000_000, { error: t('variation.priceInvalid') }),
  /** A fraction 0..1 (the form's percent divided by 100). */
  discount: z.number().min(0).max(1).default(0),
  discountType: z.enum(['PERCENTAGE', 'FIXED_AMOUNT']).default('PERCENTAGE'),
  sku: z.string().overwrite(storableText).trim().max(64).nullable().optional(),
  stockQuantity: z
    .number({ error: t('variation.stockInvalid') })
    .int({ error: t('variation.stockInvalid') })
    .min(0, { error: t('variation.stockInvalid') })
    .max(1_000_000, { error: t('variation.stockInvalid') })
    .default(0),
  isActive: z.boolean().default(true),
  imageUrl: z.string().overwrite(storableText).max(2048).nullable().optional(),
};

/**
 * A variation sent with a product not saved yet (POST /api/admin/products `variations`): the
 * SPEC 7 body without a product id, which the server gives it once the product exists.
 */
export const NewProductVariation = z.object(variationBody).meta({ id: 'NewProductVariation' });
export type NewProductVariation = z.input<typeof NewProductVariation>;

/** SPEC 7 POST /api/variations/products. */
export const VariationCreateRequest = z
  .object({ productId: EntityId(), ...variationBody })
  .meta({ id: 'VariationCreateRequest' });
export type VariationCreateRequest = z.input<typeof VariationCreateRequest>;

/**
 * SPEC 7 PUT /api/variations/products/{id}, plus the `version` the edit started from:
 * a stale one answers 409 and nothing is written, so two editors never overwrite each other
 * silently. Required: a client that does not say what it edited cannot be checked.
 */
export const VariationUpdateRequest = z
  .object({ ...variationBody, version: z.number().int().min(1).max(2_147_483_647) })
  .meta({ id: 'VariationUpdateRequest' });
export type VariationUpdateRequest = z.input<typeof VariationUpdateRequest>;

export const VariationIdParams = z.object({ id: EntityId() });

/** SPEC 7 DELETE: only success or failure is read. */
export const SuccessResponse = z.object({ success: z.boolean() }).meta({ id: 'SuccessResponse' });
export type SuccessResponse = z.infer<typeof SuccessResponse>;
