import type { LocalizedText } from '../messages/localized-text';

/**
 * SPEC 2.7 and 8, English exactly as written. The instalment-provider sentences are quoted whole in
 * the spec ("the instalment provider"), so they are kept as the spec words them; labels where the
 * spec leaves the provider's name outside the quotes take it as `{provider}` (Tabby / تابي).
 */
export const PAYMENT_MESSAGES = {
  'payment.submit.processing': { en: 'Processing...', ar: 'جارٍ المعالجة...' },
  'payment.submit.payLater': { en: 'Continue with {provider}', ar: 'المتابعة مع {provider}' },
  'payment.submit.cod': { en: 'Place COD Order', ar: 'تأكيد الطلب والدفع عند الاستلام' },
  'payment.submit.pay': { en: 'Pay {total} AED', ar: 'ادفع {total} د.إ' },
  'payment.method.card': { en: 'Credit/Debit Card', ar: 'بطاقة ائتمان/خصم' },
  'payment.method.tabby': {
    en: 'Pay in 4 interest-free instalments with {provider}',
    ar: 'ادفع على 4 دفعات بدون فوائد مع {provider}',
  },
  'payment.method.cod': { en: 'Cash on Delivery', ar: 'الدفع عند الاستلام' },
  'payment.walletDivider': { en: 'Or pay with card', ar: 'أو ادفع بالبطاقة' },
  'payment.cardLabel': { en: 'Card Information*', ar: 'بيانات البطاقة*' },
  'payment.cardElementMissing': { en: 'Card element not found', ar: 'لم يتم العثور على حقل البطاقة' },
  'payment.walletNotReady': {
    en: 'Payment not ready. Please try again or use card payment.',
    ar: 'الدفع غير جاهز بعد. يرجى المحاولة مرة أخرى أو الدفع بالبطاقة.',
  },
  'payment.intentFailed': { en: 'Failed to initialize payment', ar: 'تعذّر بدء عملية الدفع' },
  'payment.cardFailed': { en: 'Payment failed', ar: 'فشلت عملية الدفع' },
  'payment.payLaterSessionFailed': {
    en: 'Failed to create {provider} payment session',
    ar: 'تعذّر إنشاء جلسة الدفع مع {provider}',
  },
  'order.createFailed': { en: 'Failed to create order', ar: 'تعذّر إنشاء الطلب' },
  'order.codFailed': { en: 'Failed to create COD order', ar: 'تعذّر إنشاء طلب الدفع عند الاستلام' },

  'payLater.notAvailable': {
    en: "{provider}'s payment is not available for this order. Please use your credit/debit card below.",
    ar: 'الدفع عبر {provider} غير متاح لهذا الطلب. يرجى استخدام بطاقتك الائتمانية أو بطاقة الخصم أدناه.',
  },
  'payLater.cancelled': {
    en: 'You cancelled the payment with {provider}. You can try again or choose a different payment method.',
    ar: 'لقد ألغيت الدفع مع {provider}. يمكنك المحاولة مرة أخرى أو اختيار طريقة دفع أخرى.',
  },
  'payLater.rejected': {
    en: 'Sorry, {provider} is unable to approve this purchase. Please use an alternative payment method for your order.',
    ar: 'عذرًا، لا تستطيع {provider} الموافقة على عملية الشراء هذه. يرجى استخدام طريقة دفع بديلة لإتمام طلبك.',
  },
  'payLater.amountTooHigh': {
    en: 'This purchase is above your current spending limit with {provider}, try a smaller cart or use another payment method',
    ar: 'تتجاوز قيمة عملية الشراء هذه حدّ الإنفاق المتاح لك حاليًا لدى {provider}، جرّب سلة أصغر أو استخدم طريقة دفع أخرى',
  },
  'payLater.amountTooLow': {
    en: 'The purchase amount is below the minimum amount required to use {provider}, try adding more items or use another payment method',
    ar: 'قيمة عملية الشراء أقل من الحد الأدنى المطلوب للدفع عبر {provider}، جرّب إضافة المزيد من المنتجات أو استخدم طريقة دفع أخرى',
  },
} as const satisfies Record<string, LocalizedText>;

export type PaymentMessageCode = keyof typeof PAYMENT_MESSAGES;
