import type { Variation } from '@qahwa/schema/catalogue';
import type { VariationOption, VariationSize } from '@qahwa/schema/contracts';
import type { VariationPayload } from '@qahwa/schema/validation';

export interface Lookups {
  sizes: VariationSize[];
  types: VariationOption[];
  beans: VariationOption[];
}

/** The form's fields as typed (text inputs), for the add form and a row in edit mode. */
export interface VariationDraft {
  sizeId: string;
  typeId: string;
  beansId: string;
  price: string;
  /** Percent 0..100 as typed; the payload carries it divided by 100 (SPEC 5). */
  discount: string;
  sku: string;
  stockQuantity: string;
  isActive: boolean;
  imageUrl: string;
}

export const EMPTY_DRAFT: VariationDraft = {
  sizeId: '',
  typeId: '',
  beansId: '',
  price: '',
  discount: '',
  sku: '',
  stockQuantity: '0',
  isActive: true,
  imageUrl: '',
};

/** A row → its edit draft (Edit loads the row's values, SPEC 4). */
export function draftOf(v: Variation): VariationDraft {
  return {
    sizeId: v.sizeId,
    typeId: v.typeId ?? '',
    beansId: v.beansId ?? '',
    price: String(v.price),
    // Percent with at most 2 decimals: 0.15 → "15", not "15.000000000000002".
    discount: String(Math.round(v.discount * 10000) / 100),
    sku: v.sku ?? '',
    stockQuantity: String(v.stockQuantity),
    isActive: v.isActive,
    imageUrl: v.imageUrl ?? '',
  };
}

/**
 * A payload → a row kept in the browser (a temp row, a product without an id): the names of the
 * size, type and beans come from the lookups, so the table reads the same as for saved rows.
 */
export function localRow(
  id: string,
  productId: string,
  p: VariationPayload,
  lookups: Lookups,
  version?: number,
): Variation {
  const size = lookups.sizes.find((s) => s.id === p.sizeId);
  const type = lookups.types.find((t) => t.id === p.typeId);
  const beans = lookups.beans.find((b) => b.id === p.beansId);
  return {
    id,
    productId,
    sizeId: p.sizeId,
    size: {
      displayName: size?.displayName ?? '',
      displayNameAr: size?.displayNameAr ?? size?.displayName ?? '',
      isActive: size?.isActive ?? true,
    },
    typeId: p.typeId,
    type: type ? { name: type.name, nameAr: type.nameAr ?? type.name, isActive: type.isActive } : null,
    beansId: p.beansId,
    beans: beans ? { name: beans.name, nameAr: beans.nameAr ?? beans.name, isActive: beans.isActive } : null,
    price: p.price,
    discount: p.discount,
    discountType: p.discountType,
    sku: p.sku,
    stockQuantity: p.stockQuantity,
    isActive: p.isActive,
    imageUrl: p.imageUrl,
    ...(version === undefined ? {} : { version }),
  };
}

/** A row → the body of SPEC 7's PUT (the editor always writes PERCENTAGE). */
export function payloadOf(v: Variation): VariationPayload {
  return {
    sizeId: v.sizeId,
    typeId: v.typeId,
    beansId: v.beansId,
    price: v.price,
    discount: v.discount,
    discountType: 'PERCENTAGE',
    sku: v.sku,
    stockQuantity: v.stockQuantity,
    isActive: v.isActive,
    imageUrl: v.imageUrl,
  };
}
