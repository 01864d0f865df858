import type { CartItem } from '@qahwa/schema/cart';
import { CART_HIGH_VALUE_THRESHOLDS_AED, CURRENCY } from '@qahwa/schema/reference';

/**
 * SPEC 1: the storefront's analytics events, one typed module. Every event goes to
 * `window.dataLayer` (what Google Tag Manager reads, and what the end-to-end test reads); the
 * commerce events are also sent to the Meta pixel when its id is set (`analytics/pixels.tsx`
 * loads it). Names of the commerce events are Meta's standard events, so one name means one
 * thing in every tool.
 */

/** One line as the tools expect it: ids, name, unit price in AED (2 decimals), quantity. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity: number;
}

interface Commerce {
  currency: typeof CURRENCY;
  value: number;
  items: AnalyticsItem[];
}

export type CheckoutStepName = 'customer' | 'shipping' | 'payment';

/** Every event the storefront sends, by name: a typo or a missing field is a type error. */
export interface AnalyticsEvents {
  ViewContent: Commerce & { content_type: 'product' };
  AddToCart: Commerce;
  InitiateCheckout: Commerce & { num_items: number };
  AddShippingInfo: Commerce & { emirate: string };
  AddPaymentInfo: Commerce & { payment_type: string };
  cart: {
    action: 'open' | 'increase' | 'decrease' | 'remove' | 'add_from_wishlist';
    value: number;
    currency: typeof CURRENCY;
    /** SPEC 9: the highest of 50, 100 and 200 AED the cart has reached (0 below 50), for analytics only. */
    high_value_tier: number;
  };
  search: { search_term: string; results: number };
  checkout_step: { step: number; step_name: CheckoutStepName };
  language_change: { from: string; to: string };
  error: { message: string; where: string };
  add_to_wishlist: { item_id: string; item_name: string };
}

export type AnalyticsEventName = keyof AnalyticsEvents;

/** The Meta pixel's standard events among ours (the rest are custom events there). */
const META_STANDARD = new Set<AnalyticsEventName>([
  'ViewContent',
  'AddToCart',
  'InitiateCheckout',
  'AddPaymentInfo',
]);

declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: (...args: unknown[]) => void;
  }
}

/** Pushes one event. Never throws: a tracking failure must not break a purchase. */
export function track<K extends AnalyticsEventName>(name: K, data: AnalyticsEvents[K]): void {
  if (typeof window === 'undefined') return;
  try {
    window.dataLayer ??= [];
    window.dataLayer.push({ event: name, ...data });
    if (window.fbq) {
      if (META_STANDARD.has(name)) window.fbq('track', name, data);
      else window.fbq('trackCustom', name, data);
    }
  } catch {
    // see above
  }
}

/** Money as the tools want it: AED with 2 decimals, from integer fils. */
export const aed = (fils: number): number => Math.round(fils) / 100;

export function highValueTier(valueAed: number): number {
  return CART_HIGH_VALUE_THRESHOLDS_AED.filter((t) => valueAed >= t).at(-1) ?? 0;
}

export function cartItemsForAnalytics(items: readonly CartItem[]): AnalyticsItem[] {
  return items.map((item) => ({
    item_id: item.productId,
    item_name: item.name,
    item_variant: [item.variation.weight, item.variation.beans, item.variation.additions]
      .filter(Boolean)
      .join(' / '),
    price: item.price,
    quantity: item.quantity,
  }));
}

/** The commerce part of an event for a list of cart lines. */
export function commerceOf(items: readonly CartItem[]): Commerce {
  const list = cartItemsForAnalytics(items);
  const value = list.reduce((sum, x) => sum + Math.round(x.price * 100) * x.quantity, 0);
  return { currency: CURRENCY, value: aed(value), items: list };
}
