import { hash } from '@node-rs/argon2';
import { and, eq, tables } from '@qahwa/db';
import type { Promotion } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

/*
 * SPEC 7 POST /api/promotions and PATCH /api/promotions/{id} against the real gateway: the form's
 * per-type fields (SPEC 5) are what is stored, the messages come in both languages, a taken code
 * is a 409, view-only staff are refused, each write is audited and the shopper's coupon box
 * sees the new promotion at once.
 */
let gw: Gateway;
let admin: string;
let viewer: string;
let products: string[];

async function signIn(email: string, password: string): Promise<string> {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const c = res.cookies.find((k) => k.name === 'qahwa_staff_session');
  if (!c) throw new Error(`sign-in failed: ${res.body}`);
  return `qahwa_staff_session=${c.value}`;
}

const send = (
  method: 'POST' | 'PATCH' | 'GET' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
  ar = false,
) =>
  gw.app.inject({
    method,
    url,
    headers: { cookie, ...(ar ? { 'accept-language': 'ar' } : {}) },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  gw = await startGateway();
  admin = await signIn('admin@qahwa.local', 'qahwa-admin-dev');
  await gw.db.insert(tables.users).values({
    email: 'promo-viewer@qahwa.local',
    name: 'Viewer',
    passwordHash: await hash('viewer-pass-1'),
    role: 'STAFF',
    permissions: [{ module: 'promotions', canView: true }],
  });
  viewer = await signIn('promo-viewer@qahwa.local', 'viewer-pass-1');
  products = (await gw.db.select({ id: tables.products.id }).from(tables.products).limit(3)).map((p) => p.id);
});
afterAll(async () => gw?.close());

const buyTwoGetOne = () => ({
  name: 'Buy 2 get 1',
  nameAr: 'اشترِ 2 واحصل على 1',
  description: 'Beans for the office',
  code: 'office3',
  type: 'BUY_X_GET_Y',
  value: '',
  startDate: '2026-01-01',
  endDate: '2030-12-31',
  isActive: true,
  productIds: [products[0]],
  minOrderAmount: '',
  maxUses: 50,
  buyQuantity: 2,
  getQuantity: 1,
  // Not BUNDLE, not UPSELL: SPEC 5 says these are not sent; a stale form value must not stick.
  bundleDiscount: 25,
  targetProductIds: [products[1]],
  relationshipType: 'RELATED',
});

describe('creating and editing promotions', () => {
  let created: Promotion;

  it('stores a BUY_X_GET_Y with its quantities only, the code upper-cased, the dates as whole Dubai days', async () => {
    const res = await send('POST', '/api/promotions', admin, buyTwoGetOne());
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(created).toMatchObject({
      name: 'Buy 2 get 1',
      code: 'OFFICE3',
      type: 'BUY_X_GET_Y',
      buyQuantity: 2,
      getQuantity: 1,
      bundleDiscount: null,
      targetProductIds: [],
      relationshipType: null,
      minOrderAmount: null,
      maxUses: 50,
      usedCount: 0,
      productIds: [products[0]],
      startDate: '2025-12-31T20:00:00.000Z',
      endDate: '2030-12-31T19:59:59.999Z',
    });
    const [audit] = await gw.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.entityId, created.id), eq(tables.auditLog.action, 'create')));
    expect(audit).toMatchObject({ module: 'promotions', userEmail: 'admin@qahwa.local' });
  });

  it('is a code the shopper can apply at once', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/promotions/validate',
      payload: {
        code: 'office3',
        orderAmount: 300,
        items: [{ productId: products[0], quantity: 3, price: 100 }],
      },
    });
    expect(res.json()).toMatchObject({ valid: true, promotionId: created.id, discountAmount: 100 });
  });

  it('switches type on PATCH and drops the fields the new type does not use', async () => {
    const res = await send('PATCH', `/api/promotions/${created.id}`, admin, {
      ...buyTwoGetOne(),
      type: 'PERCENTAGE',
      value: 15,
      minOrderAmount: 120.5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'PERCENTAGE',
      value: 15,
      minOrderAmount: 120.5,
      buyQuantity: null,
      getQuantity: null,
    });
    const one = await send('GET', `/api/promotions/${created.id}`, viewer);
    expect(one.json()).toMatchObject({ id: created.id, value: 15 });
  });

  it('refuses a missing name and a missing value with SPEC 5 words, in English and Arabic', async () => {
    const bad = { ...buyTwoGetOne(), name: '', type: 'PERCENTAGE', value: '', code: '' };
    const en = await send('POST', '/api/promotions', admin, bad);
    expect(en.statusCode).toBe(400);
    const messages = en.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Name, type, start date, and end date are required',
        'Discount value is required',
      ]),
    );
    const ar = await send('POST', '/api/promotions', admin, bad, true);
    const arMessages: string[] = ar.json().issues.map((i: { message: string }) => i.message);
    expect(arMessages.every((m) => /[\u0600-\u06FF]/.test(m))).toBe(true);
  });

  it('refuses a code another promotion has with 409, and an unknown promotion with 404', async () => {
    const res = await send('POST', '/api/promotions', admin, { ...buyTwoGetOne(), code: 'OFFICE3' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CODE_IN_USE',
      error: 'Another promotion already uses this code',
    });
    const missing = await send(
      'PATCH',
      '/api/promotions/00000000-0000-4000-8000-000000000000',
      admin,
      buyTwoGetOne(),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('stores no value a type does not use, and refuses a number that is not one (found by the fuzzer)', async () => {
    const upsell = await send('POST', '/api/promotions', admin, {
      ...buyTwoGetOne(),
      code: 'UPSELL1',
      type: 'UPSELL',
      value: -1.7976931348623157e308,
    });
    expect(upsell.statusCode).toBe(201);
    expect(upsell.json()).toMatchObject({ type: 'UPSELL', value: 0, targetProductIds: [products[1]] });
    const nan = await send('POST', '/api/promotions', admin, {
      ...buyTwoGetOne(),
      code: 'NAN1',
      type: 'FREE_SHIPPING',
      bundleDiscount: 'AAA',
    });
    expect(nan.statusCode).toBe(400);
    const huge = await send('POST', '/api/promotions', admin, {
      ...buyTwoGetOne(),
      code: 'HUGE1',
      minOrderAmount: 2.5e16,
    });
    expect(huge.statusCode).toBe(400);
  });

  it('lets view-only staff read but not write, and nobody signed out', async () => {
    const write = await send('POST', '/api/promotions', viewer, { ...buyTwoGetOne(), code: 'NOPE1' });
    expect(write.statusCode).toBe(403);
    const list = await send('GET', '/api/promotions', viewer);
    expect(list.statusCode).toBe(200);
    const anonymous = await gw.app.inject({
      method: 'POST',
      url: '/api/promotions',
      payload: buyTwoGetOne(),
    });
    expect(anonymous.statusCode).toBe(401);
    const [none] = await gw.db.select().from(tables.promotions).where(eq(tables.promotions.code, 'NOPE1'));
    expect(none).toBeUndefined();
  });
});

describe('removing a promotion: deleted when never used, archived otherwise', () => {
  const audits = (id: string) =>
    gw.db
      .select({ action: tables.auditLog.action, after: tables.auditLog.after })
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.module, 'promotions'), eq(tables.auditLog.entityId, id)));

  it('deletes one no checkout ever held, audited', async () => {
    const created = await send('POST', '/api/promotions', admin, { ...buyTwoGetOne(), code: 'NEVERUSED' });
    const id = (created.json() as Promotion).id;
    const res = await send('DELETE', `/api/promotions/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, outcome: 'deleted', uses: 0 });
    const [gone] = await gw.db.select().from(tables.promotions).where(eq(tables.promotions.id, id));
    expect(gone).toBeUndefined();
    expect((await audits(id)).map((a) => a.action)).toEqual(['create', 'delete']);
    const again = await send('DELETE', `/api/promotions/${id}`, admin, undefined, true);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatch(/[\u0600-\u06FF]/);
  });

  it('archives (switches off) one a checkout used, keeping it for that order, audited once', async () => {
    const created = await send('POST', '/api/promotions', admin, { ...buyTwoGetOne(), code: 'USEDONCE' });
    const id = (created.json() as Promotion).id;
    await gw.db
      .insert(tables.promotionRedemptions)
      .values({ promotionId: id, checkoutId: `cod-${id}`, status: 'used' });
    await gw.db.update(tables.promotions).set({ uses: 1 }).where(eq(tables.promotions.id, id));
    const res = await send('DELETE', `/api/promotions/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, outcome: 'archived', uses: 1 });
    const [kept] = await gw.db.select().from(tables.promotions).where(eq(tables.promotions.id, id));
    expect(kept).toMatchObject({ isActive: false, uses: 1 });
    // Asked again: still archived, nothing new to record.
    expect((await send('DELETE', `/api/promotions/${id}`, admin)).json()).toMatchObject({
      outcome: 'archived',
    });
    const rows = await audits(id);
    expect(rows.map((a) => a.action)).toEqual(['create', 'archive']);
    expect(rows[1]!.after).toMatchObject({ isActive: false });
  });

  it('is for staff who may edit promotions', async () => {
    const created = await send('POST', '/api/promotions', admin, { ...buyTwoGetOne(), code: 'NOTYOURS' });
    const id = (created.json() as Promotion).id;
    expect((await send('DELETE', `/api/promotions/${id}`, viewer)).statusCode).toBe(403);
    expect((await gw.app.inject({ method: 'DELETE', url: `/api/promotions/${id}` })).statusCode).toBe(401);
    const [still] = await gw.db.select().from(tables.promotions).where(eq(tables.promotions.id, id));
    expect(still).toBeDefined();
  });
});

describe('showing a code to shoppers (isPublic)', () => {
  const listed = async () =>
    ((await gw.app.inject({ method: 'GET', url: '/api/promotions?active=true' })).json() as Promotion[]).map(
      (p) => p.code,
    );

  it('a new code is private; staff list it, and unlisting it (or saving from a form without the field) hides it again', async () => {
    const body = { ...buyTwoGetOne(), code: 'team10', maxUses: '', type: 'PERCENTAGE', value: 10 };
    const created = await send('POST', '/api/promotions', admin, body);
    expect(created.statusCode).toBe(201);
    const promotion: Promotion = created.json();
    expect(promotion.isPublic).toBe(false);
    expect(await listed()).not.toContain('TEAM10');

    const shown = await send('PATCH', `/api/promotions/${promotion.id}`, admin, { ...body, isPublic: true });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().isPublic).toBe(true);
    expect(await listed()).toContain('TEAM10');
    // The change is in the audit log, before and after.
    const [audit] = await gw.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.entityId, promotion.id), eq(tables.auditLog.action, 'update')));
    expect(audit).toMatchObject({ before: { isPublic: false }, after: { isPublic: true } });

    const hidden = await send('PATCH', `/api/promotions/${promotion.id}`, admin, body);
    expect(hidden.json().isPublic).toBe(false);
    expect(await listed()).not.toContain('TEAM10');
  });

  it('an automatic promotion is never stored as a listed code', async () => {
    const res = await send('POST', '/api/promotions', admin, {
      ...buyTwoGetOne(),
      code: '',
      type: 'FREE_SHIPPING',
      maxUses: '',
      isPublic: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: null, isPublic: false });
  });
});
