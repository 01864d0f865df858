import { LOCALE_COOKIE, type Locale, resolveLocale } from '@qahwa/schema';

/**
 * Messages only the gateway writes, in both languages. Texts the storefront shares (SPEC 8's
 * order failures, 'Product not found') come from the shared table: `message()` of @qahwa/schema.
 */
export const MESSAGES = {
  validation: { en: 'Some details are missing or invalid.', ar: 'بعض البيانات ناقصة أو غير صحيحة.' },
  notFound: { en: 'Not found', ar: 'غير موجود' },
  catalogueUnavailable: {
    en: 'The catalogue is not available right now. Please try again in a moment.',
    ar: 'الكتالوج غير متاح حاليًا. يرجى المحاولة بعد قليل.',
  },
  settingsUnavailable: {
    en: "The store's settings are not available right now. Please try again in a moment.",
    ar: 'إعدادات المتجر غير متاحة حاليًا. يرجى المحاولة بعد قليل.',
  },
  internal: { en: 'Something went wrong. Please try again.', ar: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.' },
  itemUnavailable: {
    en: 'One of the items in your cart is no longer available. Please update your cart.',
    ar: 'أحد المنتجات في سلتك لم يعد متوفرًا. يرجى تحديث السلة.',
  },
  outOfStock: {
    en: 'Sorry, only {available} left of {name}. Please update your cart.',
    ar: 'عذرًا، تبقّى {available} فقط من {name}. يرجى تحديث السلة.',
  },
  // Above the low-stock threshold the count is not told (docs/storefront-api.md "Stock").
  outOfStockMany: {
    en: 'Sorry, we do not have that many of {name}. Please lower the quantity.',
    ar: 'عذرًا، لا تتوفر لدينا هذه الكمية من {name}. يرجى تقليل الكمية.',
  },
  invalidAddress: { en: 'Please select a valid emirate and city.', ar: 'يرجى اختيار إمارة ومدينة صحيحتين.' },
  // Cash on delivery: the total the shopper saw is not the server's (docs/checkout.md).
  priceChanged: {
    en: 'The total of your order is now {total}: a price or an offer changed since you filled your cart. Nothing was ordered yet. Please confirm to place the order at this total.',
    ar: 'أصبح مجموع طلبك الآن {total}: تغيّر سعر أو عرض منذ أن ملأت سلتك. لم يتم تسجيل أي طلب بعد. يرجى التأكيد لإتمام الطلب بهذا المجموع.',
  },
  variationOfAnotherProduct: {
    en: 'One of the items in your cart has an option that does not belong to its product. Please remove it and add it again.',
    ar: 'أحد المنتجات في سلتك يحمل خيارًا لا يخصه. يرجى إزالته وإضافته من جديد.',
  },
  paymentNotAvailable: {
    en: 'This payment method is not available yet. Please choose cash on delivery.',
    ar: 'طريقة الدفع هذه غير متاحة بعد. يرجى اختيار الدفع عند الاستلام.',
  },
  // The card path (docs/payments.md).
  paymentNotFound: {
    en: 'We could not find this payment. Please go back and pay again; you have not been charged twice.',
    ar: 'لم نعثر على عملية الدفع هذه. يرجى الرجوع والدفع من جديد؛ لن يتم خصم المبلغ مرتين.',
  },
  paymentNotCompleted: {
    en: 'Your payment has not gone through yet, so no order was placed. Please try again or choose another payment method.',
    ar: 'لم تكتمل عملية الدفع بعد، لذا لم يتم تسجيل الطلب. يرجى المحاولة مرة أخرى أو اختيار طريقة دفع أخرى.',
  },
  paymentMismatch: {
    en: 'We received your payment, but it does not match your order, so the order was not placed. Our team has been alerted and will contact you to complete or refund it.',
    ar: 'استلمنا دفعتك، لكنها لا تطابق طلبك، لذا لم يتم تسجيل الطلب. تم تنبيه فريقنا وسيتواصل معك لإتمامه أو استرداد المبلغ.',
  },
  paymentAttention: {
    en: 'We received your payment, but the order could not be placed. Our team has been alerted and will contact you to complete or refund it.',
    ar: 'استلمنا دفعتك، لكن تعذّر تسجيل الطلب. تم تنبيه فريقنا وسيتواصل معك لإتمامه أو استرداد المبلغ.',
  },
  paymentTooSmall: {
    en: 'Card payments start at 2.00 AED. Please add an item or choose cash on delivery.',
    ar: 'يبدأ الدفع بالبطاقة من 2.00 درهم. يرجى إضافة منتج أو اختيار الدفع عند الاستلام.',
  },
  paymentRefunded: {
    en: 'This payment has been refunded to your card, so no order will be placed with it. If you still want these items, please place a new order.',
    ar: 'تم استرداد هذه الدفعة إلى بطاقتك، لذا لن يتم تسجيل طلب بها. إذا كنت لا تزال ترغب في هذه المنتجات، يرجى تقديم طلب جديد.',
  },
  paymentDisputed: {
    en: 'This payment is disputed with your bank, so no order will be placed with it. Our team will contact you.',
    ar: 'هذه الدفعة محل اعتراض لدى البنك الذي تتعامل معه، لذا لن يتم تسجيل طلب بها. سيتواصل معك فريقنا.',
  },
  checkoutClosed: {
    en: 'Our team has already settled this payment, so no new order will be placed with it. Please contact us if you have a question.',
    ar: 'سبق أن سوّى فريقنا هذه الدفعة، لذا لن يتم تسجيل طلب جديد بها. يرجى التواصل معنا إن كان لديك أي سؤال.',
  },
  paymentAlreadyMade: {
    en: 'This payment is already complete. Your order is being placed.',
    ar: 'تمت عملية الدفع هذه بالفعل. جارٍ تسجيل طلبك.',
  },
  paymentProviderUnavailable: {
    en: 'Card payments are not available right now. Please try again in a moment or choose cash on delivery.',
    ar: 'الدفع بالبطاقة غير متاح حاليًا. يرجى المحاولة بعد قليل أو اختيار الدفع عند الاستلام.',
  },
  webhookSignature: {
    en: 'The webhook signature is missing, invalid or too old.',
    ar: 'توقيع الإشعار مفقود أو غير صالح أو قديم.',
  },
  stillProcessing: {
    en: 'Your order is still being processed. Please try again in a moment; you will not be charged twice.',
    ar: 'لا يزال طلبك قيد المعالجة. يرجى المحاولة بعد لحظات؛ لن يُحتسب الطلب مرتين.',
  },
  badIdempotencyKey: {
    en: 'Idempotency-Key must be 8 to 200 letters, digits, dashes or underscores.',
    ar: 'يجب أن يتكون مفتاح عدم التكرار من 8 إلى 200 حرف أو رقم أو شرطة.',
  },
  idempotencyKeyReused: {
    en: 'This order request was already sent with different details. Please review your order and place it again.',
    ar: 'سبق إرسال طلب الشراء هذا بتفاصيل مختلفة. يرجى مراجعة طلبك وإرساله من جديد.',
  },
  tooManyOrders: {
    en: 'Too many orders were placed with this phone number or e-mail in the last hour. Please try again later or contact us.',
    ar: 'تم تقديم طلبات كثيرة بهذا الرقم أو البريد الإلكتروني خلال الساعة الماضية. يرجى المحاولة لاحقًا أو التواصل معنا.',
  },
  // Pay later (docs/pay-later.md).
  payLaterNotCharged: {
    en: '{provider} has not charged you for this order.',
    ar: 'لم تحصّل {provider} أي مبلغ مقابل هذا الطلب.',
  },
  payLaterCouponGone: {
    en: 'Your coupon can no longer be used, so the order was not placed. Please remove it and try again.',
    ar: 'لم يعد بالإمكان استخدام القسيمة، لذا لم يتم تسجيل الطلب. يرجى إزالتها والمحاولة مرة أخرى.',
  },
  payLaterTooManySessions: {
    en: 'You already have several unfinished {provider} checkouts. Please complete or cancel one at {provider}, or try again in half an hour.',
    ar: 'لديك بالفعل عدة عمليات دفع غير مكتملة عبر {provider}. يرجى إكمال إحداها أو إلغاؤها لدى {provider}، أو المحاولة مرة أخرى بعد نصف ساعة.',
  },
  payLaterNotFound: {
    en: 'We could not find this payment. Please go back to the payment step.',
    ar: 'لم نعثر على عملية الدفع هذه. يرجى العودة إلى خطوة الدفع.',
  },
  webhookUnauthorized: { en: 'Unauthorized', ar: 'غير مصرّح' },
  checkoutUnavailable: {
    en: 'We cannot take orders at this moment. Please try again in a minute; trying again will not order twice.',
    ar: 'لا يمكننا استقبال الطلبات في هذه اللحظة. يرجى المحاولة بعد دقيقة؛ لن يُسجَّل الطلب مرتين عند إعادة المحاولة.',
  },
  invalidCredentials: { en: 'Invalid email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  signInRequired: { en: 'Please sign in.', ar: 'يرجى تسجيل الدخول.' },
  // The newsletter's double opt-in and one-click unsubscribe (docs/crm.md). The signup answers
  // the same whether the address is new, waiting for its confirmation or already subscribed.
  newsletterCheckInbox: {
    en: 'Almost there: check your inbox and click the link we sent to confirm your subscription.',
    ar: 'خطوة أخيرة: افتح بريدك واضغط الرابط الذي أرسلناه لتأكيد اشتراكك.',
  },
  newsletterLinkExpired: {
    en: 'This confirmation link has expired or is not valid. Please sign up again at the bottom of any page.',
    ar: 'انتهت صلاحية رابط التأكيد هذا أو أنه غير صالح. يرجى الاشتراك مجددًا من أسفل أي صفحة.',
  },
  newsletterUnsubscribed: {
    en: 'You are unsubscribed: this address will get no more newsletters or reminders from qahwa.',
    ar: 'تم إلغاء اشتراكك: لن تصل إلى هذا العنوان نشرات أو تذكيرات أخرى من قهوة.',
  },
  newsletterUnsubscribeInvalid: {
    en: 'This unsubscribe link is not valid. Please use the link in the most recent e-mail from us.',
    ar: 'رابط إلغاء الاشتراك هذا غير صالح. يرجى استخدام الرابط في أحدث رسالة منا.',
  },
  // The cart-recovery link (docs/leads.md): past its week, altered, or its lead gone.
  leadLinkExpired: {
    en: 'This link has expired. Your cart could not be restored.',
    ar: 'انتهت صلاحية هذا الرابط. تعذّرت استعادة سلتك.',
  },
  forbidden: {
    en: 'You do not have access to this page.',
    ar: 'ليست لديك صلاحية للوصول إلى هذه الصفحة.',
  },
  // A back-office change that did not come from a back-office page (docs/security.md "Cross-site requests").
  crossSiteRequest: {
    en: 'This change did not come from a back-office page, so it was not made. Reload the page and try again.',
    ar: 'لم يصدر هذا التغيير من إحدى صفحات لوحة الإدارة، لذلك لم يُنفَّذ. أعد تحميل الصفحة وحاول مرة أخرى.',
  },
  // The gateway is stopping (a deploy): the request was not handled; another instance or a retry will.
  shuttingDown: {
    en: 'The store is restarting. Please try again in a moment.',
    ar: 'يُعاد تشغيل المتجر. يرجى المحاولة بعد لحظات.',
  },
  badRequest: {
    en: 'The request could not be read. Please try again.',
    ar: 'تعذّرت قراءة الطلب. يرجى المحاولة مرة أخرى.',
  },
  payloadTooLarge: { en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  unsupportedMediaType: {
    en: 'Please send the request as JSON.',
    ar: 'يرجى إرسال الطلب بصيغة JSON.',
  },
  methodNotAllowed: {
    en: 'This address does not accept that method.',
    ar: 'هذا العنوان لا يقبل هذه الطريقة.',
  },
  accountLocked: {
    en: 'Too many failed sign-in attempts. Please try again in {minutes} minutes.',
    ar: 'محاولات تسجيل دخول فاشلة كثيرة. يرجى المحاولة بعد {minutes} دقيقة.',
  },
  tooManyRequests: {
    en: 'Too many requests. Please wait a moment.',
    ar: 'طلبات كثيرة جدًا. يرجى الانتظار قليلًا.',
  },
  timeout: {
    en: 'This is taking too long. Please try again in a moment.',
    ar: 'يستغرق هذا وقتًا أطول من المعتاد. يرجى المحاولة بعد لحظات.',
  },
  reviewNotFound: {
    en: 'This review no longer exists.',
    ar: 'هذه المراجعة لم تعد موجودة.',
  },
  // Two moderators at once (docs/customers-reviews.md): the second is told who won and what it is now.
  reviewChanged: {
    en: '{who} just changed this review; it is now {status}. Check it again before you act.',
    ar: '{who} عدّل هذه المراجعة للتو، وحالتها الآن: {status}. راجعها مرة أخرى قبل أي إجراء.',
  },
  reviewAlreadyApproved: {
    en: '{who} already approved this review.',
    ar: '{who} اعتمد هذه المراجعة من قبل.',
  },
  reviewAlreadyRejected: {
    en: '{who} already rejected this review.',
    ar: '{who} رفض هذه المراجعة من قبل.',
  },
  someoneElse: { en: 'Someone else', ar: 'شخص آخر' },
  reviewStatusPending: { en: 'pending', ar: 'بانتظار المراجعة' },
  reviewStatusApproved: { en: 'approved', ar: 'معتمدة' },
  reviewStatusRejected: { en: 'rejected', ar: 'مرفوضة' },
  customerNotFound: {
    en: 'This customer does not exist.',
    ar: 'هذا العميل غير موجود.',
  },
  deadLetterNotFound: {
    en: 'This failed event is no longer waiting: it was re-driven already, or never existed.',
    ar: 'هذا الحدث المتعثر لم يعد في الانتظار: أُعيد إرساله من قبل، أو لم يكن موجودًا.',
  },
  deadLetterAlreadyRedriven: {
    en: 'This failed message was re-driven already; if it failed again, it is listed anew.',
    ar: 'أُعيد إرسال هذه الرسالة المتعثرة من قبل؛ وإن تعثرت مرة أخرى فستظهر في القائمة من جديد.',
  },
  deadLetterNotAnEvent: {
    en: 'This message is not an event and cannot be sent again; it stays here as a record.',
    ar: 'هذه الرسالة ليست حدثًا ولا يمكن إرسالها مرة أخرى؛ وتبقى هنا للسجل.',
  },
  adminPaymentNotFound: {
    en: 'This payment was not found.',
    ar: 'لم يتم العثور على هذه الدفعة.',
  },
  // Staff actions on a flagged card payment (docs/payments.md "Staff actions").
  adminPaymentNotActionable: {
    en: 'Only a card payment with no order can be refunded or completed here.',
    ar: 'لا يمكن استرداد أو إتمام سوى دفعة بطاقة لم يُسجَّل بها طلب.',
  },
  adminPaymentOrdered: {
    en: 'Order {orderId} was already made with this payment. To give the money back, cancel the order.',
    ar: 'سبق تسجيل الطلب {orderId} بهذه الدفعة. لاسترداد المبلغ، ألغِ الطلب.',
  },
  adminPaymentRefunded: {
    en: 'This payment was already refunded; no order can be made with it.',
    ar: 'سبق استرداد هذه الدفعة؛ ولا يمكن تسجيل طلب بها.',
  },
  adminPaymentDisputed: {
    en: "The cardholder disputed this payment. Answer the dispute in Stripe's dashboard; it cannot be refunded or completed here.",
    ar: 'اعترض حامل البطاقة على هذه الدفعة. ردّ على الاعتراض في لوحة تحكم Stripe؛ لا يمكن استردادها أو إتمامها من هنا.',
  },
  adminPaymentResolved: {
    en: 'This payment was already marked as resolved by staff.',
    ar: 'سبق أن وُضعت على هذه الدفعة علامة «سوّاها الفريق».',
  },
  adminPaymentNotPaid: {
    en: 'Stripe does not show this payment as paid, so there is nothing to refund or complete.',
    ar: 'لا تظهر هذه الدفعة مدفوعة لدى Stripe، لذا لا يوجد ما يُسترد أو يُتم.',
  },
  adminRefundRefused: {
    en: 'Stripe refused the refund: {reason}',
    ar: 'رفضت Stripe الاسترداد: {reason}',
  },
  adminStripeUnavailable: {
    en: 'Stripe could not be reached. Nothing was changed; please try again in a moment.',
    ar: 'تعذّر الوصول إلى Stripe. لم يتغيّر شيء؛ يرجى المحاولة بعد قليل.',
  },
  adminCompleteOutOfStock: {
    en: 'Not enough stock of {name}: {available} left. Restock it and try again, or refund the payment.',
    ar: 'المخزون من {name} غير كافٍ: تبقّى {available}. أعد التخزين ثم حاول مجددًا، أو استرد الدفعة.',
  },
  adminCompleteUnavailable: {
    en: 'An item of this order is no longer sold. Refund the payment, or mark it resolved if you filled it another way.',
    ar: 'أحد منتجات هذا الطلب لم يعد معروضًا للبيع. استرد الدفعة، أو ضع علامة «تمت التسوية» إن لبّيته بطريقة أخرى.',
  },
  adminCompleteCoupon: {
    en: 'The coupon {code} can no longer be used, so the order cannot be made at the price paid. Refund the payment, or mark it resolved if you filled it another way.',
    ar: 'لم يعد من الممكن استخدام القسيمة {code}، لذا لا يمكن تسجيل الطلب بالسعر المدفوع. استرد الدفعة، أو ضع علامة «تمت التسوية» إن لبّيته بطريقة أخرى.',
  },
  adminCompleteMismatch: {
    en: "The amount paid is not this order's total today, so the order cannot be made with it. Refund the payment, or mark it resolved if you filled it another way.",
    ar: 'المبلغ المدفوع لا يساوي إجمالي هذا الطلب اليوم، لذا لا يمكن تسجيل الطلب به. استرد الدفعة، أو ضع علامة «تمت التسوية» إن لبّيته بطريقة أخرى.',
  },
  adminCompleteFailed: {
    en: 'The order could not be made ({reason}). Refund the payment, or mark it resolved if you filled it another way.',
    ar: 'تعذّر تسجيل الطلب ({reason}). استرد الدفعة، أو ضع علامة «تمت التسوية» إن لبّيته بطريقة أخرى.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function t(key: MessageKey, locale: Locale, vars: Record<string, string | number> = {}): string {
  return MESSAGES[key][locale].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

/** The shopper's language: an explicit x-locale header, then the NEXT_LOCALE cookie, then Accept-Language. */
export function localeOf(headers: Record<string, string | string[] | undefined>): Locale {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(header('cookie') ?? '')?.[1];
  return resolveLocale({ explicit: header('x-locale'), cookie, acceptLanguage: header('accept-language') });
}
