import type { Locale } from '@qahwa/schema';

/**
 * The shopper's order and payment answers only the gateway writes: the cart's refusals, cash on
 * delivery's price change, the card path, idempotency, pay later and the payment webhooks
 * (docs/checkout.md, docs/payments.md, docs/pay-later.md). SPEC 8's shared order failures come
 * from @qahwa/schema's `message()`.
 */
export const CHECKOUT_MESSAGES = {
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
  // Paid, but no order could be made: the payment went back at once (docs/payments.md "Paid, but no order").
  paidSoldOutRefunded: {
    en: '{name} sold out while you were paying, so we could not place your order. We have refunded your payment of {amount} in full; it will show on your statement within 5–10 working days.',
    ar: 'نفدت كمية {name} أثناء إتمامك الدفع، لذا تعذّر تسجيل طلبك. استرددنا دفعتك البالغة {amount} بالكامل، وستظهر في كشف حسابك خلال 5 إلى 10 أيام عمل.',
  },
  paidNotPlacedRefunded: {
    en: 'We could not place your order, so we have refunded your payment of {amount} in full; it will show on your statement within 5–10 working days. Nothing else is owed.',
    ar: 'تعذّر تسجيل طلبك، لذا استرددنا دفعتك البالغة {amount} بالكامل، وستظهر في كشف حسابك خلال 5 إلى 10 أيام عمل. لا يترتب عليك أي مبلغ آخر.',
  },
  paymentTooSmall: {
    en: 'Card payments start at 2.00 AED. Please add an item or choose cash on delivery.',
    ar: 'يبدأ الدفع بالبطاقة من 2.00 د.إ. يرجى إضافة منتج أو اختيار الدفع عند الاستلام.',
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
  // One cart, one paid order (docs/payments.md "One checkout, one payment").
  alreadyOrdered: {
    en: 'You have already paid for this cart: it is order {orderId}. Nothing more will be charged.',
    ar: 'لقد دفعت بالفعل ثمن هذه السلة، وهي الطلب {orderId}. لن يتم خصم أي مبلغ آخر.',
  },
  paymentDuplicateRefunded: {
    en: 'You had already paid for this order ({orderId}). This second payment has been refunded in full; it will show on your statement within 5–10 working days.',
    ar: 'سبق أن دفعت ثمن هذا الطلب ({orderId}). تم استرداد هذه الدفعة الثانية بالكامل، وستظهر في كشف حسابك خلال 5 إلى 10 أيام عمل.',
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
} as const satisfies Record<string, Record<Locale, string>>;
