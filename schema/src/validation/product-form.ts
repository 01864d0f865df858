import { z } from 'zod';
import { type LocalizedText, localize, type MessageParams } from '../messages/localized-text';
import type { Locale } from '../money/money';
import { storableText } from './fields';

/**
 * The back office's product and category forms (docs/admin.md): one rule for the browser (messages as
 * the member of staff types) and the gateway (the contract of POST/PUT /api/admin/products and
 * /api/admin/categories). Prices are AED here and fils in the database; a percentage discount is
 * entered 0–100 and stored as SPEC 3's fraction 0–1.
 */
/**
 * Text PostgreSQL can store: NUL dropped and lone surrogates replaced (the shared `storableText`)
 * (jsonb — the audit's before/after — refuses them). Called late: this module is built while
 * `./fields` may still be loading (an import cycle through the messages).
 */
/**
 * Something one can see must remain once the text is trimmed and made storable. Published as the
 * field's pattern too, so a client (or the fuzzer) can tell that a name of spaces is no name:
 * `\s` differs between JavaScript and Python on U+FEFF, which is named on its own.
 */
// biome-ignore lint/complexity/useRegexLiterals: as a literal the NUL in it is a lint error; built from text it is named, not embedded
const VISIBLE = new RegExp('[^\\s\\u0000\\ufeff]');
const storable = (value: string) => storableText(value);

export const CATALOGUE_FORM_MESSAGES = {
  'catalogue.nameRequired': { en: 'English name is required', ar: 'الاسم بالإنجليزية مطلوب' },
  'catalogue.nameArRequired': { en: 'Arabic name is required', ar: 'الاسم بالعربية مطلوب' },
  'catalogue.slugInvalid': {
    en: 'Slug may contain only lowercase letters, digits and single dashes',
    ar: 'يجب أن يحتوي المعرّف في الرابط على أحرف إنجليزية صغيرة وأرقام وشرطات مفردة فقط',
  },
  'catalogue.categoryRequired': { en: 'Category is required', ar: 'الفئة مطلوبة' },
  'catalogue.priceInvalid': {
    en: 'Price must be at least 0.01 AED',
    ar: 'يجب ألا يقل السعر عن 0.01 درهم',
  },
  'catalogue.discountPercent': {
    en: 'A percentage discount must be between 0 and 100',
    ar: 'يجب أن تكون نسبة الخصم بين 0 و100',
  },
  'catalogue.discountFixed': {
    en: 'A fixed discount must be between 0 and the price',
    ar: 'يجب أن يكون الخصم الثابت بين 0 والسعر',
  },
  'catalogue.imageInvalid': { en: 'Invalid image file', ar: 'ملف صورة غير صالح' },
  'catalogue.tooManyImages': { en: 'At most {max} images', ar: 'الحد الأقصى {max} صور' },
  'catalogue.sortOrderInvalid': {
    en: 'Order must be a whole number of 0 or more',
    ar: 'يجب أن يكون الترتيب عددًا صحيحًا يساوي 0 أو أكثر',
  },
  'catalogue.productSlugTaken': {
    en: 'Another product already uses this slug',
    ar: 'هذا المعرّف مستخدم لمنتج آخر',
  },
  'catalogue.skuTaken': { en: 'Another product already uses this SKU', ar: 'رمز SKU هذا مستخدم لمنتج آخر' },
  'catalogue.categorySlugTaken': {
    en: 'Another category already uses this slug',
    ar: 'هذا المعرّف مستخدم لفئة أخرى',
  },
  'catalogue.productChanged': {
    en: 'Someone else changed this product while you were editing. Reload to see their changes, then edit again.',
    ar: 'عدّل شخص آخر هذا المنتج أثناء تحريرك. أعد التحميل لرؤية تعديلاته ثم عدّل مجددًا.',
  },
  'catalogue.productMissing': { en: 'Product not found', ar: 'المنتج غير موجود' },
  'catalogue.categoryNotFound': { en: 'Category not found', ar: 'الفئة غير موجودة' },
  'catalogue.categoryInUse': {
    en: 'This category still has {count} products. Move them to another category first.',
    ar: 'لا تزال هذه الفئة تضم {count} من المنتجات. انقلها إلى فئة أخرى أولًا.',
  },
} as const satisfies Record<string, LocalizedText>;

export type CatalogueFormCode = keyof typeof CATALOGUE_FORM_MESSAGES;

export function catalogueText(locale: Locale) {
  return (code: CatalogueFormCode, params?: MessageParams) =>
    localize(CATALOGUE_FORM_MESSAGES[code], locale, params);
}

/** Lowercase letters and digits in runs joined by single dashes: `ethiopian-yirgacheffe`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug from an English name: `Ethiopian Yirgacheffe!` → `ethiopian-yirgacheffe`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** Pictures the store shows: its own uploads or packshots (a path here) or an image host's https URL. */
export const IMAGE_URL_PATTERN =
  /^(?:\/[A-Za-z0-9/_.-]{1,300}|https:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]{1,500})$/;
export const MAX_PRODUCT_IMAGES = 12;

function productFields(locale: Locale) {
  const t = catalogueText(locale);
  return z.object({
    name: z
      .string()
      .overwrite(storable)
      .trim()
      .min(1, { error: t('catalogue.nameRequired') })
      .regex(VISIBLE, { error: t('catalogue.nameRequired') })
      .max(200),
    nameAr: z
      .string()
      .overwrite(storable)
      .trim()
      .min(1, { error: t('catalogue.nameArRequired') })
      .regex(VISIBLE, { error: t('catalogue.nameArRequired') })
      .max(200),
    description: z.string().overwrite(storable).trim().max(5000).default(''),
    descriptionAr: z.string().overwrite(storable).trim().max(5000).default(''),
    slug: z
      .string()
      .overwrite(storable)
      .trim()
      .max(120, { error: t('catalogue.slugInvalid') })
      .regex(SLUG_PATTERN, { error: t('catalogue.slugInvalid') }),
    // A uuid (what the form's "choose a category" leaves empty fails it with the form's words).
    categoryId: z.guid({ error: t('catalogue.categoryRequired') }),
    sku: z.string().overwrite(storable).trim().max(64).nullable().default(null),
    price: z
      .number({ error: t('catalogue.priceInvalid') })
      .min(0.01, { error: t('catalogue.priceInvalid') })
      .max(100_000),
    discountType: z.enum(['PERCENTAGE', 'FIXED_AMOUNT']).default('PERCENTAGE'),
    /** PERCENTAGE: a fraction 0–1 (SPEC 3); FIXED_AMOUNT: AED. */
    discount: z.number().min(0).default(0),
    images: z
      .array(z.string().regex(IMAGE_URL_PATTERN, { error: t('catalogue.imageInvalid') }))
      .max(MAX_PRODUCT_IMAGES, { error: t('catalogue.tooManyImages', { max: MAX_PRODUCT_IMAGES }) })
      .default([]),
    featured: z.boolean().default(false),
    isActive: z.boolean().default(true),
  });
}

/** POST /api/admin/products (and the form's check). */
export function productWriteSchema(locale: Locale = 'en') {
  const t = catalogueText(locale);
  return productFields(locale).superRefine((v, ctx) => {
    if (v.discountType === 'PERCENTAGE' && v.discount > 1) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: t('catalogue.discountPercent') });
    }
    if (v.discountType === 'FIXED_AMOUNT' && v.discount > v.price) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: t('catalogue.discountFixed') });
    }
  });
}

export const ProductWriteRequest = productWriteSchema('en').meta({ id: 'ProductWriteRequest' });
export type ProductWriteRequest = z.input<typeof ProductWriteRequest>;
export type ProductWrite = z.output<typeof ProductWriteRequest>;

/** PUT /api/admin/products/{id}: the same fields and the version the edit started from. */
export const ProductUpdateRequest = z
  .intersection(ProductWriteRequest, z.object({ version: z.number().int().min(1) }))
  .meta({ id: 'ProductUpdateRequest' });
export type ProductUpdateRequest = z.input<typeof ProductUpdateRequest>;

export function categoryWriteSchema(locale: Locale = 'en') {
  const t = catalogueText(locale);
  return z.object({
    name: z
      .string()
      .overwrite(storable)
      .trim()
      .min(1, { error: t('catalogue.nameRequired') })
      .regex(VISIBLE, { error: t('catalogue.nameRequired') })
      .max(120),
    nameAr: z
      .string()
      .overwrite(storable)
      .trim()
      .min(1, { error: t('catalogue.nameArRequired') })
      .regex(VISIBLE, { error: t('catalogue.nameArRequired') })
      .max(120),
    slug: z
      .string()
      .overwrite(storable)
      .trim()
      .max(120, { error: t('catalogue.slugInvalid') })
      .regex(SLUG_PATTERN, { error: t('catalogue.slugInvalid') }),
    imageUrl: z
      .string()
      .regex(IMAGE_URL_PATTERN, { error: t('catalogue.imageInvalid') })
      .nullable()
      .default(null),
    sortOrder: z
      .number({ error: t('catalogue.sortOrderInvalid') })
      .int({ error: t('catalogue.sortOrderInvalid') })
      .min(0, { error: t('catalogue.sortOrderInvalid') })
      .max(10_000)
      .default(0),
  });
}

export const CategoryWriteRequest = categoryWriteSchema('en').meta({ id: 'CategoryWriteRequest' });
export type CategoryWriteRequest = z.input<typeof CategoryWriteRequest>;
export type CategoryWrite = z.output<typeof CategoryWriteRequest>;

/** The form's percentage (0–100, whole numbers as typed) to the stored fraction, and back. */
export const percentToFraction = (percent: number) => Math.round(percent * 100) / 10_000;
export const fractionToPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
