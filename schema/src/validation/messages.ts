import type { LocalizedText } from '../messages/localized-text';

/**
 * SPEC 5 form messages, English exactly as the spec writes them. Where the spec sets a limit
 * but no words (ranges of the promotion form, stock, text lengths), the wording is ours.
 */
export const VALIDATION_MESSAGES = {
  'validation.required': { en: 'This field is required', ar: 'هذا الحقل مطلوب' },
  'validation.email': { en: 'Please enter a valid email address', ar: 'يرجى إدخال عنوان بريد إلكتروني صالح' },
  'validation.phone': {
    en: 'Please enter a valid phone number (e.g., {phone})',
    // The example number sits in a left-to-right isolate, or Arabic text reorders its groups.
    ar: 'يرجى إدخال رقم هاتف صالح (مثال: \u2066{phone}\u2069)',
  },
  'validation.phoneLength': {
    en: 'Phone number must be between 7 and 20 digits',
    ar: 'يجب أن يتكوّن رقم الهاتف من 7 إلى 20 رقمًا',
  },
  'validation.tooLong': { en: 'Please use at most {max} characters', ar: 'يرجى ألا يتجاوز النص {max} حرفًا' },
  'validation.emirate': { en: 'Please select an emirate', ar: 'يرجى اختيار الإمارة' },
  'validation.city': { en: 'Please select a city', ar: 'يرجى اختيار المدينة' },
  'validation.emirateFirst': { en: 'Please select an emirate first', ar: 'يرجى اختيار الإمارة أولًا' },
  'validation.addressRequired': { en: 'Delivery address is required', ar: 'عنوان التوصيل مطلوب' },
  'validation.addressIncomplete': { en: 'Please provide a complete address', ar: 'يرجى إدخال العنوان كاملًا' },
  'validation.couponEmpty': { en: 'Please enter a coupon code', ar: 'يرجى إدخال رمز القسيمة' },
  'validation.couponFormat': {
    en: 'A coupon code may use only letters, digits, dashes and underscores',
    ar: 'يمكن أن يتكوّن رمز القسيمة من أحرف لاتينية وأرقام وشرطات فقط',
  },
  'validation.quantityMin': { en: 'Quantity must be at least 1', ar: 'يجب ألا تقل الكمية عن 1' },
  'validation.quantityMax': {
    en: 'You can order at most {max} of one item',
    ar: 'يمكنك طلب {max} قطع كحد أقصى من المنتج الواحد',
  },
  'validation.orderQuantityMax': {
    en: 'An order can hold at most {max} items',
    ar: 'يمكن أن يضم الطلب {max} قطعة كحد أقصى',
  },
  'validation.id': {
    en: 'This item is not one of ours. Please refresh your cart.',
    ar: 'هذا العنصر غير موجود لدينا. يرجى تحديث السلة.',
  },
  'validation.paymentMethod': { en: 'Please choose a payment method', ar: 'يرجى اختيار طريقة الدفع' },
  'validation.contactSubject': { en: 'Please choose a subject', ar: 'يرجى اختيار الموضوع' },
  'validation.rating': {
    en: 'Please choose a rating from 1 to 5 stars',
    ar: 'يرجى اختيار تقييم من نجمة إلى 5 نجوم',
  },
  'contact.subject.product_inquiry': { en: 'Product inquiry', ar: 'استفسار عن منتج' },
  'contact.subject.wholesale_inquiry': { en: 'Wholesale inquiry', ar: 'استفسار عن البيع بالجملة' },
  'contact.subject.feedback': { en: 'Feedback or suggestion', ar: 'ملاحظات أو اقتراحات' },
  'contact.subject.other': { en: 'Other', ar: 'أخرى' },
  'newsletter.subscribed': {
    en: 'Successfully subscribed to newsletter!',
    ar: 'تم اشتراكك في النشرة البريدية بنجاح!',
  },
  'newsletter.alreadySubscribed': {
    en: 'You are already subscribed. Thank you!',
    ar: 'أنت مشترك بالفعل. شكرًا لك!',
  },
  'review.received': {
    en: 'Thank you for your review! It will appear once our team has checked it.',
    ar: 'شكرًا على تقييمك! سيظهر بعد أن يراجعه فريقنا.',
  },
  'contact.received': {
    en: 'Thank you for your message! We will get back to you soon.',
    ar: 'شكرًا لرسالتك! سنعود إليك قريبًا.',
  },
  'newsletter.failed': {
    en: 'Failed to subscribe. Please try again.',
    ar: 'تعذّر الاشتراك. يرجى المحاولة مرة أخرى.',
  },
  'error.network': {
    en: 'Network error. Please try again.',
    ar: 'حدث خطأ في الاتصال بالشبكة. يرجى المحاولة مرة أخرى.',
  },

  'promotionForm.requiredFields': {
    en: 'Name, type, start date, and end date are required',
    ar: 'الاسم والنوع وتاريخ البدء وتاريخ الانتهاء حقول مطلوبة',
  },
  'promotionForm.valueRequired': { en: 'Discount value is required', ar: 'قيمة الخصم مطلوبة' },
  'promotionForm.percentageRange': {
    en: 'Percentage must be a whole number from 0 to 100',
    ar: 'يجب أن تكون النسبة عددًا صحيحًا من 0 إلى 100',
  },
  'promotionForm.amountRange': {
    en: 'Amount must be 0 or more, with at most 2 decimals',
    ar: 'يجب أن يكون المبلغ 0 أو أكثر، وبخانتين عشريتين على الأكثر',
  },
  'promotionForm.quantityMin': {
    en: 'Buy and get quantities must be whole numbers of at least 1',
    ar: 'يجب أن تكون كمية الشراء وكمية الهدية أعدادًا صحيحة لا تقل عن 1',
  },
  'promotionForm.bundleRange': {
    en: 'Bundle discount must be from 0 to 100',
    ar: 'يجب أن يكون خصم الباقة من 0 إلى 100',
  },
  'promotionForm.minOrderAmount': {
    en: 'Minimum order amount must be 0 or more, with at most 2 decimals',
    ar: 'يجب أن يكون الحد الأدنى لقيمة الطلب 0 أو أكثر، وبخانتين عشريتين على الأكثر',
  },
  'promotionForm.maxUses': {
    en: 'Maximum uses must be a whole number of at least 1',
    ar: 'يجب أن يكون الحد الأقصى لمرات الاستخدام عددًا صحيحًا لا يقل عن 1',
  },
  'promotionForm.dateOrder': {
    en: 'End date must be on or after the start date',
    ar: 'يجب أن يكون تاريخ الانتهاء في يوم البدء أو بعده',
  },
  'promotionForm.relationshipType': {
    en: 'Please choose a relationship type',
    ar: 'يرجى اختيار نوع العلاقة',
  },

  'variation.sizeRequired': { en: 'Size is required', ar: 'الحجم مطلوب' },
  'variation.weightRequired': { en: 'Weight is required', ar: 'الوزن مطلوب' },
  'variation.priceInvalid': { en: 'Valid price is required', ar: 'يرجى إدخال سعر صالح' },
  'variation.discountRange': {
    en: 'Discount must be a whole number from 0 to 100',
    ar: 'يجب أن يكون الخصم عددًا صحيحًا من 0 إلى 100',
  },
  'variation.stockInvalid': {
    en: 'Stock must be a whole number of 0 or more',
    ar: 'يجب أن يكون المخزون عددًا صحيحًا يساوي 0 أو أكثر',
  },
  'variation.bulkDiscountRange': {
    en: 'Bulk discount must be from 0 to 100',
    ar: 'يجب أن يكون الخصم الجماعي من 0 إلى 100',
  },
  'variation.skuExists': {
    en: 'A variation with this SKU already exists',
    ar: 'يوجد متغيّر برمز SKU نفسه بالفعل',
  },
  'variation.combinationExists': {
    en: 'A variation with this combination of size, type, and beans already exists',
    ar: 'يوجد متغيّر بالتركيبة نفسها من الحجم والنوع والحبوب بالفعل',
  },
  'variation.sizeNotFound': { en: 'Selected size not found', ar: 'الحجم المحدد غير موجود' },
  'variation.addConflict': {
    en: 'A variation with this combination already exists or the SKU is already in use',
    ar: 'يوجد متغيّر بهذه التركيبة بالفعل أو أن رمز SKU مستخدم مسبقًا',
  },
  'variation.addFailed': { en: 'Failed to add variation', ar: 'تعذّرت إضافة المتغيّر' },
  'variation.skuInUse': {
    en: 'This SKU is already in use by another variation',
    ar: 'رمز SKU هذا مستخدم في متغيّر آخر',
  },
  'variation.rowRefused': {
    en: 'Variation {row}: {reason}. Nothing was saved: correct that row and save again.',
    ar: 'المتغيّر {row}: {reason}. لم يُحفظ شيء: صحّح هذا الصف ثم احفظ مجددًا.',
  },
  'variation.updateFailed': { en: 'Failed to update variation', ar: 'تعذّر تحديث المتغيّر' },
  'variation.deleteFailed': { en: 'Failed to delete variation', ar: 'تعذّر حذف المتغيّر' },
  'variation.loadFailed': { en: 'Failed to load product variations', ar: 'تعذّر تحميل متغيّرات المنتج' },
  'variation.sizesLoadFailed': { en: 'Failed to load variation sizes', ar: 'تعذّر تحميل أحجام المتغيّرات' },
  'variation.typesLoadFailed': { en: 'Failed to load variation types', ar: 'تعذّر تحميل أنواع المتغيّرات' },
  'variation.beansLoadFailed': { en: 'Failed to load bean variations', ar: 'تعذّر تحميل أنواع الحبوب' },
  'variation.imageUploadFailed': { en: 'Failed to upload variation image', ar: 'تعذّر رفع صورة المتغيّر' },
  'variation.imageInvalid': { en: 'Invalid image file', ar: 'ملف الصورة غير صالح' },
  // Ours: optimistic concurrency and the server's refusals, which SPEC 8 does not word.
  'variation.changed': {
    en: 'Someone else changed this variation since you opened it. Your changes were not saved: the table now shows the latest values, edit it again.',
    ar: 'عدّل شخص آخر هذا المتغيّر منذ فتحته. لم تُحفظ تغييراتك: يعرض الجدول الآن أحدث القيم، عدّله من جديد.',
  },
  'variation.notFound': {
    en: 'This variation no longer exists. Reload the list.',
    ar: 'هذا المتغيّر لم يعد موجودًا. أعد تحميل القائمة.',
  },
  'variation.productNotFound': { en: 'Product not found', ar: 'المنتج غير موجود' },
  'variation.ordered': {
    en: 'This variation has been ordered, so it cannot be removed. Set it to Inactive instead.',
    ar: 'سبق طلب هذا المتغيّر، لذا لا يمكن حذفه. اجعله غير نشط بدلًا من ذلك.',
  },
  'promotion.codeInUse': {
    en: 'Another promotion already uses this code',
    ar: 'هذا الرمز مستخدم في عرض ترويجي آخر',
  },
  'promotion.notFound': { en: 'Promotion not found', ar: 'العرض الترويجي غير موجود' },
  'variation.empty': {
    en: 'No variations added yet. Add at least one variation above.',
    ar: 'لم تُضف أي متغيّرات بعد. أضف متغيّرًا واحدًا على الأقل في الأعلى.',
  },

  'upload.tooLarge': {
    en: 'File size exceeds 10MB limit. Current size: {size} MB',
    ar: 'حجم الملف يتجاوز الحد الأقصى البالغ 10 ميغابايت. الحجم الحالي: {size} ميغابايت',
  },
  'upload.invalidType': {
    en: 'Invalid file type: {type}. Please use JPG, PNG, WEBP, or AVIF.',
    ar: 'نوع الملف غير صالح: {type}. يرجى استخدام JPG أو PNG أو WEBP أو AVIF.',
  },
  'upload.network': {
    en: 'Network error: Please check your internet connection',
    ar: 'خطأ في الشبكة: يرجى التحقق من اتصالك بالإنترنت',
  },
  'upload.provider': { en: 'provider error: {message}', ar: 'خطأ من مزوّد الخدمة: {message}' },
  'upload.http': { en: 'HTTP {status}: {text}', ar: 'HTTP {status}: {text}' },
  'upload.failed': { en: 'Upload failed: {message}', ar: 'فشل الرفع: {message}' },
} as const satisfies Record<string, LocalizedText>;

export type ValidationMessageCode = keyof typeof VALIDATION_MESSAGES;
