/** SPEC 9 business constants. Money constants are in fils. */
export const CURRENCY = 'AED' as const;
export const LOCALES = ['en', 'ar'] as const;
export const DEFAULT_LOCALE = 'en' as const;
export const CART_VERSION = 'anniversary-2025-v3' as const;
export const CART_STORAGE_KEY = 'qahwa-cart' as const;
export const LOCALE_STORAGE_KEY = 'qahwa-locale' as const;
export const LOCALE_COOKIE = 'NEXT_LOCALE' as const;
export const FREE_SHIPPING_THRESHOLD_FILS = 200_00;
export const FALLBACK_SHIPPING_COST_FILS = 25_00;
export const PAY_LATER_MIN_FILS = 1_00;
export const PAY_LATER_MAX_FILS = 5000_00;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['jpeg', 'jpg', 'png', 'webp', 'avif'] as const;
export const SUGGESTIONS_COUNT = 4;
export const CART_HIGH_VALUE_THRESHOLDS_AED = [50, 100, 200] as const;
export const VARIATION_PAGE_SIZES = [5, 10, 20, 50] as const;
export const VARIATION_DEFAULT_PAGE_SIZE = 10;
export const ADDRESS_MIN_LENGTH = 10;
/** The offer banner's countdown ticks once a second (SPEC 2.8). */
export const OFFER_TICK_MS = 1000;
/** SPEC 4 cart abandonment: five minutes without a key, a click, a scroll or a touch. */
export const CART_IDLE_TIMEOUT_MS = 300_000;
export const CART_SIDEBAR_DELAY_MS = 300;
export const TOAST_LIFETIME_MS = 5000;
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_FADE_MS = 300;
export const ANNIVERSARY_CODE = 'ANNIVERSARY_2025' as const;
export const ORDER_STATUSES = ['pending', 'new', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Anti-hoarding caps (docs/checkout.md): a cash-on-delivery order costs an attacker
 * nothing, so one order may not empty the shelf. A shop's real baskets are a few bags; a
 * business buying more talks to us. The storefront's quantity stepper clamps to the line cap.
 */
export const MAX_LINE_QUANTITY = 10;
export const MAX_ORDER_QUANTITY = 30;
/** Orders one phone, and one e-mail, may place per window (besides the per-address rate limit). */
export const MAX_ORDERS_PER_CONTACT = 5;
export const ORDER_CONTACT_WINDOW_MS = 60 * 60 * 1000;
/** An Idempotency-Key is bound to its first request for this long (Stripe's 24 h), then free again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const PAYMENT_PROVIDERS = ['COD', 'STRIPE', 'TABBY'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
