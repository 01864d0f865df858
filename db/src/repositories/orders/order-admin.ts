import type { AdminOrderFilter } from '@qahwa/schema/contracts';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
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
import { adminOrderRow } from './admin-order-row';
import { itemCountSql, orderFilterWhere } from './order-filter';
import { createOrderMoves } from './order-move';

export { orderFilterWhere } from './order-filter';
export {
  isOrderMoveError,
  type OrderMove,
  type OrderMoved,
  OrderMoveError,
  refundReferenceOf,
} from './order-move';

/**
 * The back office's orders (docs/orders.md): the screen's search, the CSV export's rows, the order
 * page, and the status move (order-move.ts; its filter is order-filter.ts). One repository, as its
 * callers have always used it.
 */
export function createOrderAdminRepository(db: DbOrTx) {
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
      orders: rows.map(({ o, itemCount }) => adminOrderRow(o, itemCount)),
      total: count?.n ?? 0,
    };
  }

  return {
    ...createOrderMoves(db),

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
            discountFils: orderItems.discountFils,
            taxableFils: orderItems.taxableFils,
            vatFils: orderItems.vatFils,
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
