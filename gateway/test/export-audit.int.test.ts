import { randomUUID } from 'node:crypto';
import { tables } from '@qahwa/db';
import type { Product } from '@qahwa/schema';
import type { AuditLogList } from '@qahwa/schema/contracts';
import { codOrder, orderLineOf } from '@qahwa/schema/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/**
 * The order and subscriber CSV exports take customers' personal data out of the store: each one is
 * in the audit log with who, the filter and how many rows, and none of the data itself.
 */
let gw: Gateway;
let logs: { cookie: string };

beforeAll(async () => {
  gw = await startGateway();
  logs = await staffCookie(gw, { permissions: [{ module: 'logs', canView: true }] });
});
afterAll(async () => gw?.close());

async function exportsIn(module: string) {
  const res = await gw.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?module=${module}`,
    headers: { cookie: logs.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AuditLogList).entries.filter((e) => e.action === 'export');
}

/** A cash-on-delivery order through the API, sent again while it is on its way (202/503). */
async function placeOrder(email: string) {
  const dallah: Product = (await gw.app.inject({ method: 'GET', url: '/api/products/brass-dallah' })).json();
  const v = dallah.variations[0]!;
  const payload = codOrder({
    customerInfo: { fullName: 'Hessa Al Falasi', email, phone: '+971 50 765 4321' },
    shippingInfo: { emirate: 'dubai', city: 'dubai-marina', address: 'Marina Walk, Tower 2, Flat 904' },
    items: [orderLineOf(dallah, v)],
    totalAmount: v.price + 25,
    subtotal: v.price,
    shippingCost: 25,
    appliedCoupon: null,
  });
  const key = `k-${randomUUID()}`;
  for (let attempt = 0; ; attempt++) {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': key },
      payload,
      remoteAddress: '10.0.6.2',
    });
    if ((res.statusCode !== 202 && res.statusCode !== 503) || attempt >= 40) {
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('CSV exports in the audit log', () => {
  it('records an order export: who, the filter and the row count, not the orders', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `hessa.${tag}@example.ae`;
    await placeOrder(email);
    const exporter = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true }] });
    const before = await exportsIn('orders');

    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export?q=${tag}&provider=COD`,
      headers: { cookie: exporter.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(email);

    const after = await exportsIn('orders');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      userEmail: exporter.email,
      module: 'orders',
      action: 'export',
      entityType: 'orders',
      entityId: null,
      before: null,
      after: { format: 'csv', filters: { q: tag, provider: 'COD' }, rows: 1 },
    });
    expect(JSON.stringify(after[0])).not.toContain(email);
    expect(JSON.stringify(after[0])).not.toContain('Hessa');
  });

  it('records a subscriber export the same way, without the addresses', async () => {
    const tag = randomUUID().slice(0, 8);
    const emails = [`a.${tag}@example.ae`, `b.${tag}@example.ae`];
    await gw.db
      .insert(tables.newsletterSubscribers)
      .values(
        emails.map((email) => ({ email, locale: 'ar', source: 'footer', status: 'confirmed' as const })),
      );
    const exporter = await staffCookie(gw, { permissions: [{ module: 'subscribers', canView: true }] });

    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/subscribers/export?q=${tag}`,
      headers: { cookie: exporter.cookie },
    });
    expect(res.statusCode).toBe(200);

    const [entry] = await exportsIn('subscribers');
    expect(entry).toMatchObject({
      userEmail: exporter.email,
      module: 'subscribers',
      action: 'export',
      entityType: 'subscribers',
      after: { format: 'csv', filters: { q: tag }, rows: 2 },
    });
    for (const email of emails) expect(JSON.stringify(entry)).not.toContain(email);
  });

  it('records nothing for a refused export', async () => {
    const outsider = await staffCookie(gw, { permissions: [{ module: 'reviews', canView: true }] });
    const before = await exportsIn('subscribers');
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers/export',
      headers: { cookie: outsider.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(await exportsIn('subscribers')).toHaveLength(before.length);
  });
});
