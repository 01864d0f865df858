import { randomUUID } from 'node:crypto';
import type { OrderStatus, OrderStatusChanged, PaymentProvider } from '@qahwa/schema';
import { toAed } from '@qahwa/schema';
import type { AdminOrderFilter } from '@qahwa/schema/contracts';
import { phoneSearchDigits } from '@qahwa/schema/customers';
import { canTransition } from '@qahwa/schema/orders';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  customers,
  emails,
  orderDiscounts,
  orderItems,
  orderStatusHistory,
  orders,
  outbox,
  payments,
  products,
  productVariations,
  refunds,
} from '../../schema';
import { type AuditActor, recordAudit } from '../audit/audit';
import { createStockRepository } from '../catalogue/stock';
import { createOutboxRepository } from '../operations/outbox';

/** Why a staff move was refused; the caller turns it into a 404 or a 409 the staff member can read. */
export class OrderMoveError extends Error {
  override readonly name = 'OrderMoveError';
  constructor(
    readonly code: 'not-found' | 'illegal' | 'stale',
    readonly orderId: string,
    /** What the order is now (absent when there is no such order). */
    readonly current?: { status: OrderStatus; version: number },
  ) {
    super(`order ${orderId}: ${code}`);
  }
}
export const isOrderMoveError = (e: unknown): e is OrderMoveError => e instanceof OrderMoveError;

export interface OrderMove {
  orderId: string;
  to: OrderStatus;
  /** The version the staff member saw. */
  version: number;
  actor: AuditActor;
  note?: string | undefined;
  requestId?: string | undefined;
}

export interface OrderMoved {
  orderId: string;
  /** The move's history row: the follow-up workflow is named after it. */
  moveId: string;
  from: OrderStatus;
  status: OrderStatus;
  version: number;
  paymentProvider: PaymentProvider;
  /** Set when a cancellation owes the shopper money: the refund row the workflow will carry out. */
  refund: { reference: string; provider: 'STRIPE' | 'TABBY'; paymentId: string; amountFils: number } | null;
}

/**
 * The idempotency key of an order's refund, sent to the provider: one cancellation, one refund.
 * The checkout id is in it because order numbers start again at QH-100001 in a fresh database
 * (tests, a reset development store) while the provider keeps its keys: a key must never name
 * two different refunds.
 */
export const refundReferenceOf = (orderId: string, checkoutId: string) => `refund-${orderId}-${checkoutId}`;

/**
 * The start of a Gulf calendar day (Asia/Dubai is UTC+4 all year, no daylight saving). Days are
 * held to 1900–2999: year 0000 is a valid ISO date but no PostgreSQL timestamp, and no order is
 * older or newer than that, so the filter means the same.
 */
const clampDay = (day: string) =>
  day < '1900-01-01' ? '1900-01-01' : day > '2999-12-31' ? '2999-12-31' : day;
const gulfDayStart = (day: string) => new Date(`${clampDay(day)}T00:00:00+04:00`);
const nextGulfDay = (day: string) => new Date(gulfDayStart(day).getTime() + 86_400_000);

// Qualified by hand: drizzle leaves a one-table select's columns unqualified, and `id` would be the item's.
const itemCountSql = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`;

/** LIKE's own wildcards in a shopper's text are literal characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter of the orders screen and its CSV export, as SQL over the order's own snapshot. */
export function orderFilterWhere(filter: AdminOrderFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.provider) where.push(eq(orders.paymentProvider, filter.provider));
  if (filter.from) where.push(gte(orders.createdAt, gulfDayStart(filter.from)));
  if (filter.to) where.push(lt(orders.createdAt, nextGulfDay(filter.to)));
  const q = filter.q?.trim();
  if (q) {
    const number = /^(?:qh-?)?(\d{1,12})$/i.exec(q)?.[1];
    // The customers screen's rule: 050…, +971 50… and 00971 50… find each other.
    const digits = phoneSearchDigits(q);
    const alternatives: SQL[] = [];
    if (number) alternatives.push(eq(orders.id, `QH-${number}`));
    if (q.includes('@') || /[a-z]/i.test(q)) {
      alternatives.push(ilike(orders.customerEmail, `%${likeEscape(q)}%`));
    }
    if (digits) {
      // Phones are kept as the shopper typed them (normalised at checkout); match the digits anywhere.
      alternatives.push(
        sql`regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`,
      );
    }
    if (alternatives.length === 0) alternatives.push(ilike(orders.customerName, `%${likeEscape(q)}%`));
    where.push(or(...alternatives) as SQL);
  }
  return where.length ? and(...where) : undefined;
}

export function createOrderAdminRepository(db: DbOrTx) {
  const outboxRepo = createOutboxRepository(db);
  const stock = createStockRepository(db);

  async function page(filter: AdminOrderFilter, { limit, offset }: { limit: number; offset: number }) {
    const where = orderFilterWhere(filter);
    const [rows, [count]] = await Promise.all([
      db
        .select({
          o: orders,
          itemCount: itemCountSql,
        })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
    ]);
    return {
      orders: rows.map(({ o, itemCount }) => ({
        id: o.id,
        customer: {
          id: o.customerId,
          fullName: o.customerName,
          email: o.customerEmail,
          phone: o.customerPhone,
        },
        createdAt: o.createdAt.toISOString(),
        status: o.status,
        total: toAed(o.totalFils),
        paymentProvider: o.paymentProvider,
        itemCount,
        emirate: o.emirate,
        city: o.city,
      })),
      total: count?.n ?? 0,
    };
  }

  return {
    /** The orders screen: filtered, newest first, with the count of everything the filter matches. */
    search: page,

    /** Every order the filter matches, for the CSV export, at most `max` (newest first). */
    async exportRows(filter: AdminOrderFilter, max = 10_000) {
      return db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          status: orders.status,
          paymentProvider: orders.paymentProvider,
          paymentReference: orders.paymentIntentId,
          customerName: orders.customerName,
          customerEmail: orders.customerEmail,
          customerPhone: orders.customerPhone,
          emirate: orders.emirate,
          city: orders.city,
          address: orders.address,
          itemCount: itemCountSql,
          subtotalFils: orders.subtotalFils,
          discountFils: orders.discountFils,
          shippingFils: orders.shippingFils,
          totalFils: orders.totalFils,
        })
        .from(orders)
        .where(orderFilterWhere(filter))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(max);
    },

    /**
     * THE status command (docs/orders.md). In one transaction: lock the order, check the version
     * the staff member saw (a stale page is refused, nothing written), check the transition by the
     * shared rule, write the status with the next version, a history row, the audit entry and the
     * outbox's OrderStatusChanged. A cancellation also gives the stock back here (through the
     * stock module, once: the status is its guard) and, for a card or pay-later order, records the
     * refund it owes under its idempotency key, which the cancellation workflow then carries out.
     */
    async move(move: OrderMove, tx: DbOrTx = db): Promise<OrderMoved> {
      const [order] = await tx.select().from(orders).where(eq(orders.id, move.orderId)).for('update');
      if (!order) throw new OrderMoveError('not-found', move.orderId);
      const current = { status: order.status, version: order.version };
      if (order.version !== move.version) throw new OrderMoveError('stale', move.orderId, current);
      if (!canTransition(order.status, move.to)) throw new OrderMoveError('illegal', move.orderId, current);

      if (move.to === 'cancelled') await stock.cancelOrder(order.id, move.requestId, tx);
      const [updated] = await tx
        .update(orders)
        // clock_timestamp, not now(): the projection keeps the newest status by this time, and now()
        // is when the transaction began, which may be before the move it waited behind.
        .set({ status: move.to, version: sql`${orders.version} + 1`, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(orders.id, order.id), eq(orders.version, move.version)))
        .returning({ version: orders.version, updatedAt: orders.updatedAt });
      // The row lock above makes this unreachable; kept so a future caller without it cannot double-move.
      if (!updated) throw new OrderMoveError('stale', move.orderId, current);

      const [history] = await tx
        .insert(orderStatusHistory)
        .values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: move.to,
          byUserId: move.actor.id,
          byEmail: move.actor.email,
          note: move.note ?? null,
          requestId: move.requestId ?? null,
        })
        .returning({ id: orderStatusHistory.id });
      const event: OrderStatusChanged = {
        id: randomUUID(),
        type: 'OrderStatusChanged',
        version: 1,
        occurredAt: updated.updatedAt.toISOString(),
        ...(move.requestId ? { requestId: move.requestId } : {}),
        data: {
          orderId: order.id,
          from: order.status,
          to: move.to,
          changedAt: updated.updatedAt.toISOString(),
          // The workers start the move's follow-up from this event, under the gateway's workflow id.
          moveId: history!.id,
        },
      };
      await outboxRepo.append(event, tx);
      await recordAudit(tx, {
        user: move.actor,
        module: 'orders',
        action: 'status',
        entityType: 'order',
        entityId: order.id,
        before: current,
        after: { status: move.to, version: updated.version, note: move.note ?? null },
        ...(move.requestId ? { requestId: move.requestId } : {}),
      });

      let refund: OrderMoved['refund'] = null;
      if (
        move.to === 'cancelled' &&
        order.paymentProvider !== 'COD' &&
        order.paymentIntentId &&
        order.totalFils > 0
      ) {
        refund = {
          reference: refundReferenceOf(order.id, order.checkoutId),
          provider: order.paymentProvider,
          paymentId: order.paymentIntentId,
          amountFils: order.totalFils,
        };
        await tx
          .insert(refunds)
          .values({
            orderId: order.id,
            paymentId: refund.paymentId,
            provider: refund.provider,
            amountFils: refund.amountFils,
            reference: refund.reference,
            reason: move.note ?? 'order cancelled',
          })
          .onConflictDoNothing();
      }
      return {
        orderId: order.id,
        moveId: history!.id,
        from: order.status,
        status: move.to,
        version: updated.version,
        paymentProvider: order.paymentProvider,
        refund,
      };
    },

    /**
     * The order page: the order, its lines with images, payment, discounts, refunds and timeline,
     * and the customer record's name and phone as they are now (an order keeps its own snapshot;
     * the record keeps what its first order gave: staff see both when they differ).
     */
    async detail(orderId: string) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return null;
      const [items, discounts, paymentRows, refundRows, history, events, mails, records] = await Promise.all([
        db
          .select({
            productId: orderItems.productId,
            variationId: orderItems.variationId,
            name: orderItems.name,
            nameAr: orderItems.nameAr,
            variation: orderItems.variation,
            unitFils: orderItems.unitFils,
            quantity: orderItems.quantity,
            lineFils: orderItems.lineFils,
            imageUrl: sql<string | null>`coalesce(${productVariations.imageUrl}, ${products.imageUrl})`,
          })
          .from(orderItems)
          .leftJoin(productVariations, eq(productVariations.id, orderItems.variationId))
          .leftJoin(products, eq(products.id, orderItems.productId))
          .where(eq(orderItems.orderId, orderId))
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
        db
          .select()
          .from(orderDiscounts)
          .where(eq(orderDiscounts.orderId, orderId))
          .orderBy(asc(orderDiscounts.createdAt)),
        db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)),
        db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt)),
        db
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, orderId))
          .orderBy(asc(orderStatusHistory.createdAt)),
        // Every event the store published about this order or its checkout (payment, placement, status).
        db
          .select({ type: outbox.type, createdAt: outbox.createdAt })
          .from(outbox)
          .where(
            or(
              sql`${outbox.payload} -> 'data' ->> 'orderId' = ${orderId}`,
              sql`${outbox.payload} -> 'data' ->> 'checkoutId' = ${order.checkoutId}`,
            ),
          )
          .orderBy(asc(outbox.createdAt)),
        db
          .select({
            purpose: emails.purpose,
            status: emails.status,
            at: emails.updatedAt,
            recipient: emails.recipient,
          })
          .from(emails)
          .where(eq(emails.subjectId, orderId)),
        db
          .select({ fullName: customers.fullName, phone: customers.phone })
          .from(customers)
          .where(eq(customers.id, order.customerId)),
      ]);
      return {
        order,
        customerRecord: records[0] ?? null,
        items,
        discounts,
        payment: paymentRows[0],
        refunds: refundRows,
        history,
        events,
        mails,
      };
    },
  };
}
export type OrderAdminRepository = ReturnType<typeof createOrderAdminRepository>;
