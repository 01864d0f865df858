import { hash } from '@node-rs/argon2';
import { MENU_MODULES, toFils } from '@qahwa/schema';
import { runMode } from '@qahwa/schema/config/env';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createDb, type Db } from './client';
import {
  categories,
  products,
  productVariations,
  users,
  variationBeans,
  variationSizes,
  variationTypes,
} from './schema';
import {
  BEANS,
  CATEGORIES,
  PACKSHOT_ROOT,
  PRODUCTS,
  productGalleryPaths,
  productImagePath,
  SIZES,
  TYPES,
  variationImagePath,
} from './seed/catalogue-data';
import { seedPromotions } from './seed/promotions-data';
import { seedStorefrontContent } from './seed/storefront-content';

export const DEV_ADMIN_EMAIL = 'admin@qahwa.local';
export const DEV_ADMIN_PASSWORD = 'qahwa-admin-dev';

/** Idempotent: every row is upserted by its natural key, so running it twice changes nothing. */
export async function seed(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const adminEmail = (env.ADMIN_EMAIL ?? DEV_ADMIN_EMAIL).toLowerCase();
  const adminPassword = env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD;
  // Production unless NODE_ENV is exactly development or test: a forgotten NODE_ENV fails closed.
  if (
    runMode(env.NODE_ENV) === 'production' &&
    (adminEmail === DEV_ADMIN_EMAIL || adminPassword === DEV_ADMIN_PASSWORD)
  ) {
    throw new Error(
      'Refusing to seed production with the development admin credentials: set ADMIN_EMAIL and ADMIN_PASSWORD',
    );
  }

  await db.transaction(async (tx) => {
    const catIds = new Map<string, string>();
    for (const c of CATEGORIES) {
      const [row] = await tx
        .insert(categories)
        .values(c)
        .onConflictDoUpdate({
          target: categories.slug,
          set: { name: c.name, nameAr: c.nameAr, sortOrder: c.sortOrder },
        })
        .returning({ id: categories.id });
      catIds.set(c.slug, row!.id);
    }
    const sizeIds = new Map<string, string>();
    for (const s of SIZES) {
      const [row] = await tx
        .insert(variationSizes)
        .values(s)
        .onConflictDoUpdate({
          target: variationSizes.displayName,
          set: { displayNameAr: s.displayNameAr, sortOrder: s.sortOrder },
        })
        .returning({ id: variationSizes.id });
      sizeIds.set(s.displayName, row!.id);
    }
    const typeIds = new Map<string, string>();
    for (const t of TYPES) {
      const [row] = await tx
        .insert(variationTypes)
        .values(t)
        .onConflictDoUpdate({ target: variationTypes.name, set: { nameAr: t.nameAr } })
        .returning({ id: variationTypes.id });
      typeIds.set(t.name, row!.id);
    }
    const beanIds = new Map<string, string>();
    for (const b of BEANS) {
      const [row] = await tx
        .insert(variationBeans)
        .values(b)
        .onConflictDoUpdate({ target: variationBeans.name, set: { nameAr: b.nameAr } })
        .returning({ id: variationBeans.id });
      beanIds.set(b.name, row!.id);
    }

    for (const p of PRODUCTS) {
      const lowest = Math.min(...p.variations.map((v) => toFils(v.price)));
      const values = {
        slug: p.slug,
        name: p.name,
        nameAr: p.nameAr,
        description: p.description,
        descriptionAr: p.descriptionAr,
        categoryId: catIds.get(p.category)!,
        sku: `QH-${p.slug.toUpperCase().replace(/-/g, '').slice(0, 10)}`,
        priceFils: lowest,
        featured: p.featured ?? false,
        imageUrl: productImagePath(p.slug),
        images: productGalleryPaths(p.slug),
      };
      const [row] = await tx
        .insert(products)
        .values(values)
        .onConflictDoUpdate({
          target: products.slug,
          // A picture staff uploaded since is kept; only a seed picture (or none) is replaced.
          set: {
            ...values,
            imageUrl: sql`case when ${products.imageUrl} is null or ${products.imageUrl} like ${`${PACKSHOT_ROOT}/%`} then ${values.imageUrl} else ${products.imageUrl} end`,
            images: sql`case when ${products.imageUrl} is null or ${products.imageUrl} like ${`${PACKSHOT_ROOT}/%`} then ${JSON.stringify(values.images)}::jsonb else ${products.images} end`,
          },
        })
        .returning({ id: products.id, sku: products.sku });
      for (const v of p.variations) {
        const sizeId = sizeIds.get(v.size)!;
        const typeId = v.type ? typeIds.get(v.type)! : null;
        const beansId = v.beans ? beanIds.get(v.beans)! : null;
        const sku = [row!.sku, v.size, v.type, v.beans]
          .filter(Boolean)
          .join('-')
          .toUpperCase()
          .replace(/[^A-Z0-9-]/g, '');
        const existing = await tx
          .select({ id: productVariations.id })
          .from(productVariations)
          .where(
            and(
              eq(productVariations.productId, row!.id),
              eq(productVariations.sizeId, sizeId),
              typeId ? eq(productVariations.typeId, typeId) : isNull(productVariations.typeId),
              beansId ? eq(productVariations.beansId, beansId) : isNull(productVariations.beansId),
            ),
          );
        // Stock is only set when the variation is first created: re-seeding must not undo sales.
        if (existing.length === 0) {
          await tx.insert(productVariations).values({
            productId: row!.id,
            sizeId,
            typeId,
            beansId,
            priceFils: toFils(v.price),
            discount: v.discount ?? 0,
            discountType: 'PERCENTAGE',
            sku,
            stockQuantity: v.stock,
            imageUrl: variationImagePath(p.slug, v),
          });
        } else {
          await tx
            .update(productVariations)
            .set({
              priceFils: toFils(v.price),
              discount: v.discount ?? 0,
              sku,
              imageUrl: sql`case when ${productVariations.imageUrl} is null or ${productVariations.imageUrl} like ${`${PACKSHOT_ROOT}/%`} then ${variationImagePath(p.slug, v)} else ${productVariations.imageUrl} end`,
            })
            .where(eq(productVariations.id, existing[0]!.id));
        }
      }
    }

    // No shipping rules are seeded (issue 12, docs/settings.md): the store-wide rule — free from
    // 200 AED, else 25 AED — is SPEC 8's fallback, whose two amounts staff set in Settings →
    // Shipping. Rules are for the exceptions (a city, an express service). The two rules seeded
    // before restated the fallback, so a rule would have hidden the store's own threshold.

    await seedPromotions(tx);
    await seedStorefrontContent(tx);

    // Creates the first admin only. An existing account keeps its password and role: re-running
    // the seed (every deploy runs it) must not undo a password change or a demotion, nor hand the
    // account back to whoever knows ADMIN_PASSWORD.
    const passwordHash = await hash(adminPassword);
    await tx
      .insert(users)
      .values({
        email: adminEmail,
        name: 'Store Admin',
        passwordHash,
        role: 'ADMIN',
        permissions: MENU_MODULES.map((module) => ({ module, canView: true })),
      })
      .onConflictDoNothing({ target: users.email });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const handle = createDb();
  seed(handle.db)
    .then(() => console.log(`seeded ${PRODUCTS.length} products`))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => handle.close());
}
