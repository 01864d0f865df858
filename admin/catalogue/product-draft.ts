import { type AdminProduct, fractionToPercent, percentToFraction } from '@qahwa/schema';

/** The product form's values as typed (text inputs); `bodyOf` turns them into the API's body. */
export interface Draft {
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  slug: string;
  categoryId: string;
  sku: string;
  price: string;
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT';
  /** Percent (0–100) for PERCENTAGE, AED for FIXED_AMOUNT, as typed. */
  discount: string;
  images: string[];
  featured: boolean;
  isActive: boolean;
}

export function draftOf(p: AdminProduct | null): Draft {
  return {
    name: p?.name ?? '',
    nameAr: p?.nameAr ?? '',
    description: p?.description ?? '',
    descriptionAr: p?.descriptionAr ?? '',
    slug: p?.slug ?? '',
    categoryId: p?.categoryId ?? '',
    sku: p?.sku ?? '',
    price: p ? p.price.toFixed(2) : '',
    discountType: p?.discountType ?? 'PERCENTAGE',
    discount: p ? String(p.discountType === 'PERCENTAGE' ? fractionToPercent(p.discount) : p.discount) : '0',
    images: p?.images ?? [],
    featured: p?.featured ?? false,
    isActive: p?.isActive ?? true,
  };
}

/** What is sent (and checked by the shared rule first): numbers as numbers, a percent as a fraction. */
export function bodyOf(draft: Draft) {
  const discount = Number(draft.discount || 0);
  return {
    name: draft.name,
    nameAr: draft.nameAr,
    description: draft.description,
    descriptionAr: draft.descriptionAr,
    slug: draft.slug,
    categoryId: draft.categoryId,
    sku: draft.sku.trim() || null,
    price: draft.price === '' ? Number.NaN : Number(draft.price),
    discountType: draft.discountType,
    discount: draft.discountType === 'PERCENTAGE' ? percentToFraction(discount) : discount,
    images: draft.images,
    featured: draft.featured,
    isActive: draft.isActive,
  };
}
