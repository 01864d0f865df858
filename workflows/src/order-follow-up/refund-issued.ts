import { asc, createOutboxRepository, eq, returnEvent, type Tx, tables } from '@qahwa/db';
import type { RefundMethod } from '@qahwa/schema';

const METHOD_OF: Record<'STRIPE' | 'TABBY', RefundMethod> = { STRIPE: 'CARD', TABBY: 'PAY_LATER' };

/**
 * RefundIssued for a paid order staff cancelled, in the transaction that marks its refund
 * succeeded (so once, as the mark is): the whole order went back, every line at what it was
 * charged (line less its discount share, VAT inside) and the shipping. The dashboard takes it off
 * the order's day and the products' sales (docs/dashboard.md, "Net of refunds"). A pay-later
 * payment closed before capture counts the same: the sale brought no money, and its credit note
 * cancels the invoice.
 */
export async function recordCancelledOrderRefund(
  tx: Tx,
  refund: { orderId: string; amountFils: number; provider: string },
): Promise<void> {
  const { orders, orderItems } = tables;
  const [order] = await tx
    .select({
      createdAt: orders.createdAt,
      paymentProvider: orders.paymentProvider,
      shippingFils: orders.shippingFils,
    })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  if (!order) return;
  const items = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variationId: orderItems.variationId,
      quantity: orderItems.quantity,
      lineFils: orderItems.lineFils,
      discountFils: orderItems.discountFils,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, refund.orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  await createOutboxRepository(tx).append(
    returnEvent('RefundIssued', {
      returnNumber: null,
      orderId: refund.orderId,
      orderPlacedAt: order.createdAt.toISOString(),
      paymentProvider: order.paymentProvider,
      method: METHOD_OF[refund.provider as 'STRIPE' | 'TABBY'] ?? 'CARD',
      amountFils: refund.amountFils,
      shippingFils: order.shippingFils,
      lines: items.map((i) => ({
        orderItemId: i.id,
        productId: i.productId,
        variationId: i.variationId,
        quantity: i.quantity,
        refundFils: i.lineFils - i.discountFils,
      })),
      refundedAt: new Date().toISOString(),
    }),
    tx,
  );
}
