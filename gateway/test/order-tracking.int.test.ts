import { randomUUID } from 'node:crypto';
import { and, eq, sql, tables } from '@qahwa/db';
import { placedOrder } from '@qahwa/db/testing';
import { issueInvoice } from '@qahwa/invoices';
import { signClaims, signTrackingToken, TRACKING_LINK_TTL_MS } from '@qahwa/mail';
import type { TrackedOrder } from '@qahwa/schema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Gateway, startGateway } from './harness';

/*
 * The guest's order tracking (docs/order-tracking.md): the lookup by order number and the e-mail
 * or phone of the checkout, the signed link's page, a new link by e-mail, the documents.
 */
const LOOKUP_LIMIT = 6;
let gw: Gateway;
let secret: string;
let orderId: string;
const email = `track-${randomUUID()}@example.ae`;
const phone = '+971501234567';

let address = 0;
/** A fresh client address per test, so the per-address limit is only met where a test wants it. */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  gw = await startGateway({
    config: { rateLimits: { ...base.rateLimits, signIn: { max: LOOKUP_LIMIT, timeWindow: 60_000 } } },
  });
  secret = base.leadLinkSecret;
  orderId = await placedOrder(gw.db, {
    provider: 'STRIPE',
    customer: { fullName: 'Mariam Al Suwaidi', email, phone },
    locale: 'ar',
    payment: { id: `pi_${randomUUID().replaceAll('-', '')}`, method: 'card', status: 'succeeded' },
    line: { unitFils: 46_80, quantity: 2 },
  });
});
afterAll(async () => gw?.close());

const lookup = (
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) => gw.app.inject({ method: 'POST', url: '/api/orders/track', payload: body, headers, remoteAddress });
const view = (token: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url: `/api/orders/track/${encodeURIComponent(token)}`, headers });
/** The body without the request id, which differs between any two answers. */
const sameness = (body: { requestId?: string }) => ({ ...body, requestId: undefined });

describe('looking an order up', () => {
  it('opens the order with its number and the e-mail, typed in any case, or the phone, typed with spaces', async () => {
    for (const contact of [email.toUpperCase(), ` ${email} `, '+971 50 123 4567', '+971-50-123-4567']) {
      const res = await lookup({ orderNumber: orderId.toLowerCase(), contact });
      expect(res.statusCode, contact).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { token } = res.json() as { token: string };
      expect((await view(token)).json().orderNumber).toBe(orderId);
    }
    // The bare digits of the number are the order too.
    expect((await lookup({ orderNumber: orderId.replace('QH-', ''), contact: email })).statusCode).toBe(200);
  });

  it('gives one answer for an order that does not exist and a contact that does not match', async () => {
    const wrongEmail = await lookup({ orderNumber: orderId, contact: 'someone.else@example.ae' });
    const wrongPhone = await lookup({ orderNumber: orderId, contact: '+971509999999' });
    const noOrder = await lookup({ orderNumber: 'QH-999999999', contact: email });
    const notANumber = await lookup({ orderNumber: 'hello', contact: email });
    for (const res of [wrongEmail, wrongPhone, noOrder, notANumber]) expect(res.statusCode).toBe(404);
    const bodies = [wrongEmail, wrongPhone, noOrder, notANumber].map((r) => sameness(r.json()));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(wrongEmail.body).not.toContain('token');
  });

  it('says so in Arabic to an Arabic shopper', async () => {
    const res = await lookup({ orderNumber: orderId, contact: 'x@example.ae' }, { 'x-locale': 'ar' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toContain('لم نجد طلبًا');
  });

  it('refuses an empty form field by field, not as a server error', async () => {
    const res = await lookup({ orderNumber: '', contact: '' });
    expect(res.statusCode).toBe(400);
  });

  it(`stops an address after ${LOOKUP_LIMIT} tries a minute, right or wrong`, async () => {
    const from = nextAddress();
    const seen: number[] = [];
    for (let i = 0; i < LOOKUP_LIMIT + 2; i++) {
      seen.push((await lookup({ orderNumber: `QH-${100 + i}`, contact: email }, {}, from)).statusCode);
    }
    expect(seen.slice(0, LOOKUP_LIMIT).every((s) => s === 404)).toBe(true);
    expect(seen.slice(LOOKUP_LIMIT)).toEqual([429, 429]);
    // Even the right answer waits: the limit counts guesses, not failures.
    expect((await lookup({ orderNumber: orderId, contact: email }, {}, from)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await lookup({ orderNumber: orderId, contact: email })).statusCode).toBe(200);
  });
});

describe('the tracking link', () => {
  it('stops working after 90 days', async () => {
    const minted = Date.now() - TRACKING_LINK_TTL_MS - 60_000;
    const res = await view(signTrackingToken(orderId, secret, minted));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TRACKING_LINK_EXPIRED');
    const fresh = await view(signTrackingToken(orderId, secret, Date.now() - TRACKING_LINK_TTL_MS + 60_000));
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a forged or altered token, one of another secret, and one of another kind', async () => {
    const genuine = signTrackingToken(orderId, secret);
    const [, signature] = genuine.split('.');
    const otherOrder = Buffer.from(
      JSON.stringify({ p: 'order-track', o: 'QH-1', e: 9_999_999_999 }),
    ).toString('base64url');
    const forged = [
      `${otherOrder}.${signature}`,
      signTrackingToken(orderId, 'not-the-store-secret-but-long-enough-to-sign'),
      signClaims({ p: 'newsletter-confirm', s: orderId, e: 9_999_999_999 }, secret),
      'garbage',
    ];
    for (const token of forged) {
      const res = await view(token, { 'x-locale': 'ar' });
      expect(res.statusCode, token).toBe(404);
      expect(res.json().code).toBe('TRACKING_LINK_EXPIRED');
      expect(res.json().error).toContain('انتهت صلاحية رابط التتبع');
    }
  });
});

describe('the order page', () => {
  it('shows the timeline with dates, the items with pictures, totals, delivery, payment and what the shopper may do', async () => {
    const token = signTrackingToken(orderId, secret);
    const before = (await view(token)).json() as TrackedOrder;
    expect(before.status).toBe('new');
    expect(before.timeline.map((s) => s.step)).toEqual(['new', 'processing', 'shipped', 'delivered']);
    expect(before.timeline[0]!.at).toBe(before.placedAt);
    expect(before.timeline.slice(1).every((s) => s.at === null)).toBe(true);
    expect(before.items).toHaveLength(1);
    expect(before.items[0]).toMatchObject({
      name: 'Coffee',
      nameAr: 'قهوة',
      quantity: 2,
      unitPrice: 46.8,
      lineTotal: 93.6,
    });
    expect(before.items[0]!.variation.weight).toBe('250g');
    expect(before.items[0]!.imageUrl).toBeTruthy();
    expect(before.totals).toMatchObject({ subtotal: 93.6, shipping: 25, total: 118.6 });
    expect(before.delivery).toMatchObject({ name: 'Mariam Al Suwaidi', city: 'jbr', emirate: 'dubai' });
    // No shipping rule covers the city: no estimate rather than a guess.
    expect(before.delivery).toMatchObject({ estimatedDays: null, estimatedFrom: null, estimatedTo: null });
    // Staff's rule for the city: its days, counted from the day the order was placed (Gulf time).
    await gw.db.insert(tables.shippingRules).values({
      name: 'Dubai courier',
      nameAr: 'توصيل دبي',
      type: 'STANDARD',
      costFils: 25_00,
      estimatedDays: '2-4',
      cities: ['jbr'],
    });
    const placed = new Date(new Date(before.placedAt).getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(placed) + n * 86_400_000).toISOString().slice(0, 10);
    const estimated = ((await view(token)).json() as TrackedOrder).delivery;
    expect(estimated).toMatchObject({ estimatedDays: '2-4', estimatedFrom: day(2), estimatedTo: day(4) });
    expect(before.payment.provider).toBe('STRIPE');
    expect(before.locale).toBe('ar');
    expect(before.actions.canReturn).toBe(false);
    // Nothing of the contact beyond the delivery's name and address.
    expect(JSON.stringify(before)).not.toContain(email);
    expect(JSON.stringify(before)).not.toContain(phone);

    // Staff moved it on: the history's dates fill the steps, and a delivered order may be returned.
    const processingAt = new Date(Date.now() - 3 * 86_400_000);
    const shippedAt = new Date(Date.now() - 2 * 86_400_000);
    const deliveredAt = new Date(Date.now() - 86_400_000);
    await gw.db.insert(tables.orderStatusHistory).values([
      {
        orderId,
        fromStatus: 'new',
        toStatus: 'processing',
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      },
      { orderId, fromStatus: 'processing', toStatus: 'shipped', createdAt: shippedAt },
      { orderId, fromStatus: 'shipped', toStatus: 'delivered', createdAt: deliveredAt },
    ]);
    await gw.db.update(tables.orders).set({ status: 'delivered' }).where(eq(tables.orders.id, orderId));
    const after = (await view(token)).json() as TrackedOrder;
    expect(after.timeline.map((s) => [s.step, s.at])).toEqual([
      ['new', before.placedAt],
      ['processing', processingAt.toISOString()],
      ['shipped', shippedAt.toISOString()],
      ['delivered', deliveredAt.toISOString()],
    ]);
    expect(after.delivery.estimatedFrom).toBeNull();
    expect(after.actions.canReturn).toBe(true);
  });

  it('says the VAT the total includes, and lists and serves its invoice, then shows it returned', async () => {
    const token = signTrackingToken(orderId, secret);
    // Goods and shipping VAT together, as the order's transaction stores it.
    await gw.db
      .update(tables.orders)
      .set({ vatRateBp: 500, vatFils: 5_65, shippingVatFils: 1_19 })
      .where(eq(tables.orders.id, orderId));
    const page = (await view(token)).json() as TrackedOrder;
    expect(page.totals).toMatchObject({ vat: 5.65, vatRatePercent: 5 });

    const issued = await gw.db.transaction((tx) => issueInvoice(tx, orderId));
    const listed = ((await view(token)).json() as TrackedOrder).documents;
    expect(listed).toEqual([expect.objectContaining({ number: issued.number, kind: issued.kind })]);
    const pdf = await gw.app.inject({
      method: 'GET',
      url: `/api/orders/track/${token}/documents/${issued.number}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another order's token does not open this order's invoice.
    const other = signTrackingToken('QH-1', secret);
    const refused = await gw.app.inject({
      method: 'GET',
      url: `/api/orders/track/${other}/documents/${issued.number}`,
    });
    expect(refused.statusCode).toBe(404);

    const refundedAt = new Date();
    await gw.db.insert(tables.returns).values({
      number: `RT-${Date.now()}`,
      orderId,
      status: 'refunded',
      reason: 'DAMAGED',
      refundFils: 46_80,
      refundedAt,
    });
    const returned = ((await view(token)).json() as TrackedOrder).timeline.at(-1);
    expect(returned).toEqual({ step: 'returned', at: refundedAt.toISOString() });
  }, 60_000);

  it('ends a cancelled order at cancelled, after the steps it reached', async () => {
    const cancelled = await placedOrder(gw.db, {
      provider: 'COD',
      customer: { fullName: 'Omar', email: `c-${randomUUID()}@example.ae`, phone: '+971501110000' },
      locale: 'en',
    });
    const at = new Date();
    await gw.db
      .insert(tables.orderStatusHistory)
      .values({ orderId: cancelled, fromStatus: 'new', toStatus: 'cancelled', createdAt: at });
    await gw.db.update(tables.orders).set({ status: 'cancelled' }).where(eq(tables.orders.id, cancelled));
    const page = (await view(signTrackingToken(cancelled, secret))).json() as TrackedOrder;
    expect(page.timeline.map((s) => s.step)).toEqual(['new', 'cancelled']);
    expect(page.timeline[1]!.at).toBe(at.toISOString());
    expect(page.payment.provider).toBe('COD');
  });

  it('serves only the documents of its own order', async () => {
    const token = signTrackingToken(orderId, secret);
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/orders/track/${token}/documents/INV-2026-999999`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DOCUMENT_NOT_FOUND');
    const expired = signTrackingToken(orderId, secret, Date.now() - TRACKING_LINK_TTL_MS - 1000);
    const old = await gw.app.inject({
      method: 'GET',
      url: `/api/orders/track/${expired}/documents/INV-2026-999999`,
    });
    expect(old.json().code).toBe('TRACKING_LINK_EXPIRED');
  });
});

describe('a new link by e-mail', () => {
  const ask = (body: Record<string, unknown>) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/orders/track/link',
      payload: body,
      remoteAddress: nextAddress(),
    });
  const mailsTo = async (to: string) => {
    const rows = await gw.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tables.emails)
      .where(and(eq(tables.emails.purpose, 'order-tracking-link'), eq(tables.emails.recipient, to)));
    return rows[0]!.n;
  };

  it('answers 202 with the same words whether or not the address is the order’s, and mails only the order’s', async () => {
    const stranger = `stranger-${randomUUID()}@example.ae`;
    const miss = await ask({ orderNumber: orderId, email: stranger });
    const none = await ask({ orderNumber: 'QH-999999999', email });
    const hit = await ask({ orderNumber: orderId, email: email.toUpperCase() });
    for (const res of [miss, none, hit]) expect(res.statusCode).toBe(202);
    expect(sameness(miss.json())).toEqual(sameness(hit.json()));
    expect(sameness(none.json())).toEqual(sameness(hit.json()));
    await expect.poll(() => mailsTo(email), { timeout: 10_000 }).toBe(1);
    expect(await mailsTo(stranger)).toBe(0);
    const [row] = await gw.db
      .select({ locale: tables.emails.locale, subject: tables.emails.subject })
      .from(tables.emails)
      .where(eq(tables.emails.recipient, email));
    // In the order's language.
    expect(row!.locale).toBe('ar');
  });
});

describe('the confirmation page’s link', () => {
  it('comes with the placed order: its token opens that order', async () => {
    const product = (
      await gw.app.inject({ method: 'GET', url: '/api/products/colombian-supremo' })
    ).json() as {
      id: string;
      name: string;
      variations: { id: string; size: { displayName: string } }[];
    };
    const v = product.variations.find((x) => x.size.displayName === '250g')!;
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        customerInfo: { fullName: 'Hessa', email: `conf-${randomUUID()}@example.ae`, phone: '+971502223344' },
        shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12, Flat 4' },
        items: [
          {
            id: `${product.id}-${v.id}`,
            productId: product.id,
            variationId: v.id,
            name: product.name,
            price: 46.8,
            quantity: 1,
            variation: { weight: '250g', beans: 'Arabica', additions: null },
          },
        ],
        // 46.80 a bag and 25.00 shipping under 200.00: the server's total.
        totalAmount: 71.8,
        subtotal: 1,
        tax: 0,
        shippingCost: 0,
        discount: 0,
        appliedCoupon: null,
        paymentProvider: 'COD',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId: placed, trackingToken: token } = res.json() as {
      orderId: string;
      trackingToken: string;
    };
    expect(typeof token).toBe('string');
    expect(((await view(token)).json() as TrackedOrder).orderNumber).toBe(placed);
  });
});
