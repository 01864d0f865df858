import { eq, type Tx, tables } from '@qahwa/db';
import { creditOfLines } from '@qahwa/schema/tax';
import { issueInvoice, lockOrder } from './issue';
import { takeNumber } from './numbering';
import type { CreditNoteRequest, IssuedDocument } from './types';

type DocumentLine = (typeof tables.invoices.$inferSelect.lines)[number];

export class CreditNoteRequestError extends Error {
  override readonly name = 'CreditNoteRequestError';
}

/**
 * The credit note of one refund, in the caller's transaction (the refund's own, so the money
 * and its document are recorded together). Lines are credited cumulatively by creditOfLines, so
 * the credit notes of a line, however many, add up to exactly what its invoice charged; shipping
 * is credited whole, once. A refund id already credited returns its credit note unchanged.
 */
export async function issueCreditNote(tx: Tx, request: CreditNoteRequest): Promise<IssuedDocument> {
  const order = await lockOrder(tx, request.orderId);
  const [existing] = await tx
    .select({ number: tables.creditNotes.number, orderId: tables.creditNotes.orderId })
    .from(tables.creditNotes)
    .where(eq(tables.creditNotes.refundId, request.refundId));
  if (existing) {
    if (existing.orderId !== order.id) {
      throw new CreditNoteRequestError(
        `refund ${request.refundId} was credited on order ${existing.orderId}`,
      );
    }
    return { number: existing.number, kind: 'CREDIT_NOTE', created: false };
  }
  // A refunded order was paid, so it is owed an invoice; if the consumer has not issued it yet, this does.
  await issueInvoice(tx, order.id);
  const [invoice] = await tx.select().from(tables.invoices).where(eq(tables.invoices.orderId, order.id));
  if (!invoice) throw new CreditNoteRequestError(`order ${order.id} has no invoice to credit`);
  const earlier = await tx
    .select({ lines: tables.creditNotes.lines, shipping: tables.creditNotes.shipping })
    .from(tables.creditNotes)
    .where(eq(tables.creditNotes.orderId, order.id));
  const creditedBefore = new Map<string, number>();
  for (const note of earlier) {
    for (const l of note.lines)
      creditedBefore.set(l.orderItemId, (creditedBefore.get(l.orderItemId) ?? 0) + l.quantity);
  }
  const shippingCredited = earlier.some((n) => n.shipping.totalFils > 0);
  const invoiced = new Map(invoice.lines.map((l) => [l.orderItemId, l]));
  const asked = new Map<string, number>();
  for (const l of request.lines) {
    if (!invoiced.has(l.orderItemId)) {
      throw new CreditNoteRequestError(`order ${order.id} has no line ${l.orderItemId}`);
    }
    asked.set(l.orderItemId, (asked.get(l.orderItemId) ?? 0) + l.quantity);
  }
  const credit = creditOfLines({
    lines: [...asked].map(([key, crediting]) => {
      const line = invoiced.get(key) as DocumentLine;
      return {
        key,
        quantity: line.quantity,
        grossFils: line.grossFils,
        discountFils: line.discountFils,
        taxableFils: line.taxableFils,
        vatFils: line.vatFils,
        creditedBefore: creditedBefore.get(key) ?? 0,
        crediting,
      };
    }),
    shipping:
      request.shipping && !shippingCredited
        ? {
            grossFils: invoice.shipping.totalFils,
            taxableFils: invoice.shipping.taxableFils,
            vatFils: invoice.shipping.vatFils,
          }
        : null,
    rateBp: invoice.rateBp,
  });
  if (credit.totalFils === 0 && credit.lines.every((l) => l.quantity === 0)) {
    throw new CreditNoteRequestError(`refund ${request.refundId} credits nothing`);
  }
  const lines = credit.lines.map((c): DocumentLine => {
    const line = invoiced.get(c.key) as DocumentLine;
    return {
      ...line,
      quantity: c.quantity,
      grossFils: c.grossFils,
      discountFils: c.discountFils,
      taxableFils: c.taxableFils,
      vatFils: c.vatFils,
      totalFils: c.totalFils,
    };
  });
  const { number, issuedAt } = await takeNumber(tx, 'CN');
  await tx.insert(tables.creditNotes).values({
    number,
    invoiceId: invoice.id,
    orderId: order.id,
    refundId: request.refundId,
    issuedAt,
    rateBp: invoice.rateBp,
    supplier: invoice.supplier,
    customer: invoice.customer,
    lines,
    shipping: credit.shipping
      ? {
          taxableFils: credit.shipping.taxableFils,
          vatFils: credit.shipping.vatFils,
          totalFils: credit.shipping.grossFils,
        }
      : { taxableFils: 0, vatFils: 0, totalFils: 0 },
    taxableFils: credit.taxableFils,
    vatFils: credit.vatFils,
    totalFils: credit.totalFils,
    currency: invoice.currency,
  });
  return { number, kind: 'CREDIT_NOTE', created: true };
}

/**
 * The credit note of a refund that gives the whole order back (a paid order cancelled by staff):
 * every unit not credited yet and the shipping. Idempotent per refund id like issueCreditNote.
 */
export async function issueFullCreditNote(
  tx: Tx,
  request: { orderId: string; refundId: string },
): Promise<IssuedDocument> {
  await lockOrder(tx, request.orderId);
  const items = await tx
    .select({ id: tables.orderItems.id, quantity: tables.orderItems.quantity })
    .from(tables.orderItems)
    .where(eq(tables.orderItems.orderId, request.orderId));
  const earlier = await tx
    .select({ lines: tables.creditNotes.lines })
    .from(tables.creditNotes)
    .where(eq(tables.creditNotes.orderId, request.orderId));
  const credited = new Map<string, number>();
  for (const note of earlier) {
    for (const l of note.lines) credited.set(l.orderItemId, (credited.get(l.orderItemId) ?? 0) + l.quantity);
  }
  const lines = items
    .map((i) => ({ orderItemId: i.id, quantity: i.quantity - (credited.get(i.id) ?? 0) }))
    .filter((l) => l.quantity > 0);
  return issueCreditNote(tx, { ...request, lines, shipping: true });
}
