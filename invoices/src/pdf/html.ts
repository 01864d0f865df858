import { filsToDecimalString } from '@qahwa/schema/money';
import { WORDS } from './words';

type Words = { en: string; ar: string };

export interface DocumentLineView {
  nameEn: string;
  nameAr: string;
  unitFils: number;
  quantity: number;
  discountFils: number;
  taxableFils: number;
  vatFils: number;
  totalFils: number;
}

/** Everything one page prints: an invoice, a receipt or a credit note, as stored when it was issued. */
export interface DocumentView {
  kind: 'INVOICE' | 'RECEIPT' | 'CREDIT_NOTE';
  number: string;
  issuedAt: Date;
  orderId: string;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  rateBp: number;
  supplier: { nameEn: string; nameAr: string; addressEn: string; addressAr: string; trn: string | null };
  customer: {
    name: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    emirate: string;
    cityAr?: string;
    emirateAr?: string;
  };
  lines: DocumentLineView[];
  shipping: { taxableFils: number; vatFils: number; totalFils: number };
  taxableFils: number;
  vatFils: number;
  totalFils: number;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const aed = (fils: number) => filsToDecimalString(fils);

/** Dubai's date of issue, the same in both languages (Latin digits, as the store's prices). */
const dateOf = (at: Date) => new Date(at.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/** A label in both languages: English at the start, Arabic (right to left) at the end. */
const both = (w: Words) =>
  `<span class="en">${esc(w.en)}</span><span class="ar" dir="rtl" lang="ar">${esc(w.ar)}</span>`;

/** A table heading: English above, Arabic below. */
const stacked = (w: Words) =>
  `<div class="en">${esc(w.en)}</div><div class="ar" dir="rtl" lang="ar">${esc(w.ar)}</div>`;

function titleOf(view: DocumentView): Words {
  if (view.kind !== 'CREDIT_NOTE') return WORDS[view.kind];
  return view.supplier.trn ? WORDS.CREDIT_NOTE : WORDS.CREDIT_NOTE_UNREGISTERED;
}

/**
 * The page as HTML for Chromium to print: one document in both languages. Arabic is set by the
 * browser (bidi, shaping, joining) in DejaVu Sans, the font Debian's Chromium brings with it
 * (docs/invoices.md says why this route).
 */
export function documentHtml(view: DocumentView): string {
  const taxed = view.kind === 'INVOICE' || (view.kind === 'CREDIT_NOTE' && view.supplier.trn !== null);
  const title = titleOf(view);
  const meta: [Words, string][] = [
    [WORDS.number, view.number],
    [WORDS.date, dateOf(view.issuedAt)],
    [WORDS.order, view.orderId],
  ];
  if (view.invoiceNumber) meta.push([WORDS.againstInvoice, view.invoiceNumber]);
  const heads: Words[] = taxed
    ? [
        WORDS.item,
        WORDS.unitPrice,
        WORDS.quantity,
        WORDS.discount,
        WORDS.taxable,
        WORDS.rate,
        WORDS.vat,
        WORDS.total,
      ]
    : [WORDS.item, WORDS.unitPrice, WORDS.quantity, WORDS.discount, WORDS.total];
  const rate = percent(view.rateBp);
  const row = (name: string, cells: string[]) =>
    `<tr><td class="item">${name}</td>${cells.map((c) => `<td class="num">${c}</td>`).join('')}</tr>`;
  const lineRows = view.lines.map((l) =>
    row(
      `<div class="en">${esc(l.nameEn)}</div><div class="ar" dir="rtl" lang="ar">${esc(l.nameAr)}</div>`,
      taxed
        ? [
            aed(l.unitFils),
            String(l.quantity),
            aed(l.discountFils),
            aed(l.taxableFils),
            rate,
            aed(l.vatFils),
            aed(l.totalFils),
          ]
        : [aed(l.unitFils), String(l.quantity), aed(l.discountFils), aed(l.totalFils)],
    ),
  );
  if (view.shipping.totalFils > 0) {
    lineRows.push(
      row(
        stacked(WORDS.delivery),
        taxed
          ? [
              '',
              '',
              '',
              aed(view.shipping.taxableFils),
              rate,
              aed(view.shipping.vatFils),
              aed(view.shipping.totalFils),
            ]
          : ['', '', '', aed(view.shipping.totalFils)],
      ),
    );
  }
  const totalWords =
    view.kind === 'CREDIT_NOTE' ? WORDS.totalCredited : taxed ? WORDS.totalDue : WORDS.totalPaid;
  const totals: [Words, string][] = taxed
    ? [
        [WORDS.totalTaxable, aed(view.taxableFils)],
        [{ en: `${WORDS.totalVat.en} ${rate}`, ar: `${WORDS.totalVat.ar} ${rate}` }, aed(view.vatFils)],
        [totalWords, aed(view.totalFils)],
      ]
    : [[totalWords, aed(view.totalFils)]];
  const s = view.supplier;
  const c = view.customer;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(view.number)}</title>
<style>
  @page { size: A4; margin: 14mm 12mm; }
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', sans-serif; font-size: 9pt; color: #1f1a17; margin: 0; }
  .ar { font-family: 'DejaVu Sans', sans-serif; text-align: right; }
  h1 { font-size: 17pt; margin: 0 0 4mm; display: flex; justify-content: space-between; gap: 6mm; }
  .pair { display: flex; justify-content: space-between; gap: 8mm; margin-bottom: 3mm; }
  .pair > div { flex: 1; }
  .label { display: flex; justify-content: space-between; gap: 3mm; color: #6b5e55; font-size: 8pt; }
  .meta { display: grid; grid-template-columns: 1fr 1fr; gap: 1mm 8mm; margin: 3mm 0 5mm; }
  .meta div { display: flex; justify-content: space-between; gap: 3mm; border-bottom: 0.3pt solid #d8cfc7; padding: 1mm 0; }
  .meta b { font-weight: bold; direction: ltr; }
  section { border: 0.5pt solid #d8cfc7; border-radius: 2mm; padding: 2.5mm 3mm; margin-bottom: 4mm; }
  table { width: 100%; border-collapse: collapse; margin-top: 2mm; }
  th { background: #f4efe9; font-weight: bold; font-size: 7.5pt; padding: 1.5mm; vertical-align: bottom; }
  th .en { text-align: left; } th .ar { text-align: right; }
  td { border-bottom: 0.3pt solid #d8cfc7; padding: 1.5mm; vertical-align: top; }
  td.num { text-align: right; white-space: nowrap; direction: ltr; }
  th.num { text-align: right; }
  td.item { width: 34%; }
  .totals { margin-top: 3mm; margin-left: auto; width: 60%; }
  .totals div { display: flex; justify-content: space-between; gap: 3mm; padding: 1mm 0; border-bottom: 0.3pt solid #d8cfc7; }
  .totals div:last-child { font-weight: bold; font-size: 10.5pt; border-bottom: 1pt solid #1f1a17; }
  .totals .label { flex: 1; color: inherit; font-size: inherit; }
  .note { margin-top: 4mm; display: flex; justify-content: space-between; gap: 8mm; color: #6b5e55; font-size: 8pt; }
</style></head>
<body>
  <h1>${both(title)}</h1>
  <div class="meta">${meta.map(([w, v]) => `<div>${both(w)}<b>${esc(v)}</b></div>`).join('')}</div>
  <section>
    <div class="label">${both(WORDS.supplier)}</div>
    <div class="pair">
      <div class="en"><b>${esc(s.nameEn)}</b><br>${esc(s.addressEn)}</div>
      <div class="ar" dir="rtl" lang="ar"><b>${esc(s.nameAr)}</b><br>${esc(s.addressAr)}</div>
    </div>
    ${s.trn ? `<div class="label">${both(WORDS.trn)}</div><div><b>${esc(s.trn)}</b></div>` : ''}
  </section>
  <section>
    <div class="label">${both(WORDS.customer)}</div>
    <div dir="auto"><b>${esc(c.name)}</b></div>
    <div class="pair">
      <div class="en">${esc(c.address)}<br>${esc(c.city)}, ${esc(c.emirate)}</div>
      ${c.cityAr && c.emirateAr ? `<div class="ar" dir="rtl" lang="ar">${esc(c.cityAr)}، ${esc(c.emirateAr)}</div>` : ''}
    </div>
    <div>${esc(c.phone)} · ${esc(c.email)}</div>
  </section>
  <table>
    <thead><tr>${heads.map((h, i) => `<th class="${i === 0 ? '' : 'num'}">${stacked(h)}</th>`).join('')}</tr></thead>
    <tbody>${lineRows.join('')}</tbody>
  </table>
  <div class="totals">${totals.map(([w, v]) => `<div><span class="label">${both(w)}</span><b>${v}</b></div>`).join('')}</div>
  <div class="note">${taxed ? both(WORDS.amountsInAed) : both(WORDS.notRegistered)}</div>
</body></html>`;
}
