import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { signLeadLink } from '@qahwa/checkout';
import { createDb, createLeadsRepository, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fromBackOffice, TEST_DATABASE_URL } from './harness';

/**
 * The storefront's lead calls (docs/leads.md) on the real gateway over the real
 * database: what each call stores and publishes, the beacon's text/plain body, the abuse limits
 * (413, 429), logs that carry no personal data, the recovery link, and the back office's list.
 */
let handle: DbHandle;
const logLines: string[] = [];
let app: Awaited<ReturnType<typeof gatewayWith>>;

async function gatewayWith(env: Record<string, string> = {}) {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  const built = fromBackOffice(
    await buildApp({
      config: loadConfig({ NODE_ENV: 'test', RATE_LIMIT_LEADS: '1000', ...env }),
      db: handle.db,
      temporal: {} as Client,
      logger,
    }),
  );
  await built.ready();
  return built;
}

const productId = randomUUID();
const variationId = randomUUID();

const abandonment = (over: Record<string, unknown> = {}) => ({
  cartValue: 120.5,
  cartItems: [
    {
      id: `${productId}-${variationId}`,
      productId,
      variationId,
      name: 'Ethiopia Yirgacheffe',
      price: 60.25,
      quantity: 2,
      variation: { weight: '250g', beans: 'Whole', additions: null },
    },
  ],
  timeSpentOnSite: 312,
  pageVisits: 7,
  lastVisitedPage: '/checkout',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) SecretAgent/1.0',
  referrer: 'https://search.example/?q=private-query',
  deviceType: 'desktop',
  abandonmentTrigger: 'page_exit',
  cartKey: 'cart_abcdef123456',
  locale: 'ar',
  email: 'Layla.Private@Example.com',
  fullName: 'Layla Private',
  phone: '+971501234567',
  ...over,
});

const outboxOf = async (type: string) =>
  (await handle.db.select().from(tables.outbox).where(eq(tables.outbox.type, type))).map(
    (r) => r.payload as { data: Record<string, unknown> },
  );

beforeAll(async () => {
  handle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  app = await gatewayWith();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('POST /api/leads/cart-abandonment', () => {
  it('stores the lead and publishes CartAbandoned, from JSON and from a beacon (text/plain)', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-abandonment',
      payload: abandonment(),
    });
    expect(json.statusCode).toBe(202);
    expect(json.json()).toEqual({ success: true });

    // navigator.sendBeacon(url, JSON.stringify(payload)) sends text/plain;charset=UTF-8.
    const beacon = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-abandonment',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(abandonment({ abandonmentTrigger: 'cart_idle', cartValue: 60.25 })),
    });
    expect(beacon.statusCode).toBe(202);

    const rows = await handle.db
      .select()
      .from(tables.leads)
      .where(eq(tables.leads.email, 'layla.private@example.com'));
    // One open lead per e-mail: the second report updated the first.
    expect(rows).toHaveLength(1);
    const lead = rows[0];
    expect(lead?.status).toBe('ABANDONED');
    expect(lead?.abandonmentTrigger).toBe('cart_idle');
    expect(lead?.cartValueFils).toBe(6025);
    expect(lead?.cartKey).toBe('cart_abcdef123456');
    expect(lead?.locale).toBe('ar');
    expect(lead?.abandonment).toMatchObject({ timeSpentOnSite: 312, pageVisits: 7, deviceType: 'desktop' });

    const events = await outboxOf('CartAbandoned');
    expect(events).toHaveLength(2);
    expect(events[1]?.data).toMatchObject({
      leadId: lead?.id,
      email: 'layla.private@example.com',
      cartValueFils: 6025,
      trigger: 'cart_idle',
      cartKey: 'cart_abcdef123456',
      items: [{ productId, variationId, quantity: 2, unitFils: 6025 }],
    });
  });

  it('keeps no lead for a cart without an e-mail, only its anonymous count: id, value, lines, time', async () => {
    const before = (await handle.db.select().from(tables.leads)).length;
    const anonymous = abandonment({
      email: undefined,
      fullName: undefined,
      phone: undefined,
      cartKey: 'c_anonymous0001',
      cartValue: 181.75,
      cartItems: [
        ...abandonment().cartItems,
        { id: 'other-line', name: 'Cardamom', price: 61.25, quantity: 1 },
      ],
    });
    const res = await app.inject({ method: 'POST', url: '/api/leads/cart-abandonment', payload: anonymous });
    expect(res.statusCode).toBe(202);
    // The same cart reported again on page exit: still one cart.
    const again = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-abandonment',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ ...anonymous, abandonmentTrigger: 'page_exit' }),
    });
    expect(again.statusCode).toBe(202);
    expect((await handle.db.select().from(tables.leads)).length).toBe(before);
    const rows = await handle.db
      .select()
      .from(tables.abandonedCarts)
      .where(eq(tables.abandonedCarts.cartKey, 'c_anonymous0001'));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    // Nothing that names the shopper or their visit: these columns are the whole row.
    expect(Object.keys(row!).sort()).toEqual(
      ['abandonedAt', 'cartKey', 'id', 'lineCount', 'orderedAt', 'valueFils'].sort(),
    );
    expect(row).toMatchObject({ valueFils: 181_75, lineCount: 2, orderedAt: null });
    expect(Math.abs(row!.abandonedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('counts a cart with an e-mail once too, and a cart its browser then bought as ordered', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/leads/cart-abandonment',
      payload: abandonment({ email: 'counted@example.com', cartKey: 'c_withlead0001' }),
    });
    const [counted] = await handle.db
      .select()
      .from(tables.abandonedCarts)
      .where(eq(tables.abandonedCarts.cartKey, 'c_withlead0001'));
    expect(counted).toMatchObject({ valueFils: 120_50, lineCount: 1, orderedAt: null });

    const ordered = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-ordered',
      payload: { cartKey: 'c_withlead0001' },
    });
    expect(ordered.statusCode).toBe(202);
    const [after] = await handle.db
      .select()
      .from(tables.abandonedCarts)
      .where(eq(tables.abandonedCarts.cartKey, 'c_withlead0001'));
    expect(after?.orderedAt).toBeInstanceOf(Date);
    // A cart id nobody reported, or a malformed one: nothing to change, nothing said about it.
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-ordered',
      payload: { cartKey: 'c_neverseen0001' },
    });
    expect(unknown.statusCode).toBe(202);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-ordered',
      payload: { cartKey: '../x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an oversized body with 413 and a malformed beacon with 400, in the one error body', async () => {
    const huge = JSON.stringify(abandonment({ lastVisitedPage: 'x'.repeat(70 * 1024) }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-abandonment',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

    const bad = await app.inject({
      method: 'POST',
      url: '/api/leads/cart-abandonment',
      headers: { 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it('rate-limits one address with 429', async () => {
    const limited = await gatewayWith({ RATE_LIMIT_LEADS: '3' });
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/leads/cart-abandonment',
        payload: abandonment({ email: undefined }),
        remoteAddress: '192.0.2.91',
      });
      seen.push(res.statusCode);
    }
    await limited.close();
    expect(seen).toEqual([202, 202, 202, 429, 429]);
  });

  it('logs no personal data: no e-mail, name, phone, user agent or referrer in any line', () => {
    const all = logLines.join('\n');
    expect(all).toContain('cart abandoned');
    for (const secret of ['layla', 'Layla', '501234567', 'SecretAgent', 'private-query']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('PATCH /api/leads', () => {
  it('qualifies at the payment step; only the order converts (the browser’s CONVERTED changes nothing); a new cart afterwards is a new lead', async () => {
    const email = `qualify-${randomUUID()}@example.com`;
    const qualified = await app.inject({
      method: 'PATCH',
      url: '/api/leads',
      payload: {
        email,
        status: 'QUALIFIED',
        hasPaymentInfo: true,
        paymentStep: Date.now(),
        preferredPayment: 'card',
        cartValue: 90,
        cartItems: [{ id: 'line-1', variationId, name: 'Blend', price: 45, quantity: 2, total: 90 }],
      },
    });
    expect(qualified.statusCode).toBe(202);
    let [lead] = await handle.db.select().from(tables.leads).where(eq(tables.leads.email, email));
    expect(lead).toMatchObject({
      status: 'QUALIFIED',
      hasPaymentInfo: true,
      preferredPayment: 'card',
      cartValueFils: 9000,
    });
    expect((await outboxOf('LeadQualified')).some((e) => e.data.leadId === lead?.id)).toBe(true);

    const converted = await app.inject({
      method: 'PATCH',
      url: '/api/leads',
      payload: {
        email,
        status: 'CONVERTED',
        convertedData: { name: 'A', phone: '0501234567', value: 90, currency: 'AED' },
      },
    });
    expect(converted.statusCode).toBe(202);
    [lead] = await handle.db.select().from(tables.leads).where(eq(tables.leads.email, email));
    expect(lead?.status).toBe('QUALIFIED');
    expect(lead?.convertedAt).toBeNull();
    expect((await outboxOf('LeadConverted')).filter((e) => e.data.leadId === lead?.id)).toHaveLength(0);

    // The order's OrderPlaced converts it (workers/src/leads: the same repository call).
    await createLeadsRepository(handle.db).convert({ email, orderId: 'QH-100001', valueFils: 9000 });
    [lead] = await handle.db.select().from(tables.leads).where(eq(tables.leads.email, email));
    expect(lead?.status).toBe('CONVERTED');
    expect(lead?.convertedAt).toBeInstanceOf(Date);
    expect((await outboxOf('LeadConverted')).filter((e) => e.data.leadId === lead?.id)).toHaveLength(1);

    await app.inject({ method: 'POST', url: '/api/leads/cart-abandonment', payload: abandonment({ email }) });
    const rows = await handle.db.select().from(tables.leads).where(eq(tables.leads.email, email));
    expect(rows.map((r) => r.status).sort()).toEqual(['ABANDONED', 'CONVERTED']);
  });

  it('takes no customer id or value from a browser, and refuses amounts that are no amounts', async () => {
    const email = `claims-${randomUUID()}@example.com`;
    await app.inject({
      method: 'PATCH',
      url: '/api/leads',
      payload: { email, status: 'QUALIFIED', paymentStep: '-271821-04-20T00:00:00Z' },
    });
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/leads',
      payload: { email, status: 'CONVERTED', convertedUserId: randomUUID(), convertedData: { value: 10 } },
    });
    expect(res.statusCode).toBe(202);
    const [lead] = await handle.db.select().from(tables.leads).where(eq(tables.leads.email, email));
    expect(lead).toMatchObject({ status: 'QUALIFIED', convertedUserId: null, convertedData: null });
    expect(lead?.paymentStep?.getUTCFullYear()).toBeGreaterThanOrEqual(2000);
    const huge = await app.inject({
      method: 'PATCH',
      url: '/api/leads',
      payload: { email, cartValue: 1e21 },
    });
    expect(huge.statusCode).toBe(400);
  });

  it('refuses a body without a valid e-mail (400), which the storefront ignores', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/leads',
      payload: { email: 'nope', status: 'QUALIFIED' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/leads/restore', () => {
  it('answers the lead lines for a genuine link, and 404 LINK_EXPIRED in the shopper language for a forged or expired one', async () => {
    const [lead] = await handle.db
      .select()
      .from(tables.leads)
      .where(eq(tables.leads.email, 'layla.private@example.com'));
    const secret = loadConfig({ NODE_ENV: 'test' }).leadLinkSecret;
    const token = signLeadLink(
      { leadId: lead?.id ?? '', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      secret,
    );
    const ok = await app.inject({ method: 'GET', url: `/api/leads/restore?token=${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ lines: [{ productId, variationId, quantity: 2 }] });
    // Nothing of the cart or the e-mail is in the link itself.
    expect(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).not.toMatch(/layla|Yirgacheffe/i);

    const expired = signLeadLink(
      { leadId: lead?.id ?? '', expiresAt: Math.floor(Date.now() / 1000) - 1 },
      secret,
    );
    const forged = signLeadLink({ leadId: lead?.id ?? '', expiresAt: 4_000_000_000 }, 'another-secret');
    for (const t of [expired, forged]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/leads/restore?token=${t}`,
        headers: { cookie: 'NEXT_LOCALE=ar', 'accept-language': 'ar' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'LINK_EXPIRED' });
    }
  });
});

describe('GET /api/admin/leads', () => {
  async function signIn(email: string, password: string) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const cookie = res.cookies.find((c) => c.name === 'qahwa_staff_session');
    return cookie ? `qahwa_staff_session=${cookie.value}` : '';
  }

  it('is for signed-in staff with the leads permission (401, 403), filtered by status', async () => {
    await handle.db.insert(tables.users).values([
      {
        email: 'leads-viewer@qahwa.local',
        name: 'Leads Viewer',
        passwordHash: await hash('leads-viewer-pass'),
        role: 'STAFF',
        permissions: [{ module: 'leads', canView: true }],
      },
      {
        email: 'no-leads@qahwa.local',
        name: 'Orders Only',
        passwordHash: await hash('no-leads-pass'),
        role: 'STAFF',
        permissions: [{ module: 'orders', canView: true }],
      },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/admin/leads' })).statusCode).toBe(401);
    const other = await signIn('no-leads@qahwa.local', 'no-leads-pass');
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/leads', headers: { cookie: other } })).statusCode,
    ).toBe(403);

    const viewer = await signIn('leads-viewer@qahwa.local', 'leads-viewer-pass');
    const all = await app.inject({ method: 'GET', url: '/api/admin/leads', headers: { cookie: viewer } });
    expect(all.statusCode).toBe(200);
    const body = all.json() as {
      leads: { status: string; email: string }[];
      total: number;
      counts: Record<string, number>;
    };
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.counts.CONVERTED).toBeGreaterThanOrEqual(1);

    const converted = await app.inject({
      method: 'GET',
      url: '/api/admin/leads?status=CONVERTED',
      headers: { cookie: viewer },
    });
    const only = converted.json() as { leads: { status: string }[] };
    expect(only.leads.length).toBeGreaterThanOrEqual(1);
    expect(only.leads.every((l) => l.status === 'CONVERTED')).toBe(true);
    const abandoned = body.leads.find((l) => l.email === 'layla.private@example.com');
    expect(abandoned).toMatchObject({ status: 'ABANDONED', abandonmentTrigger: 'cart_idle', itemCount: 2 });
  });

  it('pages the list: a page size, an offset, the same total on every page, no lead twice', async () => {
    const viewer = await signIn('leads-viewer@qahwa.local', 'leads-viewer-pass');
    const base = Date.now() - 3_600_000;
    await handle.db.insert(tables.leads).values(
      Array.from({ length: 25 }, (_, i) => ({
        email: `paged-${i}@example.com`,
        status: 'NEW',
        lastActivityAt: new Date(base - i * 1000),
      })),
    );
    const page = async (offset: number) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/leads?status=NEW&limit=10&offset=${offset}`,
          headers: { cookie: viewer },
        })
      ).json() as { leads: { email: string }[]; total: number };
    const [first, second, third] = [await page(0), await page(10), await page(20)];
    expect([first.total, second.total, third.total]).toEqual([25, 25, 25]);
    expect([first.leads.length, second.leads.length, third.leads.length]).toEqual([10, 10, 5]);
    const emails = [...first.leads, ...second.leads, ...third.leads].map((l) => l.email);
    expect(new Set(emails).size).toBe(25);
    expect(emails[0]).toBe('paged-0@example.com');
    expect(emails[24]).toBe('paged-24@example.com');
  });

  it("opens one lead: contact, its road, the cart's lines with prices, the recovery e-mail and the order", async () => {
    const viewer = await signIn('leads-viewer@qahwa.local', 'leads-viewer-pass');
    const email = `detail-${randomUUID()}@example.com`;
    await app.inject({
      method: 'POST',
      url: '/api/leads/cart-abandonment',
      payload: abandonment({ email, fullName: 'Mariam Detail', abandonmentTrigger: 'cart_idle' }),
    });
    await app.inject({
      method: 'PATCH',
      url: '/api/leads',
      payload: { email, status: 'QUALIFIED', preferredPayment: 'cod' },
    });
    const [lead] = await handle.db.select().from(tables.leads).where(eq(tables.leads.email, email));
    await handle.db.insert(tables.emails).values({
      purpose: 'cart-recovery',
      subjectId: lead!.id,
      recipient: email,
      subject: 'You left something in your cart',
      status: 'sent',
      sentAt: new Date(),
    });
    const [customer] = await handle.db
      .insert(tables.customers)
      .values({ email, fullName: 'Mariam Detail', phone: '+971501234567' })
      .returning({ id: tables.customers.id });
    const orderId = `QH-${Math.floor(Math.random() * 900_000) + 100_000}`;
    await handle.db.insert(tables.orders).values({
      id: orderId,
      checkoutId: `cod-${randomUUID()}`,
      customerId: customer!.id,
      paymentProvider: 'COD',
      subtotalFils: 120_50,
      shippingFils: 0,
      totalFils: 120_50,
      customerName: 'Mariam Detail',
      customerEmail: email,
      customerPhone: '+971501234567',
      emirate: 'dubai',
      city: 'deira',
      address: 'Street 1',
    });
    await createLeadsRepository(handle.db).convert({ email, orderId, valueFils: 120_50 });

    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/leads/${lead!.id}`,
      headers: { cookie: viewer },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lead).toMatchObject({ id: lead!.id, email, fullName: 'Mariam Detail', status: 'CONVERTED' });
    expect(body.phone).toBe('+971501234567');
    expect(body.history.map((h: { status: string; detail: string | null }) => [h.status, h.detail])).toEqual([
      ['ABANDONED', 'cart_idle'],
      ['QUALIFIED', 'cod'],
      ['CONVERTED', null],
    ]);
    expect(body.lines).toEqual([
      {
        name: 'Ethiopia Yirgacheffe',
        variation: '250g · Whole',
        quantity: 2,
        unitFils: 60_25,
        lineFils: 120_50,
      },
    ]);
    expect(body.recoveryEmails).toMatchObject([
      { subject: 'You left something in your cart', status: 'sent' },
    ]);
    expect(body.order).toMatchObject({ id: orderId, status: 'new', totalFils: 120_50 });

    const missing = await app.inject({
      method: 'GET',
      url: `/api/admin/leads/${randomUUID()}`,
      headers: { cookie: viewer, 'accept-language': 'ar' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'LEAD_NOT_FOUND', error: 'هذا العميل المحتمل غير موجود.' });
    const other = await signIn('no-leads@qahwa.local', 'no-leads-pass');
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/leads/${lead!.id}`, headers: { cookie: other } }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/admin/leads/${lead!.id}` })).statusCode).toBe(401);
  });
});
