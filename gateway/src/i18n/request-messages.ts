import type { Locale } from '@qahwa/schema';

/**
 * The gateway's words for a request as such, whatever its route: the one error body's generic
 * answers (invalid, not found, too large, too many, timed out, restarting, failed) and the staff
 * session's sign-in and access refusals.
 */
export const REQUEST_MESSAGES = {
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
  invalidCredentials: { en: 'Invalid email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  signInRequired: { en: 'Please sign in.', ar: 'يرجى تسجيل الدخول.' },
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
} as const satisfies Record<string, Record<Locale, string>>;
