import { randomUUID } from 'node:crypto';
import { createAuditRepository, createCatalogueRepository, tables } from '@qahwa/db';
import {
  type AdminProduct,
  type AdminProductList,
  generateVariationSku,
  type ProductWriteRequest,
} from '@qahwa/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * Products and categories in the back office (docs/admin.md), over the real gateway and database.
 */
let gw: Gateway;
let editor: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let categoryId: string;

beforeAll(async () => {
  gw = await startGateway();
  const perms = [
    { module: 'products' as const, canView: true, canEdit: true },
    { module: 'categories' as const, canView: true, canEdit: true },
  ];
  editor = await staffCookie(gw, { name: 'Huda', permissions: perms });
  other = await staffCookie(gw, { name: 'Omar', permissions: perms });
  const [category] = await gw.db.select({ id: tables.categories.id }).from(tables.categories).limit(1);
  categoryId = category!.id;
});
afterAll(async () => gw?.close());

const call = (
  who: { cookie: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  locale = 'en',
) =>
  gw.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'x-locale': locale },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

function draft(over: Partial<ProductWriteRequest> = {}): ProductWriteRequest {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Kenya Nyeri ${tag}`,
    nameAr: `كينيا نييري ${tag}`,
    description: 'Blackcurrant and grapefruit',
    descriptionAr: 'كشمش أسود وجريب فروت',
    slug: `kenya-nyeri-${tag}`,
    categoryId,
    sku: null,
    price: 62.5,
    discountType: 'PERCENTAGE',
    discount: 0.1,
    images: [`/api/uploads/files/${'b'.repeat(64)}.png`],
    featured: true,
    isActive: true,
    ...over,
  };
}

describe('products in the back office', () => {
  it('creates a bilingual product, lists it with search and category filter, audits it and tells the catalogue', async () => {
    const input = draft();
    const res = await call(editor, 'POST', '/api/admin/products', input);
    expect(res.statusCode).toBe(201);
    const created: AdminProduct = res.json();
    expect(created).toMatchObject({
      name: input.name,
      nameAr: input.nameAr,
      slug: input.slug,
      price: 62.5,
      discount: 0.1,
      imageUrl: input.images?.[0],
      featured: true,
      version: 1,
      ordered: false,
    });
    // Stored in fils, from the server's own arithmetic.
    const [row] = await gw.db.select().from(tables.products).where(eq(tables.products.id, created.id));
    expect(row?.priceFils).toBe(6250);

    // Search finds it by its Arabic name; the category filter keeps it; another category does not.
    const byArabic: AdminProductList = (
      await call(
        editor,
        'GET',
        `/api/admin/products?q=${encodeURIComponent(input.nameAr.split(' ').at(-1)!)}`,
      )
    ).json();
    expect(byArabic.products.map((p) => p.id)).toEqual([created.id]);
    expect(byArabic.products[0]).toMatchObject({ stock: 0, sales: 0, variationCount: 0 });
    const inCategory: AdminProductList = (
      await call(editor, 'GET', `/api/admin/products?categoryId=${categoryId}&q=${input.slug}`)
    ).json();
    expect(inCategory.total).toBe(1);
    const elsewhere: AdminProductList = (
      await call(editor, 'GET', `/api/admin/products?categoryId=${randomUUID()}&q=${input.slug}`)
    ).json();
    expect(elsewhere.total).toBe(0);

    const [entry] = await createAuditRepository(gw.db).list({ entityId: created.id });
    expect(entry).toMatchObject({
      userId: editor.userId,
      module: 'products',
      action: 'create',
      before: null,
    });

    const events = await gw.db
      .select({ payload: tables.outbox.payload })
      .from(tables.outbox)
      .where(
        and(
          eq(tables.outbox.type, 'CatalogueChanged'),
          sql`${tables.outbox.payload}::text like ${`%${created.id}%`}`,
        ),
      );
    expect(events).toHaveLength(1);
  });

  it('refuses the second of two editors saving the same version, and loses nothing', async () => {
    const created: AdminProduct = (await call(editor, 'POST', '/api/admin/products', draft())).json();
    // Both opened the form at version 1.
    const first = await call(editor, 'PUT', `/api/admin/products/${created.id}`, {
      ...draft({ slug: created.slug, name: 'Huda’s name' }),
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);
    const second = await call(
      other,
      'PUT',
      `/api/admin/products/${created.id}`,
      { ...draft({ slug: created.slug, name: 'Omar’s name' }), version: 1 },
      'ar',
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'PRODUCT_CHANGED',
      error: 'عدّل شخص آخر هذا المنتج أثناء تحريرك. أعد التحميل لرؤية تعديلاته ثم عدّل مجددًا.',
    });
    const now: AdminProduct = (await call(other, 'GET', `/api/admin/products/${created.id}`)).json();
    expect(now).toMatchObject({ name: 'Huda’s name', version: 2 });
  });

  it('answers bad input with the field’s message in the member of staff’s language', async () => {
    const res = await call(
      editor,
      'POST',
      '/api/admin/products',
      draft({ nameAr: ' ', discount: 1.5 }),
      'ar',
    );
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('الاسم بالعربية مطلوب');
    // Text PostgreSQL cannot store (NUL) is dropped, not a server error (the fuzzer's lesson).
    const nul = await call(
      editor,
      'POST',
      '/api/admin/products',
      draft({ name: 'Nul\u0000 Blend', nameAr: 'خلطة \ud800' }),
    );
    expect(nul.statusCode).toBe(201);
    expect(nul.json()).toMatchObject({ name: 'Nul Blend', nameAr: 'خلطة \ufffd' });
    const taken = draft();
    await call(editor, 'POST', '/api/admin/products', taken);
    const again = await call(editor, 'POST', '/api/admin/products', { ...draft(), slug: taken.slug });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SLUG_TAKEN',
      error: 'Another product already uses this slug',
    });
  });

  it('deletes a product never ordered, and archives one that was (off the storefront, kept for its orders)', async () => {
    const fresh: AdminProduct = (await call(editor, 'POST', '/api/admin/products', draft())).json();
    const gone = await call(editor, 'DELETE', `/api/admin/products/${fresh.id}`);
    expect(gone.json()).toEqual({ result: 'deleted', product: null });
    expect((await call(editor, 'GET', `/api/admin/products/${fresh.id}`)).statusCode).toBe(404);

    // A seeded product with one order line.
    const [variation] = await gw.db.select().from(tables.productVariations).limit(1);
    const productId = variation!.productId;
    const [customer] = await gw.db
      .insert(tables.customers)
      .values({ email: `c-${randomUUID()}@example.com`, fullName: 'Layla', phone: '+971501234567' })
      .returning();
    const orderId = `QH-T${Date.now()}`;
    await gw.db.insert(tables.orders).values({
      id: orderId,
      checkoutId: `cod-${randomUUID()}`,
      customerId: customer!.id,
      paymentProvider: 'COD',
      subtotalFils: 5000,
      shippingFils: 0,
      totalFils: 5000,
      customerName: 'Layla',
      customerEmail: customer!.email,
      customerPhone: '+971501234567',
      emirate: 'dubai',
      city: 'Dubai',
      address: 'Villa 12, Al Wasl Road',
    } as typeof tables.orders.$inferInsert);
    await gw.db.insert(tables.orderItems).values({
      orderId,
      productId,
      variationId: variation!.id,
      name: 'x',
      nameAr: 'x',
      variation: { weight: null, beans: null, additions: null },
      unitFils: 5000,
      quantity: 2,
      lineFils: 10000,
    });
    const listed: AdminProductList = (await call(editor, 'GET', `/api/admin/products?status=all&q=`)).json();
    expect(listed.products.find((p) => p.id === productId)?.sales ?? 2).toBeGreaterThanOrEqual(2);

    const archived = await call(editor, 'DELETE', `/api/admin/products/${productId}`);
    expect(archived.json()).toMatchObject({
      result: 'archived',
      product: { isActive: false, ordered: true },
    });
    const [row] = await gw.db.select().from(tables.products).where(eq(tables.products.id, productId));
    expect(row?.archivedAt).not.toBeNull();
    // Off the storefront: the catalogue the gateway serves from is built from active products only
    // (the in-memory copy follows CatalogueChanged over NATS; the e2e test watches that path).
    expect(await createCatalogueRepository(gw.db).activeProductId(row!.slug)).toBeNull();
    // Listed under archived, not active; restoring brings it back (inactive until switched on).
    const active: AdminProductList = (await call(editor, 'GET', `/api/admin/products?q=${row!.slug}`)).json();
    expect(active.total).toBe(0);
    const restored = await call(editor, 'POST', `/api/admin/products/${productId}/restore`);
    expect(restored.json()).toMatchObject({ archivedAt: null, isActive: false });
  });
});

describe('a new product with its variations, made in one call', () => {
  let maker: { cookie: string; userId: string };
  let sizes: { id: string; displayName: string }[];
  beforeAll(async () => {
    maker = await staffCookie(gw, {
      name: 'Salma',
      permissions: [
        { module: 'products', canView: true, canEdit: true },
        { module: 'variation', canView: true, canEdit: true },
      ],
    });
    sizes = await gw.db
      .select({ id: tables.variationSizes.id, displayName: tables.variationSizes.displayName })
      .from(tables.variationSizes)
      .where(eq(tables.variationSizes.isActive, true))
      .orderBy(tables.variationSizes.sortOrder);
  });
  const row = (sizeId: string, over: Record<string, unknown> = {}) => ({
    sizeId,
    price: 42.5,
    discount: 0,
    discountType: 'PERCENTAGE',
    sku: null,
    stockQuantity: 7,
    isActive: true,
    ...over,
  });
  // What a refused create could have left behind: the product, variations, events, audit entries.
  const count = async (
    table: typeof tables.outbox | typeof tables.auditLog | typeof tables.productVariations,
  ) => (await gw.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
  const madeWith = async (slug: string) => ({
    products: await gw.db.select().from(tables.products).where(eq(tables.products.slug, slug)),
    events: await count(tables.outbox),
    audit: await count(tables.auditLog),
    variations: await count(tables.productVariations),
  });

  it('creates the product and every variation together, SKUs generated from the slug', async () => {
    const input = draft();
    const res = await call(maker, 'POST', '/api/admin/products', {
      ...input,
      variations: [row(sizes[0]!.id), row(sizes[1]!.id, { sku: `OWN-${input.slug}`, price: 80 })],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.variations).toHaveLength(2);
    // One CatalogueChanged for the product and its variations.
    const events = await gw.db
      .select({ id: tables.outbox.id })
      .from(tables.outbox)
      .where(
        and(
          eq(tables.outbox.type, 'CatalogueChanged'),
          sql`${tables.outbox.payload}::text like ${`%${created.id}%`}`,
        ),
      );
    expect(events).toHaveLength(1);
    const listed = (await call(maker, 'GET', `/api/variations/products?productId=${created.id}`)).json();
    expect(listed.map((v: { sku: string }) => v.sku).sort()).toEqual(
      [
        generateVariationSku({ sku: null, slug: input.slug, id: created.id }, [sizes[0]!.displayName]),
        `OWN-${input.slug}`,
      ].sort(),
    );
    expect(
      listed.every((v: { productId: string; stockQuantity: number }) => v.productId === created.id),
    ).toBe(true);
    // Audited: the product and each variation, under the one request.
    const audit = createAuditRepository(gw.db);
    expect(await audit.list({ entityId: created.id })).toHaveLength(1);
    for (const v of listed) {
      expect(await audit.list({ module: 'variation', entityId: v.id })).toMatchObject([
        { action: 'create', userId: maker.userId },
      ]);
    }
  });

  it('creates nothing when a row is refused, and names the row in the staff member’s language', async () => {
    const input = draft();
    const before = await madeWith(input.slug);
    expect(before.products).toEqual([]);
    const same = await call(
      maker,
      'POST',
      '/api/admin/products',
      { ...input, variations: [row(sizes[0]!.id), row(sizes[1]!.id), row(sizes[1]!.id, { price: 50 })] },
      'ar',
    );
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'VARIATION_EXISTS',
      error:
        'المتغيّر 3: يوجد متغيّر بهذه التركيبة بالفعل أو أن رمز SKU مستخدم مسبقًا. لم يُحفظ شيء: صحّح هذا الصف ثم احفظ مجددًا.',
      issues: [
        { path: '/variations/2', message: 'يوجد متغيّر بهذه التركيبة بالفعل أو أن رمز SKU مستخدم مسبقًا' },
      ],
    });
    expect(await madeWith(input.slug)).toEqual(before);

    // A SKU another product's variation has: refused at its row, nothing made.
    const [taken] = await gw.db
      .select({ sku: tables.productVariations.sku })
      .from(tables.productVariations)
      .where(sql`${tables.productVariations.sku} is not null`)
      .limit(1);
    const sku = await call(maker, 'POST', '/api/admin/products', {
      ...input,
      variations: [row(sizes[0]!.id, { sku: taken!.sku })],
    });
    expect(sku.statusCode).toBe(409);
    expect(sku.json()).toMatchObject({ code: 'VARIATION_EXISTS', issues: [{ path: '/variations/0' }] });
    expect(sku.json().error).toMatch(/^Variation 1: A variation with this combination already exists/);
    // A size that does not exist.
    const unknown = await call(maker, 'POST', '/api/admin/products', {
      ...input,
      variations: [row(sizes[0]!.id), row(randomUUID())],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'SIZE_NOT_FOUND', issues: [{ path: '/variations/1' }] });
    expect(await madeWith(input.slug)).toEqual(before);

    // The same form, corrected, goes through.
    const fixed = await call(maker, 'POST', '/api/admin/products', {
      ...input,
      variations: [row(sizes[0]!.id), row(sizes[1]!.id)],
    });
    expect(fixed.statusCode).toBe(201);
  });

  it('needs the variation module to send variations; a product alone needs products only', async () => {
    const refused = await call(editor, 'POST', '/api/admin/products', {
      ...draft(),
      variations: [row(sizes[0]!.id)],
    });
    expect(refused.statusCode).toBe(403);
    const alone = await call(editor, 'POST', '/api/admin/products', { ...draft(), variations: [] });
    expect(alone.statusCode).toBe(201);
    expect(alone.json().variations).toEqual([]);
  });
});

describe('categories in the back office', () => {
  it('creates, renames and refuses to delete a category that still has products', async () => {
    const tag = randomUUID().slice(0, 6);
    const res = await call(editor, 'POST', '/api/admin/categories', {
      name: `Decaf ${tag}`,
      nameAr: `منزوع الكافيين ${tag}`,
      slug: `decaf-${tag}`,
      imageUrl: null,
      sortOrder: 9,
    });
    expect(res.statusCode).toBe(201);
    const category = res.json();
    const renamed = await call(editor, 'PUT', `/api/admin/categories/${category.id}`, {
      name: `Decaffeinated ${tag}`,
      nameAr: `منزوع الكافيين ${tag}`,
      slug: `decaf-${tag}`,
      imageUrl: null,
      sortOrder: 2,
    });
    expect(renamed.json()).toMatchObject({ name: `Decaffeinated ${tag}`, sortOrder: 2, productCount: 0 });
    await call(editor, 'POST', '/api/admin/products', draft({ categoryId: category.id }));
    const refused = await call(editor, 'DELETE', `/api/admin/categories/${category.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CATEGORY_IN_USE',
      error: 'This category still has 1 products. Move them to another category first.',
    });
    const listed = (await call(editor, 'GET', '/api/admin/categories')).json();
    expect(listed.find((c: { id: string }) => c.id === category.id)).toMatchObject({ productCount: 1 });
  });
});
