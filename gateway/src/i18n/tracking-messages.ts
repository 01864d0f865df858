import type { Locale } from '@qahwa/schema';

/** The guest's order tracking (docs/order-tracking.md): the lookup, the link, the page behind it. */
export const TRACKING_MESSAGES = {
  // One answer for "no such order" and "the e-mail or phone does not match": an outsider who
  // tries numbers learns nothing about which orders exist.
  trackingNotFound: {
    en: 'We could not find an order with this number and this e-mail or phone. Please check both and try again.',
    ar: 'لم نجد طلبًا بهذا الرقم وهذا البريد الإلكتروني أو الهاتف. يرجى التحقق منهما والمحاولة مرة أخرى.',
  },
  // Past its 90 days, altered, or its order gone.
  trackingLinkExpired: {
    en: 'This tracking link has expired or is not valid. Enter your order number and e-mail or phone to see your order, or ask for a new link.',
    ar: 'انتهت صلاحية رابط التتبع هذا أو أنه غير صالح. أدخل رقم طلبك وبريدك الإلكتروني أو هاتفك لعرض طلبك، أو اطلب رابطًا جديدًا.',
  },
  // The same words whether or not the address matched an order (nothing is learnt by asking).
  trackingLinkSent: {
    en: 'If this order was placed with this e-mail, a new tracking link is on its way to it.',
    ar: 'إذا كان هذا الطلب مسجلًا بهذا البريد الإلكتروني، فسيصل إليه رابط تتبع جديد قريبًا.',
  },
  trackingDocumentNotFound: {
    en: 'This document does not belong to this order.',
    ar: 'هذا المستند لا يخص هذا الطلب.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
