import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrderAdminRepository, eq, sql, tables } from '@qahwa/db';
import { placedOrder } from '@qahwa/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { trackingToken } from '../src/orders/tracking-token';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * Returns at the gateway (docs/returns.md): the shopper's request under the tracking link, its
 * refusals in the shopper's language, and staff's list, decisions and refund (orders: view to
 * read, orders: edit to act), against the real gateway, PostgreSQL and Temporal (the harness's
 * worker runs the return's process).
 */
let gw: Gateway;
let editor: { cookie: string; email: string };
let viewer: { cookie: string };
let dir: string;
const base = loadConfig({ NODE_ENV: 'test' });
const secret = base.leadLinkSecret;
const staffActor = { id: null, email: 'courier-desk@qahwa.local' };

beforeAll(async () => {
  // Many requests from one address: the forms' limit (RATE_LIMIT_MESSAGES) is rate-limits.int.test's business.
  dir = await mkdtemp(join(tmpdir(), 'qahwa-return-photos-'));
  gw = await startGateway({
    config: {
      rateLimits: { ...base.rateLimits, messages: { ...base.rateLimits.messages, max: 1000 } },
      uploads: { ...base.uploads, dir, cloudinary: null },
    },
  });
  editor = await staffCookie(gw, {
    name: 'Editor',
    permissions: [{ module: 'orders', canView: true, canEdit: true }],
  });
  viewer = await staffCookie(gw, {
    name: 'Viewer',
    permissions: [{ module: 'orders', canView: true, canEdit: false }],
  });
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

async function order(o: { provider?: 'COD'; locale?: 'en' | 'ar'; deliver?: boolean } = {}) {
  const orderId = await placedOrder(gw.db, {
    provider: o.provider ?? 'COD',
    customer: {
      fullName: 'Aisha Al Mansoori',
      email: `a-${randomUUID()}@example.ae`,
      phone: '+971 50 111 2233',
    },
    locale: o.locale ?? 'en',
  });
  if (o.deliver !== false) {
    const admin = createOrderAdminRepository(gw.db);
    let version = 1;
    for (const to of ['processing', 'shipped', 'delivered'] as const) {
      await gw.db.transaction((tx) => admin.move({ orderId, to, version, actor: staffActor }, tx));
      version++;
    }
  }
  const [item] = await gw.db.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, orderId));
  return { orderId, itemId: item!.id, token: trackingToken(orderId, secret) };
}

const ask = (token: string, body: object, locale: 'en' | 'ar' = 'en') =>
  gw.app.inject({
    method: 'POST',
    url: `/api/orders/track/${encodeURIComponent(token)}/returns`,
    headers: { 'x-locale': locale },
    payload: body,
  });
const staff = (cookie: string, action: string, number: string, body: object = {}) =>
  gw.app.inject({
    method: 'POST',
    url: `/api/admin/returns/${number}/${action}`,
    headers: { cookie },
    payload: body,
  });

describe('the shopper asks for a return', () => {
  it('refuses what cannot be returned, in the shopper’s language, and records a valid request once', async () => {
    const undelivered = await order({ deliver: false });
    const early = await ask(undelivered.token, {
      lines: [{ orderItemId: undelivered.itemId, quantity: 1 }],
      reason: 'DAMAGED',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('RETURN_NOT_DELIVERED');

    const o = await order({ locale: 'ar' });
    const tooMany = await ask(
      o.token,
      { lines: [{ orderItemId: o.itemId, quantity: 3 }], reason: 'DAMAGED' },
      'ar',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/يمكنك إرجاع 2 كحد أقصى/);
    const none = await ask(o.token, { lines: [], reason: 'OTHER' }, 'ar');
    expect(none.json()).toMatchObject({
      code: 'RETURN_NO_LINES',
      error: 'اختر منتجًا واحدًا على الأقل لإرجاعه.',
    });
    const badPhoto = await ask(o.token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      reason: 'DAMAGED',
      photoUrl: 'https://evil.example/x.png',
    });
    expect(badPhoto.statusCode).toBe(400);

    const made = await ask(o.token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      reason: 'DAMAGED',
      note: 'The bag arrived torn.',
    });
    expect(made.statusCode).toBe(201);
    const view = made.json();
    expect(view.number).toMatch(/^RT-\d{6}$/);
    // One of two bags (70 AED) and, damaged, the 25 AED shipping.
    expect(view).toMatchObject({ status: 'requested', refundFils: 95_00, shippingRefundFils: 25_00 });
    const again = await ask(
      o.token,
      { lines: [{ orderItemId: o.itemId, quantity: 1 }], reason: 'OTHER' },
      'ar',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RETURN_ALREADY_OPEN');

    const list = await gw.app.inject({
      method: 'GET',
      url: `/api/orders/track/${encodeURIComponent(o.token)}/returns`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      canRequest: false,
      returns: [{ number: view.number }],
      lines: [{ orderItemId: o.itemId, ordered: 2, returnable: 0, openReturn: view.number }],
    });
  }, 60_000);

  it('takes a photo uploaded under the tracking link, with the upload rules in the shopper’s language', async () => {
    const o = await order();
    const url = `/api/orders/track/${encodeURIComponent(o.token)}/returns/photo?name=bag.png`;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await gw.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(up.statusCode).toBe(201);
    const photoUrl = up.json().secure_url as string;
    expect(photoUrl).toMatch(/^\/api\/uploads\/files\/[a-f0-9]{64}\.png$/);
    const pdf = await gw.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/pdf', 'x-locale': 'ar' },
      payload: Buffer.from('%PDF-1.4 not a picture'),
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toMatch(/[\u0600-\u06FF]/);
    const forged = await gw.app.inject({
      method: 'POST',
      url: '/api/orders/track/forged/returns/photo',
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(forged.statusCode).toBe(404);
    const made = await ask(o.token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      reason: 'DAMAGED',
      photoUrl,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().photoUrl).toBe(photoUrl);
  });

  it('closes 30 days after delivery', async () => {
    const o = await order();
    await gw.db.execute(
      sql`update order_status_history set created_at = now() - interval '31 days' where order_id = ${o.orderId} and to_status = 'delivered'`,
    );
    const late = await ask(o.token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      reason: 'CHANGED_MIND',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RETURN_WINDOW_CLOSED');
  });

  it('is in the OpenAPI document the fuzzer reads', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/orders/track/{token}/returns',
      '/api/orders/track/{token}/returns/photo',
      '/api/admin/returns',
      '/api/admin/returns/{number}/refund',
    ])
      expect(paths).toContain(p);
  });

  it('answers a forged link with the tracking 404', async () => {
    const res = await ask('not-a-token', { lines: [], reason: 'OTHER' });
    expect(res.statusCode).toBe(404);
  });
});

describe('staff handle a return', () => {
  it('approve, receive and refund a cash-on-delivery return once, however often they click', async () => {
    const o = await order();
    const number = (
      await ask(o.token, { lines: [{ orderItemId: o.itemId, quantity: 2 }], reason: 'CHANGED_MIND' })
    ).json().number as string;

    expect((await staff(viewer.cookie, 'approve', number)).statusCode).toBe(403);
    const read = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/returns/${number}`,
      headers: { cookie: viewer.cookie },
    });
    expect(read.json()).toMatchObject({
      status: 'requested',
      actions: { approve: true, reject: true },
      refundFils: 140_00,
    });

    const [a1, a2] = await Promise.all([
      staff(editor.cookie, 'approve', number, { message: 'Please use the original bag.' }),
      staff(editor.cookie, 'approve', number, { message: 'Please use the original bag.' }),
    ]);
    expect([a1.statusCode, a2.statusCode]).toEqual([200, 200]);
    expect(a1.json().status).toBe('approved');
    const rejected = await staff(editor.cookie, 'reject', number, { message: 'No' });
    expect(rejected.statusCode).toBe(409);
    expect((await staff(editor.cookie, 'reject', number, {})).statusCode).toBe(400);

    expect((await staff(editor.cookie, 'receive', number, { lines: [] })).statusCode).toBe(400);
    const received = await staff(editor.cookie, 'receive', number, {
      lines: [{ orderItemId: o.itemId, resaleable: true }],
    });
    expect(received.json()).toMatchObject({ status: 'received', actions: { refund: true } });

    const noMethod = await staff(editor.cookie, 'refund', number, {});
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().code).toBe('RETURN_COD_METHOD_REQUIRED');
    const body = { method: 'BANK_TRANSFER', reference: 'FT-2026-0042' };
    const clicks = await Promise.all([1, 2, 3].map(() => staff(editor.cookie, 'refund', number, body)));
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    const refunds = await gw.db.select().from(tables.refunds).where(eq(tables.refunds.orderId, o.orderId));
    expect(refunds).toEqual([
      expect.objectContaining({ provider: 'COD', amountFils: 140_00, reference: `return-${number}` }),
    ]);

    // The process records the transfer staff made and closes the return.
    const end = Date.now() + 60_000;
    let detail = read.json();
    while (Date.now() < end) {
      detail = (
        await gw.app.inject({
          method: 'GET',
          url: `/api/admin/returns/${number}`,
          headers: { cookie: editor.cookie },
        })
      ).json();
      if (detail.status === 'refunded') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(detail).toMatchObject({
      status: 'refunded',
      refundMethod: 'BANK_TRANSFER',
      codReference: 'FT-2026-0042',
      refund: { status: 'succeeded', providerRefundId: 'FT-2026-0042' },
    });
    const audits = await gw.db.select().from(tables.auditLog).where(eq(tables.auditLog.entityId, number));
    expect(audits.map((a) => a.action).sort()).toEqual(['return-approve', 'return-receive', 'return-refund']);

    const listed = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/returns?status=refunded',
      headers: { cookie: viewer.cookie },
    });
    expect(listed.json().returns.map((r: { number: string }) => r.number)).toContain(number);
    const old = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/returns?olderThanDays=3',
      headers: { cookie: viewer.cookie },
    });
    expect(old.json().returns.map((r: { number: string }) => r.number)).not.toContain(number);
  }, 120_000);
});
