import { hash } from '@node-rs/argon2';
import { and, eq, sql, tables } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Gateway, startGateway } from './harness';

/*
 * "Notify me when it's back" (docs/back-in-stock.md) on the real gateway and PostgreSQL: a request
 * for a sold-out variation is kept once per address, in the shopper's language; a bad address is
 * refused in English and Arabic; and the variations editor's count.
 */
let gw: Gateway;
let soldOut: { id: string; productId: string };
let inStock: { id: string; productId: string };

async function signIn(email: string, password: string): Promise<string> {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const c = res.cookies.find((k) => k.name === 'qahwa_staff_session');
  if (!c) throw new Error(`sign-in failed for ${email}: ${res.body}`);
  return `qahwa_staff_session=${c.value}`;
}

const ask = (payload: unknown, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'POST', url: '/api/back-in-stock', headers, payload: payload as object });

const waiting = () =>
  gw.db
    .select()
    .from(tables.backInStockRequests)
    .where(
      and(
        eq(tables.backInStockRequests.variationId, soldOut.id),
        eq(tables.backInStockRequests.status, 'waiting'),
      ),
    );

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  gw = await startGateway({
    // Several requests from one test address; the limit itself is the shared forms' limit.
    config: { rateLimits: { ...base.rateLimits, messages: { max: 10_000, timeWindow: 60_000 } } },
  });
  const variations = await gw.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .where(sql`${tables.productVariations.stockQuantity} > 0 and ${tables.productVariations.isActive}`)
    .limit(2);
  soldOut = variations[0]!;
  inStock = variations[1]!;
  await gw.db
    .update(tables.productVariations)
    .set({ stockQuantity: 0 })
    .where(eq(tables.productVariations.id, soldOut.id));
}, 120_000);
afterAll(async () => gw?.close());

describe('a back-in-stock request', () => {
  it('keeps one waiting request per address and variation, in the language the shopper asked in', async () => {
    const first = await ask(
      { variationId: soldOut.id, email: 'Mariam.Alali@Example.ae' },
      { 'accept-language': 'ar' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ success: true, message: 'تم: سنراسلك مرة واحدة عند توفره من جديد.' });

    // The same address again (another case, another language): the same answer, still one request.
    const again = await ask({ variationId: soldOut.id, email: 'mariam.alali@example.ae', locale: 'en' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      message: "Done: we will e-mail you once when it's back in stock.",
    });
    const rows = await waiting();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'mariam.alali@example.ae',
      locale: 'ar',
      productId: soldOut.productId,
      requestId: expect.any(String),
    });

    // Another address waits on its own; its language is the one it chose.
    const other = await ask({ variationId: soldOut.id, email: 'sam@example.com', locale: 'en' });
    expect(other.statusCode).toBe(200);
    expect((await waiting()).map((r) => [r.email, r.locale]).sort()).toEqual([
      ['mariam.alali@example.ae', 'ar'],
      ['sam@example.com', 'en'],
    ]);
  });

  it('refuses an address that is not one, in English and in Arabic, and keeps nothing', async () => {
    const before = (await waiting()).length;
    const en = await ask({ variationId: soldOut.id, email: 'not-an-address' }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path: '/email', message: 'Please enter a valid email address' }],
    });
    const ar = await ask({ variationId: soldOut.id, email: 'mariam@' }, { 'x-locale': 'ar' });
    expect(ar.statusCode).toBe(400);
    expect(ar.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: '/email', message: 'يرجى إدخال عنوان بريد إلكتروني صالح' }],
    });
    expect((await waiting()).length).toBe(before);
  });

  it('says so when the option is on sale, or no longer sold, in the shopper’s language', async () => {
    const onSale = await ask({ variationId: inStock.id, email: 'sam@example.com' }, { 'x-locale': 'ar' });
    expect(onSale.statusCode).toBe(409);
    expect(onSale.json()).toMatchObject({
      code: 'IN_STOCK',
      error: 'خبر سار: هذا الخيار متوفر الآن، يمكنك إضافته إلى السلة.',
    });
    const gone = await ask({ variationId: '00000000-0000-4000-8000-000000000000', email: 'sam@example.com' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      code: 'VARIATION_NOT_FOUND',
      error: 'This option is no longer sold.',
    });
    const rows = await gw.db
      .select()
      .from(tables.backInStockRequests)
      .where(eq(tables.backInStockRequests.variationId, inStock.id));
    expect(rows).toEqual([]);
  });
});

describe('the waiting count of the variations editor', () => {
  it('counts the shoppers waiting per variation, for staff who may see variations only', async () => {
    const admin = await signIn('admin@qahwa.local', 'qahwa-admin-dev');
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/back-in-stock?productId=${soldOut.productId}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counts: [{ variationId: soldOut.id, waiting: 2 }] });

    // A request closed by its mail no longer counts.
    const [first] = await waiting();
    await gw.db
      .update(tables.backInStockRequests)
      .set({ status: 'notified' })
      .where(eq(tables.backInStockRequests.id, first!.id));
    const after = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/back-in-stock?productId=${soldOut.productId}`,
      headers: { cookie: admin },
    });
    expect(after.json()).toEqual({ counts: [{ variationId: soldOut.id, waiting: 1 }] });

    await gw.db.insert(tables.users).values({
      email: 'orders-only@qahwa.local',
      name: 'orders only',
      passwordHash: await hash('staff-pass-1'),
      role: 'STAFF',
      permissions: [{ module: 'orders', canView: true, canEdit: true }],
    });
    const outsider = await signIn('orders-only@qahwa.local', 'staff-pass-1');
    const refused = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/back-in-stock?productId=${soldOut.productId}`,
      headers: { cookie: outsider },
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/back-in-stock?productId=${soldOut.productId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
