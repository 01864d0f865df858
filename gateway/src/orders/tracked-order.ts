import type { OrderTrackingRepository } from '@qahwa/db';
import {
  calculateShipping,
  DEFAULT_SHIPPING_SETTINGS,
  deliveryWindow,
  returnDeadline,
  type ShippingRule,
  toAed,
  walletName,
} from '@qahwa/schema';
import type { TrackedOrder, TrackingStep } from '@qahwa/schema/contracts';
import { gulfDate } from '@qahwa/schema/reference';

/** What the repository reads for the tracking page, found. */
export type TrackedOrderRecord = NonNullable<Awaited<ReturnType<OrderTrackingRepository['view']>>>;

/** One of the order's documents, as @qahwa/invoices lists them. */
export interface TrackedDocument {
  number: string;
  kind: 'INVOICE' | 'RECEIPT' | 'CREDIT_NOTE';
  issuedAt: Date;
  totalFils: number;
}

const FORWARD: TrackingStep[] = ['new', 'processing', 'shipped', 'delivered'];

/**
 * The timeline: each step reached with the first time it was (order_status_history), the steps
 * still ahead without a date. A cancelled order shows the steps it had reached, then `cancelled`;
 * `returned` follows delivery once a return was refunded. `new` is the order's creation when the
 * history has no entry for it (an order made before the history recorded creations).
 */
export function timelineOf(record: TrackedOrderRecord): TrackedOrder['timeline'] {
  const { order, history, returnedAt } = record;
  const reached = new Map<string, Date>();
  for (const h of history) if (!reached.has(h.toStatus)) reached.set(h.toStatus, h.at);
  if (!reached.has('new')) reached.set('new', order.createdAt);
  const at = (step: TrackingStep) => reached.get(step)?.toISOString() ?? null;
  if (order.status === 'cancelled') {
    return [
      ...FORWARD.filter((s) => reached.has(s)).map((step) => ({ step, at: at(step) })),
      { step: 'cancelled' as const, at: at('cancelled') },
    ];
  }
  const steps = FORWARD.map((step) => ({ step, at: at(step) }));
  return returnedAt ? [...steps, { step: 'returned' as const, at: returnedAt.toISOString() }] : steps;
}

/**
 * The estimated delivery: the days of the shipping rule that covers the order's city and goods
 * (the rule the checkout's quote chose, by the same shared calculation), counted from the day the
 * order was placed, Gulf time. Shown while the order is on its way only.
 */
function deliveryEstimate(
  record: TrackedOrderRecord,
  rules: readonly ShippingRule[],
): Pick<TrackedOrder['delivery'], 'estimatedDays' | 'estimatedFrom' | 'estimatedTo'> {
  const { order } = record;
  const goods = order.subtotalFils - order.discountFils;
  const rule = calculateShipping(
    rules,
    Math.max(goods, 1),
    order.city,
    DEFAULT_SHIPPING_SETTINGS,
  ).shippingRule;
  const onItsWay = ['pending', 'new', 'processing', 'shipped'].includes(order.status);
  const span = onItsWay ? deliveryWindow(rule?.estimatedDays, gulfDate(order.createdAt)) : null;
  return {
    estimatedDays: rule?.estimatedDays ?? null,
    estimatedFrom: span?.from ?? null,
    estimatedTo: span?.to ?? null,
  };
}

/**
 * The VAT the order's total includes (goods and shipping together, `orders.vat_fils`, filled in the
 * order's transaction); none for an order placed while the store was not VAT-registered (rate 0).
 */
function vatOf(order: TrackedOrderRecord['order']): { vat: number | null; vatRatePercent: number | null } {
  if (order.vatRateBp <= 0) return { vat: null, vatRatePercent: null };
  return { vat: toAed(order.vatFils), vatRatePercent: order.vatRateBp / 100 };
}

/** The tracking page's answer (GET /api/orders/track/:token, docs/order-tracking.md). */
export function trackedOrderOf(
  record: TrackedOrderRecord,
  extra: {
    rules: readonly ShippingRule[];
    documents: TrackedDocument[];
    now?: Date;
  },
): TrackedOrder {
  const { order, items } = record;
  const now = extra.now ?? new Date();
  const timeline = timelineOf(record);
  const deliveredAt = timeline.find((s) => s.step === 'delivered')?.at;
  return {
    orderNumber: order.id,
    status: order.status,
    placedAt: order.createdAt.toISOString(),
    locale: order.locale === 'ar' ? 'ar' : 'en',
    timeline,
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      nameAr: i.nameAr,
      variation: {
        weight: i.variation.weight ?? null,
        beans: i.variation.beans ?? null,
        additions: i.variation.additions ?? null,
      },
      variationAr: i.hasVariation
        ? {
            weight: i.weightAr ?? null,
            beans: i.variation.beans ? (i.beansAr ?? null) : null,
            additions: i.variation.additions ? (i.additionsAr ?? null) : null,
          }
        : null,
      imageUrl: i.imageUrl,
      unitPrice: toAed(i.unitFils),
      quantity: i.quantity,
      lineTotal: toAed(i.lineFils),
    })),
    totals: {
      subtotal: toAed(order.subtotalFils),
      discount: toAed(order.discountFils),
      shipping: toAed(order.shippingFils),
      total: toAed(order.totalFils),
      ...vatOf(order),
    },
    delivery: {
      name: order.customerName,
      emirate: order.emirate,
      city: order.city,
      address: order.address,
      ...deliveryEstimate(record, extra.rules),
    },
    payment: { provider: order.paymentProvider, wallet: walletName(order.paymentWallet) },
    documents: extra.documents.map((d) => ({
      number: d.number,
      kind: d.kind,
      issuedAt: d.issuedAt.toISOString(),
      total: toAed(d.totalFils),
    })),
    actions: {
      canReturn:
        order.status === 'delivered' &&
        deliveredAt !== null &&
        deliveredAt !== undefined &&
        returnDeadline(new Date(deliveredAt)).getTime() > now.getTime(),
    },
  };
}
