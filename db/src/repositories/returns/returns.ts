import { randomUUID } from 'node:crypto';
import {
  type CreditLineInput,
  creditOfLines,
  type DomainEvent,
  type EventOf,
  type ReturnReason,
  type ReturnStatus,
  refundsShipping,
} from '@qahwa/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { orderItems, orderStatusHistory, orders, returnLines, returns } from '../../schema';
import { createOutboxRepository } from '../operations/outbox';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;

/** An order line as a return reads it: its invoice figures and what is left to return. */
export interface ReturnableItem {
  orderItemId: string;
  productId: string;
  variationId: string;
  name: string;
  nameAr: string;
  variation: { weight: string | null; beans: string | null; additions: string | null };
  unitFils: number;
  quantity: number;
  grossFils: number;
  discountFils: number;
  taxableFils: number;
  vatFils: number;
  /** Units in returns that are open or refunded (rejected and expired ones give theirs back). */
  returned: number;
  /** Units already refunded (the credit's "before"). */
  refunded: number;
  openReturn: string | null;
}

const OPEN: ReturnStatus[] = ['requested', 'approved', 'received'];

/**
 * Returns (docs/returns.md): the rows the gateway's routes and the `returnProcess` workflow's
 * activities share. Every change of status is a guarded update (`where status in (...)`), so a
 * double click, a retried activity and a racing staff member change a return once.
 */
export function createReturnsRepository(db: DbOrTx) {
  const outbox = createOutboxRepository(db);

  /** When the order was delivered (its first `delivered` history entry), or null. */
  async function deliveredAt(orderId: string, tx: DbOrTx = db): Promise<Date | null> {
    const [row] = await tx
      .select({
        at: sql<Date>`min(${orderStatusHistory.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
      })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'delivered')));
    return row?.at ?? null;
  }

  /** The order's lines with their invoice figures and what returns already hold of them. */
  async function returnableItems(orderId: string, tx: DbOrTx = db): Promise<ReturnableItem[]> {
    const { rows } = await tx.execute<{
      id: string;
      product_id: string;
      variation_id: string;
      name: string;
      name_ar: string;
      variation: ReturnableItem['variation'];
      unit_fils: number;
      quantity: number;
      line_fils: number;
      discount_fils: number;
      taxable_fils: number;
      vat_fils: number;
      returned: number;
      refunded: number;
      open_return: string | null;
    }>(sql`
      select i.id, i.product_id, i.variation_id, i.name, i.name_ar, i.variation, i.unit_fils,
        i.quantity, i.line_fils, i.discount_fils, i.taxable_fils, i.vat_fils,
        coalesce((select sum(l.quantity) from ${returnLines} l join ${returns} r on r.id = l.return_id
          where l.order_item_id = i.id and r.status in ('requested', 'approved', 'received', 'refunded')), 0)::int as returned,
        coalesce((select sum(l.quantity) from ${returnLines} l join ${returns} r on r.id = l.return_id
          where l.order_item_id = i.id and r.status = 'refunded'), 0)::int as refunded,
        (select r.number from ${returnLines} l join ${returns} r on r.id = l.return_id
          where l.order_item_id = i.id and l.open limit 1) as open_return
      from ${orderItems} i where i.order_id = ${orderId} order by i.created_at, i.id`);
    return rows.map((r) => ({
      orderItemId: r.id,
      productId: r.product_id,
      variationId: r.variation_id,
      name: r.name,
      nameAr: r.name_ar,
      variation: r.variation,
      unitFils: r.unit_fils,
      quantity: r.quantity,
      grossFils: r.line_fils,
      discountFils: r.discount_fils,
      taxableFils: r.taxable_fils,
      vatFils: r.vat_fils,
      returned: r.returned,
      refunded: r.refunded,
      openReturn: r.open_return,
    }));
  }

  /**
   * What a return of these quantities gives back: each line's share of its invoice figures
   * (creditOfLines, cumulative over the line's earlier refunds and open returns, so the returns
   * of a line add up to exactly its invoice) and shipping whole for DAMAGED and WRONG_ITEM.
   */
  async function amountsOf(
    order: { id: string; vatRateBp: number; shippingFils: number; shippingVatFils: number },
    items: readonly ReturnableItem[],
    chosen: readonly { orderItemId: string; quantity: number }[],
    reason: ReturnReason,
    tx: DbOrTx = db,
  ) {
    const byId = new Map(items.map((i) => [i.orderItemId, i]));
    // Shipping goes back once per order: not if an earlier return already took it.
    const [took] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(returns)
      .where(
        and(
          eq(returns.orderId, order.id),
          sql`${returns.shippingRefundFils} > 0`,
          inArray(returns.status, [...OPEN, 'refunded']),
        ),
      );
    const withShipping = refundsShipping(reason) && (took?.n ?? 0) === 0 && order.shippingFils > 0;
    const lines: CreditLineInput[] = chosen.map((c) => {
      const i = byId.get(c.orderItemId)!;
      return {
        key: i.orderItemId,
        quantity: i.quantity,
        grossFils: i.grossFils,
        discountFils: i.discountFils,
        taxableFils: i.taxableFils,
        vatFils: i.vatFils,
        creditedBefore: i.refunded,
        crediting: c.quantity,
      };
    });
    return creditOfLines({
      lines,
      shipping: withShipping
        ? {
            grossFils: order.shippingFils,
            taxableFils: order.shippingFils - order.shippingVatFils,
            vatFils: order.shippingVatFils,
          }
        : null,
      rateBp: order.vatRateBp,
    });
  }

  async function nextNumber(tx: DbOrTx): Promise<string> {
    const { rows } = await tx.execute<{ n: string }>(sql`select nextval('return_number_seq')::text as n`);
    return `RT-${rows[0]!.n}`;
  }

  /**
   * Records a return and its lines with ReturnRequested in the outbox, in the caller's
   * transaction. The partial unique index on open lines refuses a second open return of a line
   * (unique_violation, 23505): the caller answers that the line already has one.
   */
  async function create(
    tx: DbOrTx,
    input: {
      orderId: string;
      reason: ReturnReason;
      note: string | null;
      photoUrl: string | null;
      locale: string;
      lines: {
        orderItemId: string;
        productId: string;
        variationId: string;
        quantity: number;
        refundFils: number;
      }[];
      shippingRefundFils: number;
      requestId?: string | undefined;
    },
  ): Promise<ReturnRow> {
    const number = await nextNumber(tx);
    const refundFils = input.lines.reduce((a, l) => a + l.refundFils, input.shippingRefundFils);
    const [row] = await tx
      .insert(returns)
      .values({
        number,
        orderId: input.orderId,
        reason: input.reason,
        note: input.note,
        photoUrl: input.photoUrl,
        locale: input.locale,
        shippingRefundFils: input.shippingRefundFils,
        refundFils,
        requestId: input.requestId ?? null,
      })
      .returning();
    await tx.insert(returnLines).values(
      input.lines.map((l) => ({
        returnId: row!.id,
        orderItemId: l.orderItemId,
        quantity: l.quantity,
        refundFils: l.refundFils,
      })),
    );
    await outbox.append(
      returnEvent(
        'ReturnRequested',
        {
          returnNumber: number,
          orderId: input.orderId,
          reason: input.reason,
          refundFils,
          lines: input.lines,
          requestedAt: row!.createdAt.toISOString(),
        },
        input.requestId,
      ),
      tx,
    );
    return row!;
  }

  async function find(number: string, tx: DbOrTx = db): Promise<ReturnRow | null> {
    const [row] = await tx.select().from(returns).where(eq(returns.number, number));
    return row ?? null;
  }

  async function lock(number: string, tx: DbOrTx): Promise<ReturnRow | null> {
    const [row] = await tx.select().from(returns).where(eq(returns.number, number)).for('update');
    return row ?? null;
  }

  async function ofOrder(orderId: string, tx: DbOrTx = db): Promise<ReturnRow[]> {
    return tx.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.createdAt));
  }

  /** The lines of these returns with their order lines' names, by return id. */
  async function linesOf(returnIds: readonly string[], tx: DbOrTx = db) {
    if (returnIds.length === 0) return new Map<string, LineWithItem[]>();
    const rows = await tx
      .select({
        returnId: returnLines.returnId,
        orderItemId: returnLines.orderItemId,
        quantity: returnLines.quantity,
        refundFils: returnLines.refundFils,
        resaleable: returnLines.resaleable,
        productId: orderItems.productId,
        variationId: orderItems.variationId,
        name: orderItems.name,
        nameAr: orderItems.nameAr,
        variation: orderItems.variation,
        unitFils: orderItems.unitFils,
      })
      .from(returnLines)
      .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
      .where(inArray(returnLines.returnId, [...returnIds]))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
    const map = new Map<string, LineWithItem[]>();
    for (const r of rows) map.set(r.returnId, [...(map.get(r.returnId) ?? []), r]);
    return map;
  }

  /**
   * Moves a return from one of `from` to `to` with `set`, once: null when it was not in `from`
   * (already moved by a double click, a retry or another staff member). A move out of the open
   * states frees its lines for a new return.
   */
  async function move(
    tx: DbOrTx,
    number: string,
    from: readonly ReturnStatus[],
    to: ReturnStatus,
    set: Partial<typeof returns.$inferInsert> = {},
  ): Promise<ReturnRow | null> {
    const [row] = await tx
      .update(returns)
      .set({ ...set, status: to, updatedAt: sql`now()` })
      .where(and(eq(returns.number, number), inArray(returns.status, [...from])))
      .returning();
    if (!row) return null;
    if (!OPEN.includes(to)) {
      await tx.update(returnLines).set({ open: false }).where(eq(returnLines.returnId, row.id));
    }
    return row;
  }

  async function markResaleable(
    tx: DbOrTx,
    returnId: string,
    lines: readonly { orderItemId: string; resaleable: boolean }[],
  ): Promise<void> {
    for (const l of lines) {
      await tx
        .update(returnLines)
        .set({ resaleable: l.resaleable })
        .where(and(eq(returnLines.returnId, returnId), eq(returnLines.orderItemId, l.orderItemId)));
    }
  }

  async function orderOf(orderId: string, tx: DbOrTx = db) {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return row ?? null;
  }

  return {
    deliveredAt,
    returnableItems,
    amountsOf,
    create,
    find,
    lock,
    ofOrder,
    linesOf,
    move,
    markResaleable,
    orderOf,
  };
}
export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;

export interface LineWithItem {
  returnId: string;
  orderItemId: string;
  quantity: number;
  refundFils: number;
  resaleable: boolean | null;
  productId: string;
  variationId: string;
  name: string;
  nameAr: string;
  variation: { weight: string | null; beans: string | null; additions: string | null };
  unitFils: number;
}

/** A return event with a fresh id and the clock's time (the outbox relays it). */
export function returnEvent<T extends 'ReturnRequested' | 'ReturnApproved' | 'RefundIssued'>(
  type: T,
  data: EventOf<T>['data'],
  requestId?: string | undefined,
): DomainEvent {
  const meta = {
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    ...(requestId ? { requestId } : {}),
  };
  return { type, version: 1, data, ...meta } as unknown as DomainEvent;
}
