import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, tables } from '@qahwa/db';
import { placedOrder } from '@qahwa/db/testing';
import { issueInvoice } from '@qahwa/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * Staff's invoices (docs/invoices.md): the order page's list and PDFs, and the month's CSV for the
 * accountant, under the orders module's view permission, the export audited.
 */
let gw: Gateway;
let viewer: { cookie: string; email: string };
let outsider: { cookie: string };
let orderId: string;
let number: string;

beforeAll(async () => {
  gw = await startGateway();
  viewer = await staffCookie(gw, {
    name: 'Viewer',
    permissions: [{ module: 'orders', canView: true, canEdit: false }],
  });
  outsider = await staffCookie(gw, {
    name: 'Outsider',
    permissions: [{ module: 'reviews', canView: true, canEdit: true }],
  });
  orderId = await placedOrder(gw.db, {
    provider: 'STRIPE',
    customer: { fullName: 'Layla Haddad', email: 'layla@example.ae', phone: '+971501112233' },
    locale: 'en',
  });
  ({ number } = await gw.db.transaction((tx) => issueInvoice(tx, orderId)));
});
afterAll(async () => gw?.close());

const get = (url: string, who: { cookie: string } | null = viewer) =>
  gw.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe("staff's invoices", () => {
  it("lists the order's documents for staff who may view orders, and no one else", async () => {
    const res = await get(`/api/admin/orders/${orderId}/documents`);
    expect(res.statusCode).toBe(200);
    expect(res.json().documents).toEqual([
      expect.objectContaining({ number, kind: 'INVOICE', totalFils: 165_00 }),
    ]);
    expect((await get(`/api/admin/orders/${orderId}/documents`, outsider)).statusCode).toBe(403);
    expect((await get(`/api/admin/orders/${orderId}/documents`, null)).statusCode).toBe(401);
  });

  it("downloads the PDF by its number, and answers 404 in the staff member's language for an unknown one", async () => {
    const res = await get(`/api/admin/documents/${number}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${number}.pdf`);
    const dir = mkdtempSync(join(tmpdir(), 'admin-invoice-'));
    writeFileSync(join(dir, 'i.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('فاتورة ضريبية');
    const missing = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/documents/INV-2020-999999',
      headers: { cookie: viewer.cookie, 'x-locale': 'ar' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
      error: 'لا توجد فاتورة أو إيصال أو إشعار دائن بهذا الرقم.',
    });
    expect((await get(`/api/admin/documents/${number}`, outsider)).statusCode).toBe(403);
  });

  it("exports the month's documents as CSV and audits who took them", async () => {
    const now = new Date(Date.now() + 4 * 3600_000);
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    const res = await get(`/api/admin/documents/export?year=${year}&month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('number,kind,date,order,customer,taxable_aed,vat_aed,total_aed,linked_invoice');
    expect(lines[1]).toMatch(
      new RegExp(
        `^${number},INVOICE,\\d{4}-\\d{2}-\\d{2},${orderId},Layla Haddad,157\\.14,7\\.86,165\\.00,$`,
      ),
    );
    const audit = await gw.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.entityType, 'documents'), eq(tables.auditLog.action, 'export')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userEmail: viewer.email,
      module: 'orders',
      after: { year, month, rows: 1 },
    });
    expect((await get(`/api/admin/documents/export?year=${year}&month=13`)).statusCode).toBe(400);
    expect((await get(`/api/admin/documents/export?year=${year}&month=${month}`, outsider)).statusCode).toBe(
      403,
    );
  });
});
