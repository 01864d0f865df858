import type { OrderStatus } from '../reference/constants';

/**
 * How staff move an order through its life (SPEC 4 leaves the transitions open; the
 * decision is in docs/orders.md). Forward one step at a time — new → processing → shipped →
 * delivered — and cancel only before the parcel leaves (new or processing): once shipped the
 * goods are with the courier, so a return is a different process, not a cancellation. `pending`
 * is the dashboard's label for orders not yet confirmed; staff never move an order into it.
 * Everything not listed is refused, on the server, by this one rule.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['new', 'cancelled'],
  new: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The statuses staff may move an order to from `from`, in the order the buttons show them. */
export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses the shopper hears about by e-mail (SPEC-less decision: docs/orders.md). */
export const SHOPPER_NOTIFIED_STATUSES = [
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const satisfies readonly OrderStatus[];
export type ShopperNotifiedStatus = (typeof SHOPPER_NOTIFIED_STATUSES)[number];
export function isShopperNotified(status: OrderStatus): status is ShopperNotifiedStatus {
  return (SHOPPER_NOTIFIED_STATUSES as readonly OrderStatus[]).includes(status);
}

const STATUS_LABELS: Record<OrderStatus, { en: string; ar: string }> = {
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  new: { en: 'New', ar: 'جديد' },
  processing: { en: 'Processing', ar: 'قيد التجهيز' },
  shipped: { en: 'Shipped', ar: 'تم الشحن' },
  delivered: { en: 'Delivered', ar: 'تم التسليم' },
  cancelled: { en: 'Cancelled', ar: 'ملغي' },
};

export function orderStatusLabel(status: OrderStatus, locale: 'en' | 'ar'): string {
  return STATUS_LABELS[status][locale];
}

/** Why a move was refused, in the staff member's language: the server's 409 body says it. */
export function transitionRefusal(
  kind: 'illegal' | 'stale',
  args: { orderId: string; from: OrderStatus; to: OrderStatus },
  locale: 'en' | 'ar',
): string {
  const from = orderStatusLabel(args.from, locale);
  const to = orderStatusLabel(args.to, locale);
  if (kind === 'illegal') {
    return locale === 'ar'
      ? `لا يمكن نقل الطلب ${args.orderId} من «${from}» إلى «${to}».`
      : `Order ${args.orderId} cannot move from ${from} to ${to}.`;
  }
  return locale === 'ar'
    ? `قام أحد أعضاء الفريق بتحديث الطلب ${args.orderId} للتو (الحالة الآن «${from}»). أعد تحميل الصفحة وحاول مجددًا.`
    : `Someone else just updated order ${args.orderId} (it is now ${from}). Reload the page and try again.`;
}
