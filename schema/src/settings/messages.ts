import type { LocalizedText } from '../messages/localized-text';

/**
 * The settings and tracking screens' messages (docs/settings.md). The zod contracts below are built with
 * the English text; the gateway matches an issue back to its entry here and answers in Arabic
 * when the staff member's language is Arabic (gateway/src/i18n/translate.ts).
 */
export const SETTINGS_MESSAGES = {
  'settings.text': {
    en: 'Please fill this in (at most {max} characters)',
    ar: 'يرجى تعبئة هذا الحقل (بحد أقصى {max} حرفًا)',
  },
  'settings.phone': {
    en: 'Please enter a phone number with its country code, e.g. +971 4 123 4567',
    ar: 'يرجى إدخال رقم هاتف مع رمز الدولة، مثل \u2066+971 4 123 4567\u2069',
  },
  'settings.amount': {
    en: 'Please enter an amount from {min} to {max} AED',
    ar: 'يرجى إدخال مبلغ من {min} إلى {max} درهم',
  },
  'settings.payLaterOrder': {
    en: 'The minimum must not be above the maximum',
    ar: 'يجب ألا يزيد الحد الأدنى على الحد الأقصى',
  },
  'settings.percent': { en: 'Please enter a percentage from 1 to 100', ar: 'يرجى إدخال نسبة من 1 إلى 100' },
  'settings.date': { en: 'Please enter a date as YYYY-MM-DD', ar: 'يرجى إدخال التاريخ بالصيغة YYYY-MM-DD' },
  'settings.saleDates': {
    en: 'The end date must not be before the start date',
    ar: 'يجب ألا يسبق تاريخ الانتهاء تاريخ البدء',
  },
  'settings.gtmId': {
    en: 'A Google Tag Manager id looks like GTM-XXXXXXX (capital letters and digits)',
    ar: 'معرّف Google Tag Manager يكون بالشكل GTM-XXXXXXX (أحرف كبيرة وأرقام)',
  },
  'settings.metaPixelId': {
    en: 'A Meta pixel id is 6 to 20 digits',
    ar: 'معرّف بكسل Meta يتكوّن من 6 إلى 20 رقمًا',
  },
  'settings.trn': {
    en: 'A TRN is 15 digits, as on the FTA registration certificate',
    ar: 'رقم التسجيل الضريبي 15 رقمًا كما في شهادة التسجيل لدى الهيئة الاتحادية للضرائب',
  },
  'settings.trnRequired': {
    en: 'A VAT-registered store needs its TRN',
    ar: 'يحتاج المتجر المسجّل في ضريبة القيمة المضافة إلى رقم التسجيل الضريبي',
  },
  'settings.vatRate': {
    en: 'Please enter a rate from 0 to 100 % in basis points (500 = 5 %)',
    ar: 'يرجى إدخال نسبة من 0 إلى 100 % بنقاط الأساس (500 = 5 %)',
  },
  'settings.subscriptionWeeks': {
    en: 'Please choose frequencies from 1 to 8 weeks',
    ar: 'يرجى اختيار تكرار من أسبوع إلى 8 أسابيع',
  },
  'settings.subscriptionFrequencies': {
    en: 'Please offer 1 to 4 different frequencies, shortest first',
    ar: 'يرجى عرض من خيار واحد إلى 4 خيارات تكرار مختلفة، الأقصر أولًا',
  },
  'settings.subscriptionDiscount': {
    en: 'Please enter a discount from 0 to 50 %',
    ar: 'يرجى إدخال خصم من 0 إلى 50 %',
  },
  'settings.subscriptionOutOfStock': {
    en: 'Please choose what happens to a delivery when an item is out of stock',
    ar: 'يرجى اختيار ما يحدث للتوصيل عند نفاد أحد المنتجات',
  },
  'settings.stale': {
    en: 'Someone else saved these settings after you opened them. Reload to see their changes, then save again.',
    ar: 'حفظ شخص آخر هذه الإعدادات بعد أن فتحتها. أعد التحميل لرؤية تغييراته ثم احفظ مجددًا.',
  },
} as const satisfies Record<string, LocalizedText>;
export type SettingsMessageCode = keyof typeof SETTINGS_MESSAGES;
