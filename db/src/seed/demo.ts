import { DEFAULT_SETTINGS, SAMPLE_TRN, toFils } from '@qahwa/schema';
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import {
  categories,
  products,
  productVariations,
  storeSettings,
  variationBeans,
  variationSizes,
  variationTypes,
} from '../schema';
import {
  BEANS,
  CATEGORIES,
  PRODUCTS,
  productGalleryPaths,
  productImagePath,
  SIZES,
  TYPES,
  variationImagePath,
} from './catalogue-data';
import { seedPromotions } from './promotions-data';
import { seedStorefrontContent } from './storefront-content';

/**
 * The demo store (SEED_DEMO=1: `make dev`, the tests, a try-out that asks for it; never production
 * by default): categories, products with their variations, one promotion of each type, the banner,
 * campaigns, page texts and a few reviews.
 *
 * Insert-only, by each row's natural key (a category's or product's slug, a promotion's code):
 * a row that is there is left exactly as it is, whoever made it, so staff's names, prices, SKUs,
 * discounts, pictures and switches survive every run. A product that exists keeps its variations
 * as they are too: only a product this run creates gets the demo's variations (and its stock).
 */
export async function seedDemoStore(tx: Tx): Promise<void> {
  await tx
    .insert(categories)
    .values([...CATEGORIES])
    .onConflictDoNothing();
  const catIds = await idsBy(
    tx,
    categories,
    categories.slug,
    categories.id,
    CATEGORIES.map((c) => c.slug),
  );
  // The lookups the demo's variations name, added by name if staff's lists lack one.
  await tx
    .insert(variationSizes)
    .values([...SIZES])
    .onConflictDoNothing();
  await tx
    .insert(variationTypes)
    .values([...TYPES])
    .onConflictDoNothing();
  await tx
    .insert(variationBeans)
    .values([...BEANS])
    .onConflictDoNothing();
  const sizeIds = await idsBy(
    tx,
    variationSizes,
    variationSizes.displayName,
    variationSizes.id,
    SIZES.map((s) => s.displayName),
  );
  const typeIds = await idsBy(
    tx,
    variationTypes,
    variationTypes.name,
    variationTypes.id,
    TYPES.map((t) => t.name),
  );
  const beanIds = await idsBy(
    tx,
    variationBeans,
    variationBeans.name,
    variationBeans.id,
    BEANS.map((b) => b.name),
  );

  for (const p of PRODUCTS) {
    const categoryId = catIds.get(p.category);
    // Staff deleted the demo's category: its products are not put back under another one.
    if (!categoryId) continue;
    const sku = `QH-${p.slug.toUpperCase().replace(/-/g, '').slice(0, 10)}`;
    const [created] = await tx
      .insert(products)
      .values({
        slug: p.slug,
        name: p.name,
        nameAr: p.nameAr,
        description: p.description,
        descriptionAr: p.descriptionAr,
        categoryId,
        sku,
        priceFils: Math.min(...p.variations.map((v) => toFils(v.price))),
        featured: p.featured ?? false,
        imageUrl: productImagePath(p.slug),
        images: productGalleryPaths(p.slug),
      })
      // The slug or the SKU is taken: that product is someone's now.
      .onConflictDoNothing()
      .returning({ id: products.id });
    if (!created) continue;
    await tx
      .insert(productVariations)
      .values(
        p.variations.map((v) => ({
          productId: created.id,
          sizeId: sizeIds.get(v.size)!,
          typeId: v.type ? typeIds.get(v.type)! : null,
          beansId: v.beans ? beanIds.get(v.beans)! : null,
          priceFils: toFils(v.price),
          discount: v.discount ?? 0,
          discountType: 'PERCENTAGE' as const,
          sku: [sku, v.size, v.type, v.beans]
            .filter(Boolean)
            .join('-')
            .toUpperCase()
            .replace(/[^A-Z0-9-]/g, ''),
          stockQuantity: v.stock,
          imageUrl: variationImagePath(p.slug, v),
        })),
      )
      .onConflictDoNothing();
  }

  await seedPromotions(tx);
  await seedStorefrontContent(tx);
  await seedVatRegistration(tx);
}

/**
 * The demo store is VAT-registered under the sample TRN, so `make dev`, the tests and the e2e
 * stack issue tax invoices and print "Includes VAT 5 %" (docs/vat.md). A fresh production store
 * has no row: not registered until staff give the real TRN, and the gateway refuses to start in
 * production registered under this sample. Insert-only, version 1, like a staff save: a row staff
 * saved is never overwritten.
 */
async function seedVatRegistration(tx: Tx): Promise<void> {
  await tx
    .insert(storeSettings)
    .values({
      key: 'vat',
      value: { version: 1, value: { ...DEFAULT_SETTINGS.vat, registered: true, trn: SAMPLE_TRN } },
    })
    .onConflictDoNothing();
}

/** The ids of the rows whose `key` column is one of `keys`, by key. */
async function idsBy(
  tx: Tx,
  table: PgTable,
  key: PgColumn,
  id: PgColumn,
  keys: string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .select({ key: sql<string>`${key}`, id: sql<string>`${id}` })
    .from(table)
    .where(inArray(key, keys));
  return new Map(rows.map((r) => [r.key, r.id]));
}
