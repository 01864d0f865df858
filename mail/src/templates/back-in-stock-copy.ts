import type { MailLocale } from '../types';

/**
 * The back-in-stock e-mail's words (docs/back-in-stock.md), English and Arabic side by side as in
 * copy.ts; its own table so the alert's words travel with it (a test keeps the keys equal).
 */
export const BACK_IN_STOCK_COPY = {
  en: {
    subject: (name: string) => `${name} is back in stock`,
    preview: 'The coffee you asked about is on sale again.',
    heading: "It's back in stock",
    greeting: 'Hello,',
    intro: 'You asked us to tell you when this was back. It is on sale again now:',
    cta: 'See it in the store',
    limited: 'Stock is limited: first come, first served.',
    once: 'This is the only e-mail about it: your request is now closed.',
    notYou: 'If you did not ask, someone typed your address on our product page: you can ignore this e-mail.',
  },
  ar: {
    subject: (name: string) => `${name} متوفر من جديد`,
    preview: 'القهوة التي سألت عنها معروضة للبيع من جديد.',
    heading: 'عاد إلى المخزون',
    greeting: 'مرحباً،',
    intro: 'طلبت منا أن نخبرك عند توفر هذا المنتج. إنه معروض للبيع من جديد الآن:',
    cta: 'شاهده في المتجر',
    limited: 'الكمية محدودة: الأسبقية لمن يطلب أولاً.',
    once: 'هذه الرسالة الوحيدة بشأنه: أُغلق طلبك الآن.',
    notYou: 'إن لم تطلب ذلك، فقد كتب أحدهم عنوانك في صفحة المنتج لدينا: يمكنك تجاهل هذه الرسالة.',
  },
} as const;

export type BackInStockCopy = (typeof BACK_IN_STOCK_COPY)['en'];

export function backInStockCopy(locale: MailLocale): BackInStockCopy {
  return BACK_IN_STOCK_COPY[locale] as unknown as BackInStockCopy;
}
