import { eq, type Tx, tables } from '@qahwa/db';
import { type Series, takeNumber } from './numbering';
import { invoiceSnapshot } from './snapshot';
import type { IssuedDocument } from './types';

export class OrderNotFoundError extends Error {
  override readonly name = 'OrderNotFoundError';
}

/** The order row, locked for the rest of the transaction: one issuer of an order's documents at a time. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(tables.orders).where(eq(tables.orders.id, orderId)).for('update');
  if (!order) throw new OrderNotFoundError(`order ${orderId} does not exist`);
  return order;
}

/**
 * The order's invoice (or receipt), issued in the caller's transaction on the first call and
 * returned as it is on every later one: the order row's lock makes a concurrent second call wait
 * and then find the first's, and `invoices.order_id` is unique besides.
 */
export async function issueInvoice(tx: Tx, orderId: string): Promise<IssuedDocument> {
  const order = await lockOrder(tx, orderId);
  const [existing] = await tx
    .select({ number: tables.invoices.number, kind: tables.invoices.kind })
    .from(tables.invoices)
    .where(eq(tables.invoices.orderId, orderId));
  if (existing) return { ...existing, created: false };
  const snapshot = await invoiceSnapshot(tx, order);
  const series: Series = snapshot.kind === 'INVOICE' ? 'INV' : 'RCT';
  const { number, issuedAt } = await takeNumber(tx, series);
  await tx.insert(tables.invoices).values({ ...snapshot, number, orderId, issuedAt });
  return { number, kind: snapshot.kind, created: true };
}
