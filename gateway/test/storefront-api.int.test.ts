import { createCatalogueRepository, eq, sql, tables } from '@qahwa/db';
import type { AdminReview, CategorySummary, Product, ProductReviews, SiteTexts, Slider } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueSnapshot } from '../src/catalogue/snapshot';
import { type Gateway, startGateway } from './harness';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function staffCookie(): Promise<string> {
  const res = await post('/api/auth/login', { email: 'admin@qahwa.local', password: 'qahwa-admin-dev' });
  const c = res.cookies.find((k) => k.name === 'qahwa_staff_session');
  return `qahwa_staff_session=${c?.value}`;
}

const outboxOf = async (type: string) =>
  gw.db.select().from(tables.outbox).where(eq(tables.outbox.type, type));

describe('storefront content', () => {
  it('serves the seeded offer banner: active, ending about three days from now, in both languages', async () => {
    const res = await get('/api/content/fomo-offers');
    expect(res.statusCode).toBe(200);
    const offer = res.json();
    expect(offer.isActive).toBe(true);
    const left = Date.parse(offer.endTime) - Date.now();
    expect(left).toBeGreaterThan(2.9 * 86_400_000);
    expect(left).toBeLessThan(3.1 * 86_400_000);
    expect(offer.message).toMatch(/off/);
    expect(offer.messageAr).toMatch(/خصم/);
  });

  it('serves three bilingual campaigns in order and the about, hours and support texts', async () => {
    const sliders: Slider[] = (await get('/api/content/sliders')).json();
    expect(sliders.map((s) => s.sortOrder)).toEqual([1, 2, 3]);
    for (const s of sliders) {
      expect(s.titleAr).toMatch(/[\u0600-\u06FF]/);
      expect(s.link).toMatch(/^\/shop\//);
    }
    const texts: SiteTexts = (await get('/api/content/texts')).json();
    expect(Object.keys(texts).sort()).toEqual(['about', 'storeHours', 'supportLine']);
    expect(texts.storeHours?.ar).toMatch(/السبت/);
  });

  it('lists the six categories with their product counts', async () => {
    const list: CategorySummary[] = (await get('/api/categories')).json();
    expect(list.map((c) => c.slug)).toEqual([
      'coffee-beans',
      'ground-coffee',
      'capsules',
      'nuts-dried-fruits',
      'accessories',
      'gift-sets',
    ]);
    const products: Product[] = (await get('/api/products')).json();
    for (const c of list)
      expect(c.productCount, c.slug).toBe(products.filter((p) => p.category.slug === c.slug).length);
  });
});

describe('catalogue search and sort', () => {
  const names = async (query: string) =>
    ((await get(`/api/products?${query}`)).json() as Product[]).map((p) => p.slug);

  it('finds a product by its Arabic name typed without hamza, with diacritics or with tatweel', async () => {
    const all: Product[] = (await get('/api/products')).json();
    const ethiopian = all.find((p) => p.slug === 'ethiopian-yirgacheffe')!;
    expect(ethiopian.nameAr).toMatch(/إثيوبي|اثيوبي/);
    for (const term of ['اثيوبي', 'إِثْيُوبِي', 'اثيـــوبي', 'ETHIOPIAN'])
      expect(await names(`search=${encodeURIComponent(term)}`), term).toContain('ethiopian-yirgacheffe');
    expect(await names(`search=${encodeURIComponent('zzz-no-such')}`)).toEqual([]);
  });

  it('sorts by price both ways, filters by category slug and pages with offset', async () => {
    // By the price a card shows: the cheapest variation at what it costs now (its own discount).
    const shown = (p: Product) => Math.min(...p.variations.map((v) => v.shownPriceFils!));
    const byPrice = (await get('/api/products?sort=price-asc')).json() as Product[];
    const prices = byPrice.map(shown);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await get('/api/products?sort=price-desc')).json() as Product[];
    expect(shown(desc[0]!)).toBe(Math.max(...prices));
    const capsules = await names('category=capsules');
    expect(capsules.length).toBeGreaterThan(0);
    const page1 = await names('sort=price-asc&limit=3');
    const page2 = await names('sort=price-asc&limit=3&offset=3');
    expect(page1.concat(page2)).toEqual(byPrice.slice(0, 6).map((p) => p.slug));
  });

  it('sorts by views for popular (the projection read with the catalogue) and by creation for newest', async () => {
    const all = await createCatalogueRepository(gw.db).allActive();
    const viewed = all.at(-1)!;
    const added = all.at(-2)!;
    await gw.db.insert(tables.productViewCounts).values({ productId: viewed.id, views: 10_000 });
    await gw.db
      .update(tables.products)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(tables.products.id, added.id));
    const snapshot = new CatalogueSnapshot(await createCatalogueRepository(gw.db).allActive(), new Date());
    const popular: Product[] = JSON.parse(snapshot.list({ sort: 'popular' }).bytes.toString());
    expect(popular[0]).toMatchObject({ id: viewed.id, views: 10_000 });
    const newest: Product[] = JSON.parse(snapshot.list({ sort: 'newest' }).bytes.toString());
    expect(newest[0]!.id).toBe(added.id);
  });
});

describe('reviews', () => {
  it('lists approved seeded reviews with their average and count, never e-mails', async () => {
    const res = await get('/api/products/ethiopian-yirgacheffe/reviews');
    expect(res.statusCode).toBe(200);
    const body: ProductReviews = res.json();
    expect(body.count).toBe(2);
    expect(body.average).toBe(4.5);
    expect(JSON.stringify(body)).not.toContain('email');
  });

  it('stores a review PENDING with ReviewSubmitted, answers kindly, and publishes it only after approval', async () => {
    const before: ProductReviews = (await get('/api/products/brazil-santos/reviews')).json();
    expect(before.count).toBe(0);
    const sent = await post(
      '/api/products/brazil-santos/reviews',
      { authorName: 'نورة', rating: 4, body: 'قهوة رائعة', email: 'noura@example.ae' },
      { 'x-locale': 'ar' },
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ success: true, message: 'شكرًا على تقييمك! سيظهر بعد أن يراجعه فريقنا.' });
    expect((await get('/api/products/brazil-santos/reviews')).json().count).toBe(0);
    expect((await outboxOf('ReviewSubmitted')).length).toBe(1);

    const cookie = await staffCookie();
    const pending: AdminReview[] = (await get('/api/admin/reviews?status=PENDING', { cookie })).json()
      .reviews;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      authorName: 'نورة',
      email: 'noura@example.ae',
      productName: 'Brazil Santos',
    });

    const approved = await post(`/api/admin/reviews/${pending[0]!.id}/approve`, {}, { cookie });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    const after: ProductReviews = (await get('/api/products/brazil-santos/reviews')).json();
    expect(after).toMatchObject({ count: 1, average: 4 });
    expect(after.reviews[0]!.body).toBe('قهوة رائعة');
    // The catalogue learns of the new average through CatalogueChanged.
    const changed = await outboxOf('CatalogueChanged');
    expect(changed.some((r) => (r.payload as { data: { reason: string } }).data.reason === 'review')).toBe(
      true,
    );
  });

  it('refuses a bad review in the shopper language, an unknown product, and staff calls without a session', async () => {
    const bad = await post(
      '/api/products/brazil-santos/reviews',
      { authorName: '', rating: 9, body: '' },
      { 'x-locale': 'ar' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { message: string }) => i.message)).toContain(
      'يرجى اختيار تقييم من نجمة إلى 5 نجوم',
    );
    const unknown = await get('/api/products/no-such-coffee/reviews');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRODUCT_NOT_FOUND');
    expect((await get('/api/admin/reviews')).statusCode).toBe(401);
    const missing = await post(
      '/api/admin/reviews/00000000-0000-4000-8000-000000000000/reject',
      {},
      {
        cookie: await staffCookie(),
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('REVIEW_NOT_FOUND');
  });
});

describe('views, contact and newsletter', () => {
  it('a view is an outbox event only: 202, ProductViewed, no count written on the request', async () => {
    const res = await post('/api/products/colombian-supremo/views');
    expect(res.statusCode).toBe(202);
    const events = await outboxOf('ProductViewed');
    expect(events).toHaveLength(1);
    const [colombian] = await gw.db
      .select()
      .from(tables.products)
      .where(eq(tables.products.slug, 'colombian-supremo'));
    const counts = await gw.db
      .select()
      .from(tables.productViewCounts)
      .where(eq(tables.productViewCounts.productId, colombian!.id));
    expect(counts).toEqual([]);
    expect((await post('/api/products/no-such-coffee/views')).statusCode).toBe(404);
  });

  it('stores a contact message with ContactReceived and validates in Arabic', async () => {
    const ok = await post('/api/contact', {
      fullName: 'Khalid',
      email: 'khalid@example.ae',
      subject: 'wholesale_inquiry',
      message: 'Do you supply cafés?',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe('Thank you for your message! We will get back to you soon.');
    expect((await outboxOf('ContactReceived')).length).toBe(1);
    const [{ n }] = (await gw.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`))
      .rows as [{ n: number }];
    expect(n).toBe(1);
    const bad = await post(
      '/api/contact',
      { fullName: 'K', email: 'nope', subject: 'x', message: 'hi', phone: '12' },
      { 'x-locale': 'ar' },
    );
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('يرجى إدخال عنوان بريد إلكتروني صالح');
    expect(messages).toContain('يرجى اختيار الموضوع');
  });

  it('keeps one subscriber per e-mail, pending until its confirmation link (gateway/test/newsletter.int.test.ts)', async () => {
    const first = await post('/api/newsletter', { email: 'Layla@Example.ae' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: 'Almost there: check your inbox and click the link we sent to confirm your subscription.',
    });
    const again = await post('/api/newsletter', { email: 'layla@example.ae' }, { 'x-locale': 'ar' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      message: 'خطوة أخيرة: افتح بريدك واضغط الرابط الذي أرسلناه لتأكيد اشتراكك.',
    });
    const subscribers = await gw.db.select().from(tables.newsletterSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]?.status).toBe('pending');
    expect((await outboxOf('NewsletterSubscribed')).length).toBe(0);
  });
});
