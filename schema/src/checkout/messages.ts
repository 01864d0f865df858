import type { LocalizedText } from '../messages/localized-text';

/** Order-summary and cart words that carry a rule (SPEC 2.5–2.7, 4). */
export const CHECKOUT_MESSAGES = {
  'checkout.free': { en: 'Free', ar: 'مجاني' },
  'checkout.freeShippingNudge': {
    en: 'Add {amount} AED for free shipping',
    ar: 'أضف {amount} د.إ إضافية للحصول على شحن مجاني',
  },
  'cart.empty': { en: 'Your cart is currently empty.', ar: 'سلة التسوق فارغة حاليًا.' },
  'cart.added': { en: '{qty} × {name} added to cart', ar: 'تمت إضافة {qty} × {name} إلى السلة' },
  'cart.moreItems': { en: '+{count} more items', ar: '+{count} منتجات أخرى' },
  'catalogue.productNotFound': { en: 'Product not found', ar: 'المنتج غير موجود' },
} as const satisfies Record<string, LocalizedText>;

export type CheckoutMessageCode = keyof typeof CHECKOUT_MESSAGES;
