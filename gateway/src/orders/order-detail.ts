import type { OrderAdminRepository } from '@qahwa/db';
import { toAed } from '@qahwa/schema';
import type { AdminOrderDetail } from '@qahwa/schema/contracts';
import { allowedTransitions, isShopperNotified } from '@qahwa/schema/orders';
import { orderCheckoutWorkflowId, orderFollowUpWorkflowId } from '@qahwa/workflows';

/** What the repository reads for the order page (`OrderAdminRepository.detail`), found. */
export type OrderDetailRecord = NonNullable<Awaited<ReturnType<OrderAdminRepository['detail']>>>;

/** Status moves, published events and mails, in the order they happened. */
function timelineOf({ history, events, mails }: OrderDetailRecord): AdminOrderDetail['timeline'] {
  return [
    ...history.map((h) => ({
      at: h.createdAt.toISOString(),
      kind: 'status' as const,
      label: h.toStatus,
      from: h.fromStatus,
      by: h.byEmail,
      note: h.note,
    })),
    ...events.map((e) => ({
      at: e.createdAt.toISOString(),
      kind: 'event' as const,
      label: e.type,
      from: null,
      by: null,
      note: null,
    })),
    ...mails.map((m) => ({
      at: m.at.toISOString(),
      kind: 'email' as const,
      label: m.purpose,
      from: null,
      by: null,
      note: m.status,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/** The runs that made and followed this order; their ids are derived, as the code that starts them derives them. */
function workflowsOf({ order, history }: OrderDetailRecord): AdminOrderDetail['workflows'] {
  return [
    { workflowId: orderCheckoutWorkflowId(order), kind: 'checkout' },
    ...history
      .filter((h) => h.toStatus === 'cancelled' || isShopperNotified(h.toStatus as never))
      .map((h) => ({
        workflowId: orderFollowUpWorkflowId(order.id, h.toStatus, h.id),
        kind: h.toStatus,
      })),
  ];
}

/**
 * The order page's answer (GET /api/admin/orders/:id, docs/orders.md): the order's own snapshot
 * (customer, lines, totals in AED), the moves staff may make from its status, its payment, the
 * discounts and refunds, the timeline and the Temporal runs behind it.
 */
export function orderDetailOf(found: OrderDetailRecord): AdminOrderDetail {
  const { order, items, discounts, payment, customerRecord } = found;
  return {
    id: order.id,
    status: order.status,
    version: order.version,
    createdAt: order.createdAt.toISOString(),
    locale: order.locale,
    checkoutId: order.checkoutId,
    allowedTransitions: [...allowedTransitions(order.status)],
    customer: {
      id: order.customerId,
      fullName: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      emirate: order.emirate,
      city: order.city,
      address: order.address,
      record: customerRecord,
    },
    items: items.map((i) => ({
      productId: i.productId,
      variationId: i.variationId,
      name: i.name,
      nameAr: i.nameAr,
      variation: i.variation,
      imageUrl: i.imageUrl,
      unitPrice: toAed(i.unitFils),
      quantity: i.quantity,
      lineTotal: toAed(i.lineFils),
      discountFils: i.discountFils,
      taxableFils: i.taxableFils,
      vatFils: i.vatFils,
    })),
    totals: {
      subtotal: toAed(order.subtotalFils),
      discount: toAed(order.discountFils),
      shipping: toAed(order.shippingFils),
      tax: toAed(order.taxFils),
      total: toAed(order.totalFils),
      vatRateBp: order.vatRateBp,
      vatFils: order.vatFils,
      shippingVatFils: order.shippingVatFils,
    },
    payment: {
      provider: order.paymentProvider,
      reference: payment?.id ?? order.paymentIntentId,
      status: payment?.status ?? (order.paymentProvider === 'COD' ? 'cash_on_delivery' : null),
      method: payment?.method ?? null,
      amount: payment ? toAed(payment.amountFils) : null,
      refunded: toAed(payment?.refundedFils ?? 0),
      needsAttention: payment?.needsAttention ?? false,
      attentionReason: payment?.attentionReason ?? null,
    },
    discounts: discounts.map((d) => ({
      kind: d.kind,
      name: d.name,
      nameAr: d.nameAr,
      code: d.code,
      amount: toAed(d.amountFils),
    })),
    refunds: found.refunds.map((f) => ({
      reference: f.reference,
      provider: f.provider,
      amount: toAed(f.amountFils),
      status: f.status,
      providerRefundId: f.providerRefundId,
      lastError: f.lastError,
      createdAt: f.createdAt.toISOString(),
    })),
    timeline: timelineOf(found),
    workflows: workflowsOf(found),
  };
}
