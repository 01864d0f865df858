import { randomUUID } from 'node:crypto';
import type { OrderPlaced, OrderStatusChanged, RefundIssued } from '@qahwa/schema';

/** Valid events with fresh ids; no I/O, so unit tests can use them too. */
export function orderPlaced(
  overrides: Partial<OrderPlaced['data']> = {},
  requestId = `req-${randomUUID()}`,
): OrderPlaced {
  const placedAt = overrides.placedAt ?? '2026-03-10T08:00:00.000Z';
  return {
    id: randomUUID(),
    type: 'OrderPlaced',
    version: 1,
    occurredAt: placedAt,
    requestId,
    data: {
      orderId: randomUUID(),
      customerId: randomUUID(),
      isNewCustomer: true,
      status: 'new',
      paymentProvider: 'COD',
      totalFils: 12_500,
      placedAt,
      items: [{ productId: randomUUID(), variationId: randomUUID(), quantity: 1, unitFils: 12_500 }],
      ...overrides,
    },
  };
}

export function orderStatusChanged(
  orderId: string,
  from: OrderStatusChanged['data']['from'],
  to: OrderStatusChanged['data']['to'],
  changedAt = '2026-03-10T09:00:00.000Z',
): OrderStatusChanged {
  return {
    id: randomUUID(),
    type: 'OrderStatusChanged',
    version: 1,
    occurredAt: changedAt,
    data: { orderId, from, to, changedAt },
  };
}

/**
 * The refund of `units` of each of an order's lines at their unit price (a return without
 * discounts), plus `shippingFils`; filed on the order's placing as the returns workflow does.
 */
export function refundIssued(
  order: OrderPlaced,
  lines: Array<{ productId: string; quantity: number; refundFils: number }>,
  shippingFils = 0,
): RefundIssued {
  const refundedAt = '2026-03-20T10:00:00.000Z';
  return {
    id: randomUUID(),
    type: 'RefundIssued',
    version: 1,
    occurredAt: refundedAt,
    data: {
      returnNumber: 'RT-100001',
      orderId: order.data.orderId,
      orderPlacedAt: order.data.placedAt,
      paymentProvider: order.data.paymentProvider,
      method: 'BANK_TRANSFER',
      amountFils: lines.reduce((n, l) => n + l.refundFils, shippingFils),
      shippingFils,
      lines: lines.map((l) => ({
        orderItemId: randomUUID(),
        productId: l.productId,
        variationId: randomUUID(),
        quantity: l.quantity,
        refundFils: l.refundFils,
      })),
      refundedAt,
    },
  };
}
