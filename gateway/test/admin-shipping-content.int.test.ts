import { hash } from '@node-rs/argon2';
import { eq, sql, tables } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

/*
 * The back office's shipping rules and content calls (docs/admin-catalogue.md) against the real gateway: a
 * saved rule prices the shopper's next quote through the one rule (calculateShipping), unknown
 * cities are refused, content writes reach the storefront's public reads and are announced, each
 * write is audited, and staff without the module or without edit are refused.
 */
let gw: Gateway;
let admin: string;
let viewer: string;

async function signIn(email: string, password: string): Promise<string> {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const c = res.cookies.find((k) => k.name === 'qahwa_staff_session');
  if (!c) throw new Error(`sign-in failed: ${res.body}`);
  return `qahwa_staff_session=${c.value}`;
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  gw.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  gw = await startGateway();
  admin = await signIn('admin@qahwa.local', 'qahwa-admin-dev');
  await gw.db.insert(tables.users).values({
    email: 'content-viewer@qahwa.local',
    name: 'Viewer',
    passwordHash: await hash('viewer-pass-1'),
    role: 'STAFF',
    permissions: [
      { module: 'content', canView: true },
      { module: 'shipping', canView: true },
    ],
  });
  viewer = await signIn('content-viewer@qahwa.local', 'viewer-pass-1');
});
afterAll(async () => gw?.close());

const hatta = {
  name: 'Hatta courier',
  nameAr: 'توصيل حتا',
  type: 'STANDARD',
  description: 'Mountain delivery',
  descriptionAr: 'توصيل إلى الجبال',
  cost: 9.5,
  freeShippingThreshold: 150,
  isActive: true,
  estimatedDays: '2-4',
  cities: ['hatta'],
};

describe('shipping rules', () => {
  it('saves a rule for one city that the next quote in that city uses, and no other city', async () => {
    const created = await call('POST', '/api/admin/shipping/rules', admin, hatta);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Hatta courier',
      cost: 9.5,
      freeShippingThreshold: 150,
      cities: ['hatta'],
    });
    const quote = await gw.app.inject({
      method: 'POST',
      url: '/api/shipping/calculate',
      payload: { orderTotal: 100, items: [], city: 'hatta' },
    });
    expect(quote.json()).toMatchObject({ shippingRule: { name: 'Hatta courier' } });
    const list = await call('GET', '/api/admin/shipping/rules', viewer);
    expect(list.json().some((r: { id: string }) => r.id === created.json().id)).toBe(true);

    const off = await call('PUT', `/api/admin/shipping/rules/${created.json().id}`, admin, {
      ...hatta,
      isActive: false,
    });
    expect(off.json()).toMatchObject({ isActive: false });
    const after = await gw.app.inject({
      method: 'POST',
      url: '/api/shipping/calculate',
      payload: { orderTotal: 100, items: [], city: 'hatta' },
    });
    expect(after.json().shippingRule?.name).not.toBe('Hatta courier');
    const audit = await gw.db
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.entityId, created.json().id));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses a city that is not in SPEC 3, view-only staff, and an unknown rule', async () => {
    const bad = await call('POST', '/api/admin/shipping/rules', admin, { ...hatta, cities: ['atlantis'] });
    expect(bad.statusCode).toBe(400);
    // The contract names SPEC 3's cities (ShippingRuleWrite), so the OpenAPI document says so too.
    expect(bad.json().issues[0].path).toMatch(/^\/cities/);
    expect((await call('POST', '/api/admin/shipping/rules', viewer, hatta)).statusCode).toBe(403);
    const missing = await call(
      'DELETE',
      '/api/admin/shipping/rules/00000000-0000-4000-8000-000000000000',
      admin,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('website content', () => {
  it('switches the offer banner on, and the storefront reads it; the change is announced', async () => {
    const endTime = new Date(Date.now() + 3_600_000).toISOString();
    const before = await gw.db.select({ n: sql<number>`count(*)::int` }).from(tables.outbox);
    const res = await call('PUT', '/api/admin/content/offer', admin, {
      isActive: true,
      endTime,
      message: 'Roasted today',
      messageAr: 'محمصة اليوم',
    });
    expect(res.statusCode).toBe(200);
    const shopper = await gw.app.inject({ method: 'GET', url: '/api/content/fomo-offers' });
    expect(shopper.json()).toEqual({
      isActive: true,
      endTime,
      message: 'Roasted today',
      messageAr: 'محمصة اليوم',
    });
    const after = await gw.db.select({ n: sql<number>`count(*)::int` }).from(tables.outbox);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
    const [event] = await gw.db
      .select()
      .from(tables.outbox)
      .orderBy(sql`${tables.outbox.createdAt} desc`)
      .limit(1);
    expect(JSON.stringify(event?.payload)).toContain('"reason":"content"');
  });

  it('adds, hides and removes a slider; an inactive one is not shown to shoppers', async () => {
    const slider = {
      title: 'Eid blend',
      titleAr: 'خلطة العيد',
      subtitle: '',
      subtitleAr: '',
      imageUrl: null,
      link: '/shop',
      sortOrder: 0,
      isActive: true,
    };
    const created = await call('POST', '/api/admin/content/sliders', admin, slider);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const shown = await gw.app.inject({ method: 'GET', url: '/api/content/sliders' });
    expect(shown.json().some((s: { id: string }) => s.id === id)).toBe(true);
    await call('PUT', `/api/admin/content/sliders/${id}`, admin, { ...slider, isActive: false });
    const hidden = await gw.app.inject({ method: 'GET', url: '/api/content/sliders' });
    expect(hidden.json().some((s: { id: string }) => s.id === id)).toBe(false);
    const all = await call('GET', '/api/admin/content', viewer);
    expect(all.json().sliders.find((s: { id: string }) => s.id === id)).toMatchObject({ isActive: false });
    expect((await call('DELETE', `/api/admin/content/sliders/${id}`, admin)).json()).toEqual({
      success: true,
    });
    const offsite = await call('POST', '/api/admin/content/sliders', admin, {
      ...slider,
      link: '//evil.example',
    });
    expect(offsite.statusCode).toBe(400);
    // Text PostgreSQL cannot store (NUL, a lone surrogate) is made storable, not a 500 (the fuzzer's).
    const odd = await call('POST', '/api/admin/content/sliders', admin, {
      ...slider,
      title: `Eid${String.fromCharCode(0)} blend`,
      subtitle: 'x\ud800y',
    });
    expect(odd.statusCode).toBe(201);
    expect(odd.json()).toMatchObject({ title: 'Eid blend', subtitle: 'x\ufffdy' });
    const farFuture = await call('PUT', '/api/admin/content/offer', admin, {
      isActive: true,
      endTime: '+275760-09-13T00:00:00Z',
      message: '',
      messageAr: '',
    });
    expect(farFuture.statusCode).toBe(400);
  });

  it('changes the store hours text in both languages; view-only staff cannot', async () => {
    const text = { en: 'Every day 8:00–22:00', ar: 'يوميًا 8:00–22:00' };
    expect((await call('PUT', '/api/admin/content/texts/storeHours', viewer, text)).statusCode).toBe(403);
    const res = await call('PUT', '/api/admin/content/texts/storeHours', admin, text);
    expect(res.json()).toEqual(text);
    const shopper = await gw.app.inject({ method: 'GET', url: '/api/content/texts' });
    expect(shopper.json().storeHours).toEqual(text);
    expect((await call('PUT', '/api/admin/content/texts/nonsense', admin, text)).statusCode).toBe(400);
    const anonymous = await gw.app.inject({ method: 'GET', url: '/api/admin/content' });
    expect(anonymous.statusCode).toBe(401);
  });
});
