import type { Db, DbOrTx, LineWithItem, ReturnRow } from '@qahwa/db';
import { createReturnsRepository, eq, tables } from '@qahwa/db';
import {
  type AdminReturnDetail,
  isOpenReturn,
  RETURN_ARRIVAL_DAYS,
  type ReturnView,
  returnDeadline,
  returnRefundReference,
  type ShopperReturns,
} from '@qahwa/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A return as the shopper and the staff screens show it. */
export function returnViewOf(row: ReturnRow, lines: readonly LineWithItem[]): ReturnView {
  return {
    number: row.number,
    orderId: row.orderId,
    status: row.status,
    reason: row.reason,
    note: row.note,
    photoUrl: row.photoUrl,
    lines: lines.map((l) => ({
      orderItemId: l.orderItemId,
      name: l.name,
      nameAr: l.nameAr,
      variation: l.variation,
      quantity: l.quantity,
      unitFils: l.unitFils,
      refundFils: l.refundFils,
      resaleable: l.resaleable,
    })),
    shippingRefundFils: row.shippingRefundFils,
    refundFils: row.refundFils,
    refundMethod: row.refundMethod,
    staffMessage: row.staffMessage,
    requestedAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    receivedAt: iso(row.receivedAt),
    refundedAt: iso(row.refundedAt),
    arriveBy: iso(row.arriveBy),
  };
}

/** The order's returns and what its form may still offer (GET /api/orders/track/:token/returns). */
export async function shopperReturnsOf(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<ShopperReturns> {
  const repo = createReturnsRepository(db);
  const rows = await repo.ofOrder(orderId);
  const lines = await repo.linesOf(rows.map((r) => r.id));
  const delivered = await repo.deliveredAt(orderId);
  const items = await repo.returnableItems(orderId);
  const deadline = delivered ? returnDeadline(delivered) : null;
  const offered = items.map((i) => ({
    orderItemId: i.orderItemId,
    name: i.name,
    nameAr: i.nameAr,
    variation: i.variation,
    unitFils: i.unitFils,
    ordered: i.quantity,
    returnable: i.openReturn ? 0 : Math.max(0, i.quantity - i.returned),
    openReturn: i.openReturn,
  }));
  return {
    returns: rows.map((r) => returnViewOf(r, lines.get(r.id) ?? [])),
    canRequest: deadline !== null && now <= deadline && offered.some((l) => l.returnable > 0),
    deadline: iso(deadline),
    lines: offered,
  };
}

/** A return as the back office shows it, with its order, refund and allowed actions. */
export async function adminReturnOf(db: Db, number: string): Promise<AdminReturnDetail | null> {
  const repo = createReturnsRepository(db);
  const row = await repo.find(number);
  if (!row) return null;
  const order = await repo.orderOf(row.orderId);
  if (!order) return null;
  const lines = (await repo.linesOf([row.id])).get(row.id) ?? [];
  const [refund] = await db
    .select()
    .from(tables.refunds)
    .where(eq(tables.refunds.reference, returnRefundReference(number)));
  const history: AdminReturnDetail['history'] = [
    { status: 'requested', at: row.createdAt.toISOString(), byEmail: null, note: row.note },
  ];
  if (row.decidedAt)
    history.push({
      status: row.status === 'rejected' ? 'rejected' : 'approved',
      at: row.decidedAt.toISOString(),
      byEmail: row.decidedBy,
      note: row.staffMessage,
    });
  if (row.receivedAt)
    history.push({
      status: 'received',
      at: row.receivedAt.toISOString(),
      byEmail: row.receivedBy,
      note: null,
    });
  if (row.refundedAt)
    history.push({
      status: 'refunded',
      at: row.refundedAt.toISOString(),
      byEmail: row.refundedBy,
      note: null,
    });
  if (row.expiredAt)
    history.push({ status: 'expired', at: row.expiredAt.toISOString(), byEmail: null, note: null });
  const refundAsked = refund !== undefined && refund.status !== 'failed';
  return {
    ...returnViewOf(row, lines),
    order: {
      id: order.id,
      status: order.status,
      paymentProvider: order.paymentProvider,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      locale: order.locale,
      totalFils: order.totalFils,
    },
    actions: {
      approve: row.status === 'requested',
      reject: row.status === 'requested',
      receive: row.status === 'approved',
      refund: row.status === 'received' && !refundAsked,
    },
    refund: refund
      ? {
          reference: refund.reference,
          status: refund.status,
          amountFils: refund.amountFils,
          providerRefundId: refund.providerRefundId,
          lastError: refund.lastError,
        }
      : null,
    codReference: row.codReference,
    history,
  };
}

/** Until when approved goods may arrive. */
export const arriveByOf = (approvedAt: Date) =>
  new Date(approvedAt.getTime() + RETURN_ARRIVAL_DAYS * 24 * 60 * 60 * 1000);

export { isOpenReturn };
