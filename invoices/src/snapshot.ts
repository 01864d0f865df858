import { createSettingsRepository, eq, type Tx, tables } from '@qahwa/db';
import { placeNames } from '@qahwa/schema/reference';
import { vatOfOrder } from '@qahwa/schema/tax';

type Order = typeof tables.orders.$inferSelect;
type DocumentSupplier = typeof tables.invoices.$inferInsert.supplier;
type DocumentCustomer = typeof tables.invoices.$inferInsert.customer;
type DocumentLine = (typeof tables.invoices.$inferInsert.lines)[number];
type DocumentShipping = typeof tables.invoices.$inferInsert.shipping;

/** What an invoice or receipt says, taken from the order and the `vat` setting at the time of issue. */
export interface InvoiceSnapshot {
  kind: 'INVOICE' | 'RECEIPT';
  rateBp: number;
  supplier: DocumentSupplier;
  customer: DocumentCustomer;
  lines: DocumentLine[];
  shipping: DocumentShipping;
  taxableFils: number;
  vatFils: number;
  totalFils: number;
  currency: string;
  locale: string;
}

export class InvoiceFiguresError extends Error {
  override readonly name = 'InvoiceFiguresError';
}

export function customerOf(order: Order): DocumentCustomer {
  const en = placeNames(order.emirate, order.city, 'en');
  const ar = placeNames(order.emirate, order.city, 'ar');
  return {
    name: order.customerName,
    email: order.customerEmail,
    phone: order.customerPhone,
    address: order.address,
    city: en.city,
    emirate: en.emirate,
    cityAr: ar.city,
    emirateAr: ar.emirate,
  };
}

/**
 * The figures come from vatOfOrder over the order's lines at the order's own rate (the rate it
 * was placed and charged under), the one rule that filled the order's VAT columns; when those
 * columns say otherwise the invoice is refused rather than printed with figures the order does
 * not carry. A tax invoice needs the store registered with a TRN now and VAT on the order; any
 * other order gets a receipt, which shows no VAT.
 */
export async function invoiceSnapshot(tx: Tx, order: Order): Promise<InvoiceSnapshot> {
  const items = await tx
    .select()
    .from(tables.orderItems)
    .where(eq(tables.orderItems.orderId, order.id))
    .orderBy(tables.orderItems.createdAt, tables.orderItems.id);
  const { vat } = await createSettingsRepository(tx).values(tx);
  const kind = vat.registered && vat.trn && order.vatRateBp > 0 ? 'INVOICE' : 'RECEIPT';
  const rateBp = kind === 'INVOICE' ? order.vatRateBp : 0;
  const figures = vatOfOrder({
    lines: items.map((i) => ({ key: i.id, lineFils: i.lineFils })),
    discountFils: order.discountFils,
    shippingFils: order.shippingFils,
    rateBp,
  });
  if (figures.totalFils !== order.totalFils) {
    throw new InvoiceFiguresError(
      `order ${order.id}: lines ${figures.totalFils} fils do not make its total ${order.totalFils}`,
    );
  }
  if (kind === 'INVOICE' && order.vatFils > 0 && figures.vatFils !== order.vatFils) {
    throw new InvoiceFiguresError(
      `order ${order.id}: VAT ${figures.vatFils} fils differs from the order's ${order.vatFils}`,
    );
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  const lines = figures.lines.map((l): DocumentLine => {
    const item = byId.get(l.key);
    if (!item) throw new InvoiceFiguresError(`order ${order.id}: line ${l.key} vanished`);
    return {
      orderItemId: item.id,
      nameEn: describe(item.name, item.variation),
      nameAr: describe(item.nameAr, item.variation),
      unitFils: item.unitFils,
      quantity: item.quantity,
      grossFils: l.grossFils,
      discountFils: l.discountFils,
      taxableFils: l.taxableFils,
      vatFils: l.vatFils,
      totalFils: l.totalFils,
    };
  });
  return {
    kind,
    rateBp,
    supplier: {
      nameEn: vat.nameEn,
      nameAr: vat.nameAr,
      addressEn: vat.addressEn,
      addressAr: vat.addressAr,
      trn: kind === 'INVOICE' ? vat.trn : null,
    },
    customer: customerOf(order),
    lines,
    shipping: {
      taxableFils: figures.shipping.taxableFils,
      vatFils: figures.shipping.vatFils,
      totalFils: figures.shipping.grossFils,
    },
    taxableFils: figures.taxableFils,
    vatFils: figures.vatFils,
    totalFils: figures.totalFils,
    currency: order.currency,
    locale: order.locale,
  };
}

/** "Yirgacheffe — 250g, Whole beans": the variation as the order recorded it. */
function describe(
  name: string,
  variation: { weight: string | null; beans: string | null; additions: string | null },
): string {
  const parts = [variation.weight, variation.beans, variation.additions].filter((p): p is string => !!p);
  return parts.length > 0 ? `${name} — ${parts.join(', ')}` : name;
}
