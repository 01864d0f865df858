import type { LocalizedMessage } from '../messages/localized-text';

/**
 * What the shopper (and staff) are told about a return, in both languages: the gateway's error
 * bodies and the storefront's form read these. Codes are stable for programs.
 */
export const RETURN_MESSAGES = {
  'returns.notDelivered': {
    code: 'RETURN_NOT_DELIVERED',
    en: 'A return can be requested once the order has been delivered.',
    ar: 'يمكن طلب الإرجاع بعد تسليم الطلب.',
  },
  'returns.windowClosed': {
    code: 'RETURN_WINDOW_CLOSED',
    en: 'The 30-day return period for this order ended on {date}.',
    ar: 'انتهت مهلة الإرجاع البالغة 30 يومًا لهذا الطلب في {date}.',
  },
  'returns.noLines': {
    code: 'RETURN_NO_LINES',
    en: 'Choose at least one item to return.',
    ar: 'اختر منتجًا واحدًا على الأقل لإرجاعه.',
  },
  'returns.unknownLine': {
    code: 'RETURN_UNKNOWN_LINE',
    en: 'One of the chosen items is not part of this order.',
    ar: 'أحد المنتجات المختارة ليس من هذا الطلب.',
  },
  'returns.duplicateLine': {
    code: 'RETURN_DUPLICATE_LINE',
    en: 'Each item can be chosen only once.',
    ar: 'يمكن اختيار كل منتج مرة واحدة فقط.',
  },
  'returns.tooMany': {
    code: 'RETURN_QUANTITY_TOO_HIGH',
    en: 'You can return at most {max} of {name}.',
    ar: 'يمكنك إرجاع {max} كحد أقصى من {name}.',
  },
  'returns.lineOpen': {
    code: 'RETURN_ALREADY_OPEN',
    en: '{name} already has a return in progress.',
    ar: 'يوجد طلب إرجاع قيد المعالجة للمنتج {name}.',
  },
  'returns.photo': {
    code: 'RETURN_PHOTO_INVALID',
    en: 'The photo must be one uploaded to our store.',
    ar: 'يجب أن تكون الصورة مرفوعة إلى متجرنا.',
  },
  'returns.notFound': {
    code: 'RETURN_NOT_FOUND',
    en: 'Return not found.',
    ar: 'لم يتم العثور على طلب الإرجاع.',
  },
  'returns.wrongState': {
    code: 'RETURN_WRONG_STATE',
    en: 'Return {number} is {status}: this action is not possible now.',
    ar: 'طلب الإرجاع {number} حالته «{status}»: لا يمكن تنفيذ هذا الإجراء الآن.',
  },
  'returns.messageRequired': {
    code: 'RETURN_MESSAGE_REQUIRED',
    en: 'Write a message to the shopper explaining the decision.',
    ar: 'اكتب رسالة للعميل توضّح سبب القرار.',
  },
  'returns.receiveLines': {
    code: 'RETURN_RECEIVE_LINES',
    en: 'Say for every returned item whether it can be sold again.',
    ar: 'حدّد لكل منتج مُرتجع ما إذا كان صالحًا لإعادة البيع.',
  },
  'returns.codMethod': {
    code: 'RETURN_COD_METHOD_REQUIRED',
    en: 'A cash-on-delivery order is refunded by bank transfer or store credit: choose one and enter its reference.',
    ar: 'يُرد مبلغ طلب الدفع عند الاستلام بتحويل بنكي أو برصيد في المتجر: اختر أحدهما وأدخل المرجع.',
  },
  'returns.refundFailed': {
    code: 'RETURN_REFUND_FAILED',
    en: 'The payment provider did not accept the refund: {reason}',
    ar: 'لم يقبل مزوّد الدفع عملية الاسترداد: {reason}',
  },
  'returns.refundPending': {
    code: 'RETURN_REFUND_PENDING',
    en: 'The refund is being made; it will show here in a moment.',
    ar: 'جارٍ تنفيذ الاسترداد؛ سيظهر هنا خلال لحظات.',
  },
} as const satisfies Record<string, LocalizedMessage>;
export type ReturnMessageKey = keyof typeof RETURN_MESSAGES;

const REASON_LABELS = {
  DAMAGED: { en: 'Damaged', ar: 'تالف' },
  WRONG_ITEM: { en: 'Wrong item', ar: 'منتج خاطئ' },
  NOT_AS_DESCRIBED: { en: 'Not as described', ar: 'غير مطابق للوصف' },
  CHANGED_MIND: { en: 'Changed my mind', ar: 'غيّرت رأيي' },
  OTHER: { en: 'Other', ar: 'أخرى' },
} as const;

const STATUS_LABELS = {
  requested: { en: 'Requested', ar: 'مطلوب' },
  approved: { en: 'Approved', ar: 'مقبول' },
  rejected: { en: 'Rejected', ar: 'مرفوض' },
  received: { en: 'Received', ar: 'تم الاستلام' },
  refunded: { en: 'Refunded', ar: 'تم الاسترداد' },
  expired: { en: 'Expired', ar: 'منتهي' },
} as const;

const METHOD_LABELS = {
  CARD: { en: 'Card', ar: 'البطاقة' },
  PAY_LATER: { en: 'Tabby', ar: 'تابي' },
  BANK_TRANSFER: { en: 'Bank transfer', ar: 'تحويل بنكي' },
  STORE_CREDIT: { en: 'Store credit', ar: 'رصيد في المتجر' },
} as const;

export function returnReasonLabel(reason: keyof typeof REASON_LABELS, locale: 'en' | 'ar'): string {
  return REASON_LABELS[reason][locale];
}
export function returnStatusLabel(status: keyof typeof STATUS_LABELS, locale: 'en' | 'ar'): string {
  return STATUS_LABELS[status][locale];
}
export function refundMethodLabel(method: keyof typeof METHOD_LABELS, locale: 'en' | 'ar'): string {
  return METHOD_LABELS[method][locale];
}
