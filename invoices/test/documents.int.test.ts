import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSV_HEADER,
  closeDocumentRenderer,
  documentsCsv,
  documentsOfOrder,
  issueCreditNote,
  issueFullCreditNote,
  issueInvoice,
  renderDocumentPdf,
} from '../src';
import { orderOf, setRegistered, testDb } from './support';

let h: DbHandle;

beforeAll(async () => {
  h = testDb();
  await resetDatabase(h.db);
});

afterAll(async () => {
  await closeDocumentRenderer();
  await h?.close();
});

const invoiceOf = async (orderId: string) => {
  const [row] = await h.db.select().from(tables.invoices).where(eq(tables.invoices.orderId, orderId));
  if (!row) throw new Error(`no invoice for ${orderId}`);
  return row;
};
const issue = (orderId: string) => h.db.transaction((tx) => issueInvoice(tx, orderId));
const credit = (request: Parameters<typeof issueCreditNote>[1]) =>
  h.db.transaction((tx) => issueCreditNote(tx, request));
const itemsOf = (orderId: string) =>
  h.db.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, orderId));

/** PostgreSQL's own message for a statement it refused (drizzle wraps it as the cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (e) {
    const cause = (e as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(e);
  }
  return 'not refused';
}

/** The text pdftotext (poppler) reads out of a PDF, in reading order. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
  const file = join(dir, 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('the tax invoice', () => {
  it('snapshots the supplier, the customer and each line, adding up to the order total to the fils', async () => {
    const orderId = await orderOf(h.db, 'STRIPE', { line: { unitFils: 33_33, quantity: 3 } });
    const issued = await issue(orderId);
    expect(issued).toMatchObject({ kind: 'INVOICE', created: true });
    expect(issued.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const invoice = await invoiceOf(orderId);
    const [order] = await h.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
    expect(invoice.totalFils).toBe(order?.totalFils);
    expect(invoice.vatFils).toBe(order?.vatFils);
    expect(invoice.rateBp).toBe(500);
    expect(invoice.supplier.trn).toMatch(/^\d{15}$/);
    expect(invoice.customer.email).toBe(order?.customerEmail);
    const [line] = invoice.lines;
    expect(line).toMatchObject({ unitFils: 33_33, quantity: 3, grossFils: 99_99 });
    // 99.99 AED including 5 %: VAT is half-up of 9999 × 5/105 = 476.14 → 476 fils.
    expect(line?.vatFils).toBe(476);
    expect(line?.taxableFils).toBe(99_99 - 476);
    const sum = invoice.lines.reduce((a, l) => a + l.taxableFils + l.vatFils, 0);
    expect(sum + invoice.shipping.taxableFils + invoice.shipping.vatFils).toBe(invoice.totalFils);
  });

  it('is issued once per order: a second call returns the first', async () => {
    const orderId = await orderOf(h.db, 'TABBY');
    const first = await issue(orderId);
    const again = await issue(orderId);
    expect(again).toEqual({ ...first, created: false });
    expect(await documentsOfOrder(h.db, orderId)).toEqual([
      expect.objectContaining({ number: first.number, kind: 'INVOICE' }),
    ]);
  });

  it('cannot be changed or removed once issued, not even by SQL', async () => {
    const orderId = await orderOf(h.db, 'STRIPE');
    const { number } = await issue(orderId);
    expect(
      await refusal(
        h.db.execute(
          sql`update invoices set total_fils = total_fils + 1, taxable_fils = taxable_fils + 1 where number = ${number}`,
        ),
      ),
    ).toMatch(/is issued and cannot be changed/);
    expect(await refusal(h.db.execute(sql`delete from invoices where number = ${number}`))).toMatch(
      /is issued and cannot be changed/,
    );
    expect((await invoiceOf(orderId)).number).toBe(number);
  });

  it('is a receipt without VAT, in its own series, while the store is not VAT-registered', async () => {
    await setRegistered(h.db, false);
    try {
      const orderId = await orderOf(h.db, 'COD');
      const issued = await issue(orderId);
      expect(issued.kind).toBe('RECEIPT');
      expect(issued.number).toMatch(/^RCT-\d{4}-000001$/);
      const receipt = await invoiceOf(orderId);
      expect(receipt).toMatchObject({ vatFils: 0, rateBp: 0 });
      expect(receipt.supplier.trn).toBeNull();
      expect(receipt.taxableFils).toBe(receipt.totalFils);
      const text = pdfText(await renderDocumentPdf(h.db, issued.number));
      expect(text).toContain('Receipt');
      expect(text).toContain('إيصال');
      expect(text).not.toContain('Tax Invoice');
    } finally {
      await setRegistered(h.db, true);
    }
  });
});

describe('credit notes', () => {
  it('of a whole refund cancel the invoice exactly, line by line and the shipping', async () => {
    const orderId = await orderOf(h.db, 'STRIPE', { line: { unitFils: 19_99, quantity: 7 } });
    await issue(orderId);
    const [item] = await itemsOf(orderId);
    // Three refunds of the one line (2, 4, 1 units); shipping with the second.
    const steps = [2, 4, 1];
    const numbers: string[] = [];
    for (const [i, quantity] of steps.entries()) {
      const cn = await credit({
        orderId,
        refundId: `refund-${orderId}-${i}`,
        lines: [{ orderItemId: item?.id as string, quantity }],
        shipping: i === 1,
      });
      expect(cn.kind).toBe('CREDIT_NOTE');
      numbers.push(cn.number);
    }
    expect(numbers.every((n) => /^CN-\d{4}-\d{6}$/.test(n))).toBe(true);
    const invoice = await invoiceOf(orderId);
    const notes = await h.db.select().from(tables.creditNotes).where(eq(tables.creditNotes.orderId, orderId));
    expect(notes.every((n) => n.invoiceId === invoice.id)).toBe(true);
    const add = (k: 'taxableFils' | 'vatFils' | 'totalFils') => notes.reduce((a, n) => a + n[k], 0);
    expect(add('taxableFils')).toBe(invoice.taxableFils);
    expect(add('vatFils')).toBe(invoice.vatFils);
    expect(add('totalFils')).toBe(invoice.totalFils);
    const docs = await documentsOfOrder(h.db, orderId);
    expect(docs.map((d) => d.kind)).toEqual(['INVOICE', 'CREDIT_NOTE', 'CREDIT_NOTE', 'CREDIT_NOTE']);
  });

  it('is one per refund: the same refund id returns its credit note and credits nothing more', async () => {
    const orderId = await orderOf(h.db, 'TABBY', { line: { unitFils: 45_00, quantity: 2 } });
    await issue(orderId);
    const [item] = await itemsOf(orderId);
    const request = {
      orderId,
      refundId: `refund-${orderId}`,
      lines: [{ orderItemId: item?.id as string, quantity: 1 }],
      shipping: false,
    };
    const [a, b] = await Promise.all([credit(request), credit(request)]);
    expect(a?.number).toBe(b?.number);
    expect([a?.created, b?.created].sort()).toEqual([false, true]);
    const notes = await h.db.select().from(tables.creditNotes).where(eq(tables.creditNotes.orderId, orderId));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.totalFils).toBe(45_00);
    expect(notes[0]?.vatFils).toBe(214); // half-up of 4500 × 5/105 = 214.29
  });

  it("of a cancelled order's whole refund credit what is left of every line and the shipping, once", async () => {
    const orderId = await orderOf(h.db, 'STRIPE', { line: { unitFils: 21_00, quantity: 4 } });
    const invoice = await issue(orderId);
    const [item] = await itemsOf(orderId);
    await credit({
      orderId,
      refundId: `part-${orderId}`,
      lines: [{ orderItemId: item?.id as string, quantity: 1 }],
      shipping: false,
    });
    const whole = () =>
      h.db.transaction((tx) => issueFullCreditNote(tx, { orderId, refundId: `whole-${orderId}` }));
    const [first, again] = [await whole(), await whole()];
    expect(again).toEqual({ ...first, created: false });
    const notes = await h.db.select().from(tables.creditNotes).where(eq(tables.creditNotes.orderId, orderId));
    expect(notes).toHaveLength(2);
    expect(notes.reduce((a, n) => a + n.totalFils, 0)).toBe((await invoiceOf(orderId)).totalFils);
    expect(notes.find((n) => n.number === first.number)?.lines[0]?.quantity).toBe(3);
    expect(invoice.kind).toBe('INVOICE');
  });

  it('refuses to credit more units than the invoice charged', async () => {
    const orderId = await orderOf(h.db, 'STRIPE', { line: { unitFils: 10_00, quantity: 1 } });
    await issue(orderId);
    const [item] = await itemsOf(orderId);
    const line = { orderItemId: item?.id as string, quantity: 1 };
    await credit({ orderId, refundId: `r1-${orderId}`, lines: [line], shipping: false });
    await expect(
      credit({ orderId, refundId: `r2-${orderId}`, lines: [line], shipping: false }),
    ).rejects.toThrow(/cannot credit 1 after 1 of 1/);
  });
});

describe('the PDF', () => {
  it('is titled in both languages and pdftotext reads the Arabic words in their order', async () => {
    const orderId = await orderOf(h.db, 'STRIPE');
    const { number } = await issue(orderId);
    const pdf = await renderDocumentPdf(h.db, number);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('فاتورة ضريبية');
    expect(text).toContain(number);
    expect(text).toContain(orderId);
    const invoice = await invoiceOf(orderId);
    expect(text).toContain(invoice.supplier.trn as string);
    expect(text).toContain('الرقم الضريبي');
    expect(text).toContain('مريم الهاشمي');
    expect(text).toContain('إجمالي الضريبة');
  });

  it('of a credit note names its invoice, in both languages', async () => {
    const orderId = await orderOf(h.db, 'STRIPE');
    const invoice = await issue(orderId);
    const [item] = await itemsOf(orderId);
    const cn = await credit({
      orderId,
      refundId: `pdf-${orderId}`,
      lines: [{ orderItemId: item?.id as string, quantity: 1 }],
      shipping: true,
    });
    const text = pdfText(await renderDocumentPdf(h.db, cn.number));
    expect(text).toContain('Tax Credit Note');
    expect(text).toContain('إشعار دائن ضريبي');
    expect(text).toContain(invoice.number);
  });
});

describe("the month's CSV", () => {
  it("lists the month's invoices, receipts and credit notes with their figures and linked invoice", async () => {
    const orderId = await orderOf(h.db, 'STRIPE', { line: { unitFils: 12_34, quantity: 1 } });
    const inv = await issue(orderId);
    const [item] = await itemsOf(orderId);
    const cn = await credit({
      orderId,
      refundId: `csv-${orderId}`,
      lines: [{ orderItemId: item?.id as string, quantity: 1 }],
      shipping: false,
    });
    const now = new Date(Date.now() + 4 * 3600_000);
    const csv = await documentsCsv(h.db, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe(CSV_HEADER.join(','));
    const invoice = await invoiceOf(orderId);
    const day = now.toISOString().slice(0, 10);
    expect(rows).toContain(
      [
        inv.number,
        'INVOICE',
        day,
        orderId,
        'مريم الهاشمي',
        (invoice.taxableFils / 100).toFixed(2),
        (invoice.vatFils / 100).toFixed(2),
        (invoice.totalFils / 100).toFixed(2),
        '',
      ].join(','),
    );
    expect(rows).toContain(
      [cn.number, 'CREDIT_NOTE', day, orderId, 'مريم الهاشمي', '11.75', '0.59', '12.34', inv.number].join(
        ',',
      ),
    );
    const next = await documentsCsv(h.db, { year: now.getUTCFullYear() + 1, month: 1 });
    expect(next).toBe(`${CSV_HEADER.join(',')}\r\n`);
  });
});
