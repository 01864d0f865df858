import type { Locale } from '@qahwa/schema';

/**
 * The pages behind the links the store e-mails: the newsletter's confirmation and one-click
 * unsubscribe (docs/crm.md) and the cart-recovery link (docs/leads.md).
 */
export const LINK_MESSAGES = {
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
} as const satisfies Record<string, Record<Locale, string>>;
