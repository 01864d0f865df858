import type { Locale } from '@qahwa/schema';

/**
 * The back office's answers: reviews moderated by two people at once, customers, dead letters
 * and the staff actions on a flagged card payment (docs/customers-reviews.md,
 * docs/payments-logs.md, docs/payments.md "Staff actions").
 */
export const BACK_OFFICE_MESSAGES = {
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
  leadNotFound: {
    en: 'This lead does not exist.',
    ar: 'هذا العميل المحتمل غير موجود.',
  },
  subscriberNotFound: {
    en: 'This subscriber is no longer on the list.',
    ar: 'هذا المشترك لم يعد في القائمة.',
  },
  subscriberKeepsOptOut: {
    en: 'This address unsubscribed: it stays listed as unsubscribed so no newsletter or cart reminder reaches it.',
    ar: 'ألغى صاحب هذا العنوان اشتراكه: يبقى مدرجًا كملغى الاشتراك حتى لا تصله أي نشرة أو تذكير بالسلة.',
  },
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
