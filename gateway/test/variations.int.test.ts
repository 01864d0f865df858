import { hash } from '@node-rs/argon2';
import { and, eq, sql, tables } from '@qahwa/db';
import type { Variation } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

/*
 * SPEC 7's variation calls against the real gateway and database (docs/admin-catalogue.md): two members of
 * staff editing the same row (the second is told, nothing is lost), SPEC 8's conflicts, SPEC 5's
 * messages in both languages, 401/403, the audit entry and the CatalogueChanged of every write.
 */
let gw: Gateway;
let admin: string;
let editor: string;
let viewer: string;
let outsider: string;
let productId: string;

async function signIn(email: string, password: string): Promise<string> {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const c = res.cookies.find((k) => k.name === 'qahwa_staff_session');
  if (!c) throw new Error(`sign-in failed for ${email}: ${res.body}`);
  return `qahwa_staff_session=${c.value}`;
}

async function staff(email: string, permissions: { module: string; canView: boolean; canEdit?: boolean }[]) {
  await gw.db.insert(tables.users).values({
    email,
    name: email.split('@')[0] as string,
    passwordHash: await hash('staff-pass-1'),
    role: 'STAFF',
    permissions,
  });
  return signIn(email, 'staff-pass-1');
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
  ar = false,
) =>
  gw.app.inject({
    method,
    url,
    headers: { cookie, ...(ar ? { 'accept-language': 'ar' } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function listOf(pid: string): Promise<Variation[]> {
  const res = await call('GET', `/api/variations/products?productId=${pid}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const body = (v: Variation) => ({
  sizeId: v.sizeId,
  typeId: v.typeId,
  beansId: v.beansId,
  price: v.price,
  discount: v.discount,
  discountType: v.discountType,
  sku: v.sku,
  stockQuantity: v.stockQuantity,
  isActive: v.isActive,
  imageUrl: v.imageUrl,
  version: v.version as number,
});

beforeAll(async () => {
  gw = await startGateway();
  admin = await signIn('admin@qahwa.local', 'qahwa-admin-dev');
  editor = await staff('editor@qahwa.local', [{ module: 'variation', canView: true, canEdit: true }]);
  viewer = await staff('viewer@qahwa.local', [{ module: 'variation', canView: true }]);
  outsider = await staff('orders-only@qahwa.local', [{ module: 'orders', canView: true, canEdit: true }]);
  const [p] = await gw.db
    .select({ id: tables.products.id })
    .from(tables.products)
    .innerJoin(tables.productVariations, eq(tables.productVariations.productId, tables.products.id))
    .limit(1);
  productId = p?.id as string;
});
afterAll(async () => gw?.close());

describe('two members of staff edit the same variation', () => {
  it('saves the first edit and tells the second its row changed; nothing of the first is lost', async () => {
    const [row] = await listOf(productId);
    if (!row) throw new Error('seed has no variation');
    // Both opened the row at the same version.
    const a = { ...body(row), price: 77.5 };
    const b = { ...body(row), stockQuantity: row.stockQuantity + 5 };

    const first = await call('PUT', `/api/variations/products/${row.id}`, admin, a);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: row.id, price: 77.5, version: (row.version as number) + 1 });

    const second = await call('PUT', `/api/variations/products/${row.id}`, editor, b);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      success: false,
      error:
        'Someone else changed this variation since you opened it. Your changes were not saved: the table now shows the latest values, edit it again.',
      code: 'VARIATION_CHANGED',
      requestId: second.headers['x-request-id'],
    });
    const secondAr = await call('PUT', `/api/variations/products/${row.id}`, editor, b, true);
    expect(secondAr.json().error).toBe(
      'عدّل شخص آخر هذا المتغيّر منذ فتحته. لم تُحفظ تغييراتك: يعرض الجدول الآن أحدث القيم، عدّله من جديد.',
    );

    // The first edit stands and the second changed nothing.
    const now = (await listOf(productId)).find((v) => v.id === row.id);
    expect(now).toMatchObject({
      price: 77.5,
      stockQuantity: row.stockQuantity,
      version: (row.version as number) + 1,
    });

    // Reloaded, the second editor's save goes through on the new version.
    const retried = await call('PUT', `/api/variations/products/${row.id}`, editor, {
      ...b,
      price: 77.5,
      version: now?.version,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ price: 77.5, stockQuantity: row.stockQuantity + 5 });
  });

  it('lets only one of two simultaneous saves of the same version through', async () => {
    const [row] = await listOf(productId);
    if (!row) throw new Error('no row');
    const answers = await Promise.all([
      call('PUT', `/api/variations/products/${row.id}`, admin, { ...body(row), price: 81 }),
      call('PUT', `/api/variations/products/${row.id}`, editor, { ...body(row), price: 82 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)?.json();
    const now = (await listOf(productId)).find((v) => v.id === row.id);
    expect(now?.price).toBe(winner.price);
  });

  it('records each saved edit in the audit log with who, the module and the row before and after', async () => {
    const entries = await gw.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.entityType, 'variation'), eq(tables.auditLog.action, 'update')));
    // First test: admin's save and the editor's retry; second: one winner. Refusals leave nothing.
    expect(entries).toHaveLength(3);
    const first = entries.find(
      (e) => e.userEmail === 'admin@qahwa.local' && (e.after as Variation).price === 77.5,
    );
    expect(first).toMatchObject({ module: 'variation' });
    expect((first?.before as Variation | undefined)?.price).not.toBe(77.5);
  });
});

describe('add, edit and remove', () => {
  let sizes: { id: string; displayName: string; isActive: boolean }[];
  let created: Variation;

  it('lists the lookups, and adds a variation with a generated SKU, announcing the change', async () => {
    const res = await call('GET', '/api/variations/sizes', viewer);
    expect(res.statusCode).toBe(200);
    sizes = res.json();
    expect(sizes.length).toBeGreaterThan(0);
    const types = (await call('GET', '/api/variations/types', viewer)).json();
    expect(types[0].name).toBe('Normal');
    const existing = await listOf(productId);
    // A size this product does not have yet, with no type or beans.
    const free = sizes.find((s) => !existing.some((v) => v.sizeId === s.id && !v.typeId && !v.beansId));
    const before = await gw.db.select({ n: sql<number>`count(*)::int` }).from(tables.outbox);
    const add = await call('POST', '/api/variations/products', editor, {
      productId,
      sizeId: free?.id,
      price: 42.5,
      discount: 0.1,
      stockQuantity: 7,
    });
    expect(add.statusCode).toBe(201);
    created = add.json();
    expect(created).toMatchObject({
      productId,
      price: 42.5,
      discount: 0.1,
      stockQuantity: 7,
      version: 1,
      isActive: true,
    });
    expect(created.sku).toMatch(/^[A-Z0-9-]+$/);
    const after = await gw.db.select({ n: sql<number>`count(*)::int` }).from(tables.outbox);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
    const [event] = await gw.db
      .select()
      .from(tables.outbox)
      .where(eq(tables.outbox.type, 'CatalogueChanged'))
      .orderBy(sql`${tables.outbox.createdAt} desc`)
      .limit(1);
    expect(JSON.stringify(event)).toContain(productId);
  });

  it('refuses the same combination again with SPEC 8\'s "already exists", and a taken SKU with "Unique constraint"', async () => {
    const again = await call('POST', '/api/variations/products', editor, {
      productId,
      sizeId: created.sizeId,
      price: 10,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VARIATION_EXISTS' });
    expect(again.json().error).toContain('already exists');

    const [other] = (await listOf(productId)).filter((v) => v.id !== created.id && v.sku);
    const taken = await call('PUT', `/api/variations/products/${created.id}`, editor, {
      ...body(created),
      sku: other?.sku,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SKU_IN_USE' });
    expect(taken.json().error).toContain('Unique constraint');
    const takenAr = await call(
      'PUT',
      `/api/variations/products/${created.id}`,
      editor,
      { ...body(created), sku: other?.sku },
      true,
    );
    expect(takenAr.json().error).toBe('رمز SKU هذا مستخدم في متغيّر آخر');
    // Nothing changed: the version is still 1.
    expect((await listOf(productId)).find((v) => v.id === created.id)?.version).toBe(1);
  });

  it('gives each of two new products without a SKU its own generated SKU for the same size', async () => {
    const [category] = await gw.db.select({ id: tables.categories.id }).from(tables.categories).limit(1);
    const size = sizes.find((s) => s.isActive) ?? sizes[0]!;
    const skus: string[] = [];
    for (const slug of ['sku-less-blend', 'sku-less-roast']) {
      const [product] = await gw.db
        .insert(tables.products)
        .values({ slug, name: slug, nameAr: slug, categoryId: category!.id, priceFils: 5000 })
        .returning({ id: tables.products.id });
      const add = await call('POST', '/api/variations/products', editor, {
        productId: product!.id,
        sizeId: size.id,
        price: 50,
      });
      // Both are new products: neither may be told its combination or SKU is taken.
      expect(add.statusCode, add.body).toBe(201);
      skus.push(add.json().sku);
    }
    expect(skus[0]).toMatch(/^SKU-LESS-BLEND-/);
    expect(new Set(skus).size).toBe(2);
  });

  it('answers SPEC 5 messages for a bad price or stock, in English and Arabic', async () => {
    const bad = { productId, sizeId: created.sizeId, price: 0, stockQuantity: -1 };
    const en = await call('POST', '/api/variations/products', editor, bad);
    expect(en.statusCode).toBe(400);
    const messages = en.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Valid price is required', 'Stock must be a whole number of 0 or more']),
    );
    const ar = await call('POST', '/api/variations/products', editor, bad, true);
    expect(ar.json().issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['يرجى إدخال سعر صالح', 'يجب أن يكون المخزون عددًا صحيحًا يساوي 0 أو أكثر']),
    );
    const noVersion = await call('PUT', `/api/variations/products/${created.id}`, editor, {
      ...body(created),
      version: undefined,
    });
    expect(noVersion.statusCode).toBe(400);
  });

  it('changes stock through the stock module (a stock CatalogueChanged) and removes a variation never ordered', async () => {
    const res = await call('PUT', `/api/variations/products/${created.id}`, editor, {
      ...body(created),
      stockQuantity: 3,
    });
    expect(res.statusCode).toBe(200);
    const [event] = await gw.db
      .select()
      .from(tables.outbox)
      .where(eq(tables.outbox.type, 'CatalogueChanged'))
      .orderBy(sql`${tables.outbox.createdAt} desc`)
      .limit(1);
    expect(JSON.stringify(event)).toContain('"reason":"stock"');
    const del = await call('DELETE', `/api/variations/products/${created.id}`, editor);
    expect(del.json()).toEqual({ success: true });
    expect((await listOf(productId)).some((v) => v.id === created.id)).toBe(false);
    const gone = await call('DELETE', `/api/variations/products/${created.id}`, editor);
    expect(gone.statusCode).toBe(404);
    const audit = await gw.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.entityId, created.id), eq(tables.auditLog.action, 'delete')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.userEmail).toBe('editor@qahwa.local');
  });
});

describe('who may call', () => {
  it('answers 401 signed out, 403 without the variation module or without edit', async () => {
    const out = await gw.app.inject({
      method: 'GET',
      url: `/api/variations/products?productId=${productId}`,
    });
    expect(out.statusCode).toBe(401);
    const noModule = await call('GET', '/api/variations/sizes', outsider);
    expect(noModule.statusCode).toBe(403);
    expect(noModule.json().error).toBe('You do not have access to this page.');
    const [row] = await listOf(productId);
    const viewOnly = await call(
      'PUT',
      `/api/variations/products/${row?.id}`,
      viewer,
      body(row as Variation),
      true,
    );
    expect(viewOnly.statusCode).toBe(403);
    const removeViewOnly = await call('DELETE', `/api/variations/products/${row?.id}`, viewer);
    expect(removeViewOnly.statusCode).toBe(403);
    expect((await listOf(productId)).some((v) => v.id === row?.id)).toBe(true);
  });
});
