import { randomUUID } from 'node:crypto';
import { eq, tables } from '@qahwa/db';
import { DEFAULT_SETTINGS, type Product, SAMPLE_TRN } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { claimingServerTotal } from './support/claimed-total';

/*
 * Settings → VAT (docs/vat.md): the demo store is registered under the sample TRN; staff change
 * the registration and the rate, each save audited; the TRN is checked as 15 digits in the staff
 * member's language; the next order is taxed at what was saved, without a restart.
 */
let gw: Gateway;
let admin: string;
let colombian: Product;

async function signIn(email: string, password: string): Promise<string> {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const c = res.cookies.find((k) => k.name === 'qahwa_staff_session');
  if (!c) throw new Error(`sign-in failed: ${res.body}`);
  return `qahwa_staff_session=${c.value}`;
}
const call = (method: 'GET' | 'PUT', url: string, payload?: object, locale = 'en') =>
  gw.app.inject({
    method,
    url,
    headers: { cookie: admin, 'x-locale': locale },
    ...(payload ? { payload } : {}),
  });

async function placeOrder() {
  const v = colombian.variations[0]!;
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: await claimingServerTotal(gw.db, {
      customerInfo: {
        fullName: 'Mariam Saeed',
        email: `mariam-${randomUUID()}@example.ae`,
        phone: `+9715${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      },
      shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12, Flat 4' },
      items: [
        {
          id: `${colombian.id}-${v.id}`,
          productId: colombian.id,
          variationId: v.id,
          name: colombian.name,
          price: 1,
          quantity: 2,
          variation: { weight: '250g', beans: 'Arabica', additions: null },
        },
      ],
      subtotal: 1,
      tax: 0,
      shippingCost: 0,
      discount: 0,
      appliedCoupon: null,
      paymentProvider: 'COD',
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await gw.db.select().from(tables.orders).where(eq(tables.orders.id, res.json().orderId));
  return order!;
}

beforeAll(async () => {
  gw = await startGateway();
  admin = await signIn('admin@qahwa.local', 'qahwa-admin-dev');
  const list: Product[] = (await gw.app.inject({ method: 'GET', url: '/api/products' })).json();
  colombian = list.find((p) => p.slug === 'colombian-supremo')!;
}, 60_000);
afterAll(async () => gw?.close());

describe('settings: VAT', () => {
  it('the demo store is registered at 5 % under the sample TRN, and its orders carry VAT', async () => {
    const res = await call('GET', '/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().vat).toEqual({
      version: 1,
      value: { ...DEFAULT_SETTINGS.vat, registered: true, trn: SAMPLE_TRN },
    });
    const order = await placeOrder();
    expect(order.vatRateBp).toBe(500);
    expect(order.vatFils).toBeGreaterThan(0);
    // The order page staff read carries the order's VAT, its rate, and each line's figures.
    const detail = (await call('GET', `/api/admin/orders/${order.id}`)).json();
    expect(detail.totals).toMatchObject({
      vatRateBp: 500,
      vatFils: order.vatFils,
      shippingVatFils: order.shippingVatFils,
    });
    expect(
      detail.items.reduce((a: number, i: { vatFils: number }) => a + i.vatFils, order.shippingVatFils),
    ).toBe(order.vatFils);
    const pub = await gw.app.inject({ method: 'GET', url: '/api/settings' });
    expect(pub.json().vat).toMatchObject({ registered: true, rateBp: 500 });
  });

  it('refuses a TRN that is not 15 digits, in Arabic for an Arabic-speaking staff member', async () => {
    const value = { ...DEFAULT_SETTINGS.vat, registered: true, trn: '12345' };
    const en = await call('PUT', '/api/admin/settings/vat', { version: 1, value });
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('A TRN is 15 digits, as on the FTA registration certificate');
    const ar = await call('PUT', '/api/admin/settings/vat', { version: 1, value }, 'ar');
    expect(ar.statusCode).toBe(400);
    expect(ar.body).toContain('رقم التسجيل الضريبي 15 رقمًا');
    const none = await call('PUT', '/api/admin/settings/vat', {
      version: 1,
      value: { ...value, trn: null },
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('A VAT-registered store needs its TRN');
  });

  it('a new rate and then no registration tax the next orders so, audited with before and after', async () => {
    const trn = '100234567800003';
    const saved = await call('PUT', '/api/admin/settings/vat', {
      version: 1,
      value: { ...DEFAULT_SETTINGS.vat, registered: true, trn, rateBp: 1_000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, value: { trn, rateBp: 1_000 } });
    expect((await placeOrder()).vatRateBp).toBe(1_000);

    const off = await call('PUT', '/api/admin/settings/vat', {
      version: 2,
      value: { ...DEFAULT_SETTINGS.vat, registered: false, trn, rateBp: 1_000 },
    });
    expect(off.statusCode, off.body).toBe(200);
    const order = await placeOrder();
    expect(order).toMatchObject({ vatRateBp: 0, vatFils: 0, shippingVatFils: 0 });

    const audits = await gw.db.select().from(tables.auditLog).where(eq(tables.auditLog.entityId, 'vat'));
    expect(audits.map((a) => (a.after as { version: number }).version).sort()).toEqual([2, 3]);
    expect(audits[0]).toMatchObject({ module: 'settings', action: 'update', userEmail: 'admin@qahwa.local' });
  });
});
