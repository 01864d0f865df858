import { z } from 'zod';
import type { Variation } from '../catalogue/product';
import { localize } from '../messages/localized-text';
import type { Locale } from '../money/money';
import { type ValidationText, validationText } from './fields';
import { VALIDATION_MESSAGES } from './messages';

const formNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.union([z.number(), z.nan()]).nullable(),
);
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().trim().nullable(),
);
const formText = z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim());

/** What POST /api/variations/products carries besides productId, and PUT carries (SPEC 7). */
export interface VariationPayload {
  sizeId: string;
  typeId: string | null;
  beansId: string | null;
  /** AED, > 0, 2 decimals. */
  price: number;
  /** SPEC 5: the form's 0..100 percent, sent divided by 100. */
  discount: number;
  /** SPEC 3: the editor always writes PERCENTAGE. */
  discountType: 'PERCENTAGE';
  /** Null: generate one (`generateVariationSku`). */
  sku: string | null;
  stockQuantity: number;
  isActive: boolean;
  imageUrl: string | null;
}

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

function variationSchema(t: ValidationText, sizeMessage: string) {
  return z
    .object({
      sizeId: formText,
      typeId: optionalId.optional(),
      beansId: optionalId.optional(),
      price: formNumber,
      /** Percent 0..100, as typed. */
      discount: formNumber.optional(),
      sku: formText.optional(),
      stockQuantity: formNumber.optional(),
      isActive: z.boolean().default(true),
      imageUrl: optionalId.optional(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.sizeId === '') issue('sizeId', sizeMessage);
      // SPEC 5: a number above 0; the input's min is 0.01 and its step 0.01.
      if (v.price === null || !(v.price >= 0.01) || !twoDecimals(v.price))
        issue('price', t('variation.priceInvalid'));
      const d = v.discount ?? null;
      if (d !== null && !(Number.isInteger(d) && d >= 0 && d <= 100))
        issue('discount', t('variation.discountRange'));
      const s = v.stockQuantity ?? null;
      if (s !== null && !(Number.isInteger(s) && s >= 0)) issue('stockQuantity', t('variation.stockInvalid'));
    })
    .transform(
      (v): VariationPayload => ({
        sizeId: v.sizeId,
        typeId: v.typeId ?? null,
        beansId: v.beansId ?? null,
        price: v.price ?? 0,
        discount: (v.discount ?? 0) / 100,
        discountType: 'PERCENTAGE',
        sku: v.sku ? v.sku : null,
        stockQuantity: v.stockQuantity ?? 0,
        isActive: v.isActive,
        imageUrl: v.imageUrl ?? null,
      }),
    );
}

/** SPEC 2.3 / 5, the add form: 'Size is required', 'Valid price is required', discount 0..100, stock ≥ 0 (default 0). */
export function variationAddSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return variationSchema(t, t('variation.sizeRequired'));
}

/** SPEC 5, inline edit: the same rules, but the size alert reads 'Weight is required'. */
export function variationEditSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return variationSchema(t, t('variation.weightRequired'));
}

/** SPEC 5: 0 to 100 percent. */
export function bulkDiscountSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return formNumber.refine((v): v is number => v !== null && v >= 0 && v <= 100, {
    error: t('variation.bulkDiscountRange'),
  });
}

/**
 * SPEC 5: an empty SKU is generated. Ours is readable and stable: the product's SKU and the chosen
 * size, type and beans, upper-cased, e.g. ETH-YRG-250G-NORMAL-ARABICA. SKUs are unique across the
 * store, so a product without a SKU of its own is named by its slug (unique too) — never by a
 * word every such product shares, or the second product's 250 g variation would collide with the
 * first's — and by its id's first characters when the slug has no Latin letters or digits.
 */
export function generateVariationSku(
  product: { sku: string | null | undefined; slug: string; id: string },
  parts: readonly (string | null | undefined)[],
): string {
  const slug = (s: string) =>
    s
      .trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const prefix = product.sku?.trim() || slug(product.slug) || product.id.slice(0, 8);
  return [prefix, ...parts]
    .filter((p): p is string => typeof p === 'string' && slug(p) !== '')
    .map(slug)
    .join('-');
}

type VariationKey = Pick<Variation, 'id' | 'sizeId' | 'typeId' | 'beansId' | 'sku'>;

/**
 * SPEC 5 local duplicate checks, against every other row: the same SKU (compared trimmed and
 * case-blind, as SKUs are read aloud and typed by hand), then the same size, type and beans.
 */
export function variationConflict(
  rows: readonly VariationKey[],
  candidate: Omit<VariationKey, 'id'> & { id?: string },
): 'variation.skuExists' | 'variation.combinationExists' | null {
  const others = rows.filter((r) => r.id !== candidate.id);
  const sku = candidate.sku?.trim().toUpperCase();
  if (sku && others.some((r) => r.sku?.trim().toUpperCase() === sku)) return 'variation.skuExists';
  const same = (a: string | null, b: string | null) => (a || null) === (b || null);
  if (
    others.some(
      (r) =>
        r.sizeId === candidate.sizeId &&
        same(r.typeId, candidate.typeId) &&
        same(r.beansId, candidate.beansId),
    )
  ) {
    return 'variation.combinationExists';
  }
  return null;
}

/** SPEC 8: the add error — a server error containing 'already exists' gets the friendly sentence. */
export function variationAddError(serverError: string | null | undefined, locale: Locale): string {
  if (serverError?.includes('already exists'))
    return localize(VALIDATION_MESSAGES['variation.addConflict'], locale);
  return serverError || localize(VALIDATION_MESSAGES['variation.addFailed'], locale);
}

/** SPEC 8: the update error — a server error containing 'Unique constraint' means the SKU is taken. */
export function variationUpdateError(serverError: string | null | undefined, locale: Locale): string {
  if (serverError?.includes('Unique constraint'))
    return localize(VALIDATION_MESSAGES['variation.skuInUse'], locale);
  return serverError || localize(VALIDATION_MESSAGES['variation.updateFailed'], locale);
}
