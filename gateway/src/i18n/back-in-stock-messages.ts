import type { Locale } from '@qahwa/schema';

/** Back-in-stock alerts (docs/back-in-stock.md): the storefront's "Notify me when it's back". */
export const BACK_IN_STOCK_MESSAGES = {
  // The same answer for a new request and one already waiting: nothing is learnt about an address.
  backInStockWaiting: {
    en: "Done: we will e-mail you once when it's back in stock.",
    ar: 'تم: سنراسلك مرة واحدة عند توفره من جديد.',
  },
  backInStockInStock: {
    en: 'Good news: this option is in stock now, you can add it to your cart.',
    ar: 'خبر سار: هذا الخيار متوفر الآن، يمكنك إضافته إلى السلة.',
  },
  backInStockNotFound: {
    en: 'This option is no longer sold.',
    ar: 'لم يعد هذا الخيار معروضاً للبيع.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
