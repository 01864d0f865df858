import type { LocalizedText } from '../messages/localized-text';

/**
 * SPEC 8 coupon and promotion messages. 'Invalid coupon code', the network failure and the admin
 * failures are the spec's words; the reasons a known code is refused are not shown by the spec and
 * are worded here so a shopper knows what to change.
 */
export const PROMOTION_MESSAGES = {
  'coupon.invalid': { en: 'Invalid coupon code', ar: 'رمز القسيمة غير صالح' },
  'coupon.networkFailed': {
    en: 'Failed to apply coupon. Please try again.',
    ar: 'تعذّر تطبيق القسيمة. يرجى المحاولة مرة أخرى.',
  },
  'coupon.inactive': { en: 'This coupon is no longer active', ar: 'هذه القسيمة لم تعد فعّالة' },
  'coupon.notStarted': { en: 'This coupon is not active yet', ar: 'هذه القسيمة غير فعّالة بعد' },
  'coupon.expired': { en: 'This coupon has expired', ar: 'انتهت صلاحية هذه القسيمة' },
  'coupon.usageLimit': {
    en: 'This coupon has reached its usage limit',
    ar: 'وصلت هذه القسيمة إلى الحد الأقصى لعدد مرات الاستخدام',
  },
  'coupon.minOrder': {
    en: 'A minimum order of {amount} AED is required for this coupon',
    ar: 'يتطلب استخدام هذه القسيمة حدًا أدنى للطلب قدره {amount} د.إ',
  },
  'coupon.notApplicable': {
    en: 'This coupon does not apply to the items in your cart',
    ar: 'لا تنطبق هذه القسيمة على المنتجات الموجودة في سلتك',
  },
  'coupon.buyMore': {
    en: 'Add {missing} more eligible item(s) to use this coupon',
    ar: 'أضف {missing} من المنتجات المشمولة بالعرض لاستخدام هذه القسيمة',
  },
  'coupon.bundleIncomplete': {
    en: 'Add every product of the bundle to your cart to use this coupon',
    ar: 'أضف جميع منتجات الباقة إلى سلتك لاستخدام هذه القسيمة',
  },
  // Staff hear it; shoppers get 'coupon.notUsable' like every refusal (docs/promotions.md).
  'coupon.saleNotRunning': {
    en: "This is the anniversary sale's code, and the sale is not running",
    ar: 'هذا رمز تخفيضات الذكرى السنوية، والتخفيضات غير جارية حاليًا',
  },
  // One answer for every refusal a caller without a staff session gets (docs/promotions.md
  // "Validate"): it does not tell a guesser whether a code exists, ended or ran out.
  'coupon.notUsable': {
    en: "This code can't be used for this order. Please check the code and the offer's conditions.",
    ar: 'لا يمكن استخدام هذا الرمز لهذا الطلب. يرجى التحقق من الرمز ومن شروط العرض.',
  },
  'coupon.tooManyTries': {
    en: 'Too many coupon codes were tried. Please wait a minute and try again.',
    ar: 'تمت تجربة رموز قسائم كثيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  },
  'coupon.outranked': {
    en: 'A better discount is already applied to your order',
    ar: 'تم تطبيق خصم أفضل على طلبك بالفعل',
  },
  'promotion.productsLoadFailed': {
    en: 'Failed to load products. Please try again.',
    ar: 'تعذّر تحميل المنتجات. يرجى المحاولة مرة أخرى.',
  },
  'promotion.createFailed': { en: 'Failed to create promotion', ar: 'تعذّر إنشاء العرض الترويجي' },
  'promotion.updateFailed': { en: 'Failed to update promotion', ar: 'تعذّر تحديث العرض الترويجي' },
  'promotion.none': { en: 'No promotions at the moment.', ar: 'لا توجد عروض في الوقت الحالي.' },
} as const satisfies Record<string, LocalizedText>;

export type PromotionMessageCode = keyof typeof PROMOTION_MESSAGES;
