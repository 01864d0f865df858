import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  orderItems,
  orderStatusHistory,
  orders,
  products,
  productVariations,
  returns,
  variationBeans,
  variationSizes,
  variationTypes,
} from '../../schema';

/*
 * The guest's order tracking (docs/order-tracking.md): what the lookup compares and what the
 * tracking page shows. Reads the order's own snapshot (the contact and address as given at its
 * checkout), never the customer record a later checkout may have changed.
 */
export function createOrderTrackingRepository(db: DbOrTx) {
  return {
    /** The order's id and the contact its checkout gave, to compare with what the shopper typed. */
    async contactOf(orderNumber: string) {
      const [row] = await db
        .select({
          id: orders.id,
          email: orders.customerEmail,
          phone: orders.customerPhone,
          locale: orders.locale,
        })
        .from(orders)
        .where(eq(orders.id, orderNumber));
      return row ?? null;
    },

    /** The order, its lines with their pictures, each status it went through with when, and when it was returned. */
    async view(orderId: string) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return null;
      const [items, history, refunded] = await Promise.all([
        db
          .select({
            id: orderItems.id,
            name: orderItems.name,
            nameAr: orderItems.nameAr,
            variation: orderItems.variation,
            // The order keeps its options' English names; their Arabic names are today's, read
            // through the variation (null when it is gone: the page then shows the English).
            weightAr: variationSizes.displayNameAr,
            beansAr: variationBeans.nameAr,
            additionsAr: variationTypes.nameAr,
            hasVariation: sql<boolean>`${productVariations.id} is not null`,
            unitFils: orderItems.unitFils,
            quantity: orderItems.quantity,
            lineFils: orderItems.lineFils,
            imageUrl: sql<string | null>`coalesce(${productVariations.imageUrl}, ${products.imageUrl})`,
          })
          .from(orderItems)
          .leftJoin(productVariations, eq(productVariations.id, orderItems.variationId))
          .leftJoin(products, eq(products.id, orderItems.productId))
          .leftJoin(variationSizes, eq(variationSizes.id, productVariations.sizeId))
          .leftJoin(variationBeans, eq(variationBeans.id, productVariations.beansId))
          .leftJoin(variationTypes, eq(variationTypes.id, productVariations.typeId))
          .where(eq(orderItems.orderId, orderId))
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
        db
          .select({ toStatus: orderStatusHistory.toStatus, at: orderStatusHistory.createdAt })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, orderId))
          .orderBy(asc(orderStatusHistory.createdAt)),
        // When goods came back and were refunded: the timeline's `returned` step (the latest refund).
        db
          .select({ at: sql<Date | null>`max(${returns.refundedAt})` })
          .from(returns)
          .where(and(eq(returns.orderId, orderId), eq(returns.status, 'refunded'))),
      ]);
      const returnedAt = refunded[0]?.at ? new Date(refunded[0].at) : null;
      return { order, items, history, returnedAt };
    },
  };
}
export type OrderTrackingRepository = ReturnType<typeof createOrderTrackingRepository>;
