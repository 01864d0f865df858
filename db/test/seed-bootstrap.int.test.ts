import { verify } from '@node-rs/argon2';
import { ANNIVERSARY_CODE } from '@qahwa/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db, type DbHandle } from '../src/client';
import { createSettingsRepository } from '../src/repositories/settings';
import { products, productVariations, promotions, users, variationSizes } from '../src/schema';
import { seed } from '../src/seed';

const url = process.env.DATABASE_URL ?? 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_test';
let handle: DbHandle;
beforeAll(async () => {
  handle = createDb(url);
});
afterAll(async () => handle?.close());

/** Every table of the store emptied (whatever tables later migrations add), as a new database is. */
async function emptyStore(db: Db): Promise<void> {
  const { rows } = await db.execute<{ name: string }>(sql`select current_database() as name`);
  if (!rows[0]?.name.includes('test')) throw new Error('not a test database');
  const tables = await db.execute<{ t: string }>(
    sql`select quote_ident(tablename) as t from pg_tables where schemaname = 'public'`,
  );
  await db.execute(
    sql.raw(`truncate table ${tables.rows.map((r) => r.t).join(', ')} restart identity cascade`),
  );
}

/** Row counts of every table of the store, by name: what a seed run added or removed. */
async function counts(db: Db): Promise<Record<string, number>> {
  const tables = await db.execute<{ t: string }>(
    sql`select tablename as t from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, number> = {};
  for (const { t } of tables.rows) {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)}`);
    out[t] = r.rows[0]!.n;
  }
  return out;
}

/** Every row of the tables the seed writes, as text: "changes nothing" compared whole. */
async function contents(db: Db): Promise<string> {
  const tables = [
    'users',
    'variation_sizes',
    'variation_types',
    'variation_beans',
    'categories',
    'products',
    'product_variations',
    'promotions',
    'offer_settings',
    'sliders',
    'site_texts',
    'reviews',
    'store_settings',
  ];
  const parts: string[] = [];
  for (const t of tables) {
    const r = await db.execute<{ j: unknown }>(
      sql`select coalesce(json_agg(x order by x::text), '[]') as j from ${sql.identifier(t)} x`,
    );
    parts.push(`${t}: ${JSON.stringify(r.rows[0]!.j)}`);
  }
  return parts.join('\n');
}

const production = {
  NODE_ENV: 'production',
  ADMIN_EMAIL: 'Owner@Roastery.example',
  ADMIN_PASSWORD: 'a-long-production-password-1',
};

describe('the production bootstrap (SEED_DEMO unset)', () => {
  beforeEach(async () => emptyStore(handle.db));

  it('installs the first admin and the lookup lists, and nothing that sells: no product, code, review or page text', async () => {
    await seed(handle.db, production);
    const n = await counts(handle.db);
    expect(n).toMatchObject({ users: 1, variation_sizes: 5, variation_types: 3, variation_beans: 3 });
    const installed = Object.entries(n).filter(([, count]) => count > 0);
    expect(installed.map(([table]) => table).sort()).toEqual([
      'users',
      'variation_beans',
      'variation_sizes',
      'variation_types',
    ]);
    const [admin] = await handle.db.select().from(users);
    expect(admin).toMatchObject({ email: 'owner@roastery.example', role: 'ADMIN', isActive: true });
    expect(await verify(admin!.passwordHash, production.ADMIN_PASSWORD)).toBe(true);
    // The anniversary sale is a setting, off, with SPEC 9's window, and no code exists for it.
    const settings = await createSettingsRepository(handle.db).values();
    expect(settings.sale).toMatchObject({
      isActive: false,
      discountPercentage: 40,
      startDate: '2025-09-01',
      endDate: '2025-12-31',
    });
    expect(await handle.db.select().from(promotions).where(eq(promotions.code, ANNIVERSARY_CODE))).toEqual(
      [],
    );
  });

  it('changes nothing when it runs again, even after staff renamed a weight and the owner changed the admin’s e-mail', async () => {
    await seed(handle.db, production);
    await handle.db
      .update(variationSizes)
      .set({ displayName: '250 g bag' })
      .where(eq(variationSizes.displayName, '250g'));
    await handle.db.update(users).set({ email: 'owner@new-domain.example' });
    const before = await contents(handle.db);
    await seed(handle.db, production);
    await seed(handle.db, { ...production, SEED_DEMO: '0' });
    expect(await contents(handle.db)).toBe(before);
  });

  it('refuses a SEED_DEMO it cannot read instead of guessing', async () => {
    await expect(seed(handle.db, { ...production, SEED_DEMO: 'yes' })).rejects.toThrow(/SEED_DEMO must be 1/);
    expect((await counts(handle.db)).users).toBe(0);
  });
});

describe('the demo store (SEED_DEMO=1)', () => {
  const demo = {
    NODE_ENV: 'test',
    SEED_DEMO: '1',
    ADMIN_EMAIL: 'dev@qahwa.local',
    ADMIN_PASSWORD: 'dev-pass',
  };
  beforeEach(async () => emptyStore(handle.db));

  it('installs the catalogue, promotions, content and reviews, and a second run changes nothing', async () => {
    await seed(handle.db, demo);
    const first = await counts(handle.db);
    expect(first.products).toBeGreaterThanOrEqual(12);
    expect(first.product_variations).toBeGreaterThan(first.products!);
    expect(first.promotions).toBeGreaterThan(0);
    expect(first.reviews).toBeGreaterThan(0);
    const before = await contents(handle.db);
    await seed(handle.db, demo);
    expect(await contents(handle.db)).toBe(before);
  });

  it('never overwrites what staff edited: a product’s name, price and SKU, a variation, a promotion', async () => {
    await seed(handle.db, demo);
    const [product] = await handle.db.select().from(products).where(eq(products.slug, 'colombian-supremo'));
    await handle.db
      .update(products)
      .set({
        name: 'Colombia Huila',
        priceFils: 61_00,
        sku: 'OWN-COL-1',
        imageUrl: '/api/uploads/files/x.webp',
      })
      .where(eq(products.id, product!.id));
    const [variation] = await handle.db
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, product!.id))
      .limit(1);
    await handle.db
      .update(productVariations)
      .set({ priceFils: 77_00, discount: 0, sku: 'OWN-COL-1-250' })
      .where(eq(productVariations.id, variation!.id));
    // A variation staff deleted from a demo product stays deleted.
    const [gone] = await handle.db
      .delete(productVariations)
      .where(
        sql`${productVariations.productId} = ${product!.id} and ${productVariations.id} <> ${variation!.id}`,
      )
      .returning({ id: productVariations.id });
    expect(gone).toBeDefined();
    await handle.db
      .update(promotions)
      .set({ value: 15, isActive: false, name: 'Welcome 15' })
      .where(eq(promotions.code, 'WELCOME10'));
    const before = await contents(handle.db);

    await seed(handle.db, demo);

    expect(await contents(handle.db)).toBe(before);
    const [after] = await handle.db.select().from(products).where(eq(products.id, product!.id));
    expect(after).toMatchObject({ name: 'Colombia Huila', priceFils: 61_00, sku: 'OWN-COL-1' });
    const [welcome] = await handle.db.select().from(promotions).where(eq(promotions.code, 'WELCOME10'));
    expect(welcome).toMatchObject({ value: 15, isActive: false, name: 'Welcome 15' });
  });

  it('installs ANNIVERSARY_2025 unlisted and switched on, so the sale setting alone decides when it works', async () => {
    await seed(handle.db, demo);
    const [anniversary] = await handle.db
      .select()
      .from(promotions)
      .where(eq(promotions.code, ANNIVERSARY_CODE));
    expect(anniversary).toMatchObject({
      type: 'PERCENTAGE',
      value: 40,
      isActive: true,
      isPublic: false,
      maxUses: null,
    });
    // The other demo codes are on and listed, so a developer can try a coupon the day the store is installed.
    const [welcome] = await handle.db.select().from(promotions).where(eq(promotions.code, 'WELCOME10'));
    expect(welcome).toMatchObject({ isActive: true, isPublic: true });
  });
});
