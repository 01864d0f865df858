import { VALIDATION_MESSAGES } from '@qahwa/schema/validation';
import type { MailLocale } from '../types';
import { useStoreName, withStoreName } from './store-name';

/**
 * Every word the e-mails say, in English and Arabic. One table so a translator sees both side by
 * side; the key-parity test (mail/test/render.test.ts) fails when one language misses a key.
 * `{store}` is the store's name as staff set it (Settings → Store), filled at render
 * (store-name.ts): templates read the table through useCopy, subjects are filled by renderEmail.
 */
export const COPY = {
  en: {
    brand: '{store}',
    tagline: 'Specialty coffee roasted in the UAE',
    support: 'Questions? Our support line answers 24/7 — just reply to this e-mail.',
    returns: 'Not what you hoped for? You have 30 days to return it.',
    footer: '{store} · United Arab Emirates',
    visitStore: 'Visit the store',
    unsubscribe: {
      why: 'You receive this because this address asked for news or left a cart at {store}.',
      link: 'Unsubscribe with one click',
    },
    order: {
      subject: (n: string) => `Your {store} order ${n} is confirmed`,
      preview: (n: string) => `Thank you — order ${n} is confirmed.`,
      heading: 'Thank you for your order',
      greeting: (name: string) => `Hello ${name},`,
      intro: 'We have your order and are preparing it. Here is what you bought.',
      orderNumber: 'Order number',
      placedOn: 'Placed on',
      item: 'Item',
      quantity: 'Qty',
      price: 'Price',
      subtotal: 'Subtotal',
      discount: 'Discount',
      shipping: 'Shipping',
      total: 'Total',
      vat: 'Prices include VAT.',
      includesVat: (rate: string, amount: string) => `Includes VAT ${rate} %: ${amount}`,
      deliveryTo: 'Delivery address',
      payment: 'Payment',
      methods: {
        COD: 'Cash on delivery — please have the total ready for the courier.',
        STRIPE: 'Paid by card',
        TABBY: 'Tabby — 4 interest-free payments',
      },
      paidByWallet: (wallet: string) => `Paid by ${wallet}`,
      codeLabel: 'code',
    },
    recovery: {
      subject: 'You left something in your cart',
      preview: 'Your coffee is still waiting — your cart is saved.',
      heading: 'Your cart is waiting',
      greeting: (name?: string) => (name ? `Hello ${name},` : 'Hello,'),
      intro: 'You left these in your cart. We saved it for you: one click brings it back.',
      total: 'Cart total',
      cta: 'Return to my cart',
      note: 'Stock is limited and prices may change.',
    },
    contactAck: {
      subject: 'We received your message',
      preview: 'Thank you for writing to {store}.',
      heading: 'Thank you for your message',
      greeting: 'Hello,',
      intro: 'We received your message and answer within one working day, by e-mail.',
      subjectLabel: 'Subject',
      notYou:
        'If you did not write to us, someone typed your address into our contact form: you can ignore this e-mail.',
    },
    contactStaff: {
      subject: (subject: string, name: string) => `New contact message: ${subject} — ${name}`,
      preview: 'A shopper wrote through the contact form.',
      heading: 'New contact message',
      from: 'From',
      email: 'E-mail',
      phone: 'Phone',
      subjectLabel: 'Subject',
      received: 'Received',
      messageLabel: 'Message',
      reply: 'Reply by e-mail',
    },
    newsletter: {
      subject: 'Welcome to the {store} newsletter',
      preview: 'New harvests, offers and brewing tips, about twice a month.',
      heading: 'Welcome to our newsletter',
      intro: `${VALIDATION_MESSAGES['newsletter.subscribed'].en} You will hear from us about twice a month.`,
      what: 'New harvests, offers and brewing tips — nothing more.',
      subscribedAs: (email: string) => `Subscribed as ${email}.`,
      leave: 'Not for you? The link at the bottom of every newsletter unsubscribes you at once.',
    },
    newsletterConfirm: {
      subject: 'Confirm your subscription to the {store} newsletter',
      preview: 'One click and you are subscribed.',
      heading: 'Please confirm your subscription',
      /** Followed by the address (its own left-to-right run) and a full stop. */
      intro: 'Someone, we hope you, asked for the {store} newsletter at',
      ask: 'Confirm with the button below and you will hear from us about twice a month.',
      cta: 'Confirm my subscription',
      expires: 'The link works for 7 days.',
      plain: 'If the button does not work, copy this address into your browser:',
      ignore: 'Not you? Ignore this e-mail: without the click, we send you nothing more.',
    },
  },
  ar: {
    brand: '{store}',
    tagline: 'قهوة مختصة محمصة في الإمارات',
    support: 'لديك سؤال؟ خدمة العملاء متاحة على مدار الساعة — يكفي الرد على هذه الرسالة.',
    returns: 'لم يعجبك المنتج؟ يمكنك إرجاعه خلال 30 يوماً.',
    footer: '{store} · الإمارات العربية المتحدة',
    visitStore: 'زيارة المتجر',
    unsubscribe: {
      why: 'تصلك هذه الرسالة لأن هذا العنوان طلب أخبارنا أو ترك سلة في {store}.',
      link: 'إلغاء الاشتراك بنقرة واحدة',
    },
    order: {
      subject: (n: string) => `تم تأكيد طلبك ${n} من {store}`,
      preview: (n: string) => `شكراً لك — تم تأكيد الطلب ${n}.`,
      heading: 'شكراً لطلبك',
      greeting: (name: string) => `مرحباً ${name}،`,
      intro: 'استلمنا طلبك ونقوم بتجهيزه. هذه تفاصيل مشترياتك.',
      orderNumber: 'رقم الطلب',
      placedOn: 'تاريخ الطلب',
      item: 'المنتج',
      quantity: 'الكمية',
      price: 'السعر',
      subtotal: 'المجموع الفرعي',
      discount: 'الخصم',
      shipping: 'الشحن',
      total: 'الإجمالي',
      vat: 'الأسعار شاملة ضريبة القيمة المضافة.',
      includesVat: (rate: string, amount: string) => `يشمل ضريبة القيمة المضافة ${rate} %: ${amount}`,
      deliveryTo: 'عنوان التوصيل',
      payment: 'الدفع',
      methods: {
        COD: 'الدفع عند الاستلام — يرجى تجهيز المبلغ الإجمالي لمندوب التوصيل.',
        STRIPE: 'مدفوع بالبطاقة',
        TABBY: 'تابي — 4 دفعات بدون فوائد',
      },
      paidByWallet: (wallet: string) => `مدفوع عبر ${wallet}`,
      codeLabel: 'الرمز',
    },
    recovery: {
      subject: 'تركت شيئاً في سلتك',
      preview: 'قهوتك ما زالت بانتظارك — حفظنا سلتك.',
      heading: 'سلتك بانتظارك',
      greeting: (name?: string) => (name ? `مرحباً ${name}،` : 'مرحباً،'),
      intro: 'تركت هذه المنتجات في سلتك. حفظناها لك: نقرة واحدة تعيدها.',
      total: 'إجمالي السلة',
      cta: 'العودة إلى سلتي',
      note: 'الكمية محدودة وقد تتغير الأسعار.',
    },
    contactAck: {
      subject: 'وصلتنا رسالتك',
      preview: 'شكراً لتواصلك مع {store}.',
      heading: 'شكراً لرسالتك',
      greeting: 'مرحباً،',
      intro: 'وصلتنا رسالتك وسنرد خلال يوم عمل واحد عبر البريد الإلكتروني.',
      subjectLabel: 'الموضوع',
      notYou: 'إن لم تراسلنا، فقد كتب أحدهم عنوانك في نموذج التواصل لدينا: يمكنك تجاهل هذه الرسالة.',
    },
    contactStaff: {
      subject: (subject: string, name: string) => `رسالة تواصل جديدة: ${subject} — ${name}`,
      preview: 'كتب أحد العملاء عبر نموذج التواصل.',
      heading: 'رسالة تواصل جديدة',
      from: 'من',
      email: 'البريد الإلكتروني',
      phone: 'الهاتف',
      subjectLabel: 'الموضوع',
      received: 'وقت الاستلام',
      messageLabel: 'الرسالة',
      reply: 'الرد بالبريد الإلكتروني',
    },
    newsletter: {
      subject: 'أهلاً بك في نشرة {store} البريدية',
      preview: 'محاصيل جديدة وعروض ونصائح للتحضير، نحو مرتين في الشهر.',
      heading: 'أهلاً بك في نشرتنا البريدية',
      intro: `${VALIDATION_MESSAGES['newsletter.subscribed'].ar} ستصلك رسائلنا نحو مرتين في الشهر.`,
      what: 'محاصيل جديدة وعروض ونصائح للتحضير — لا أكثر.',
      subscribedAs: (email: string) => `اشتركت بالعنوان ${email}.`,
      leave: 'لا تناسبك؟ الرابط في أسفل كل نشرة يلغي اشتراكك فوراً.',
    },
    newsletterConfirm: {
      subject: 'أكّد اشتراكك في نشرة {store} البريدية',
      preview: 'نقرة واحدة ويكتمل اشتراكك.',
      heading: 'يرجى تأكيد اشتراكك',
      intro: 'طلب أحدهم، ونأمل أنك أنت، نشرة {store} البريدية على العنوان',
      ask: 'أكّد بالزر أدناه وستصلك رسائلنا نحو مرتين في الشهر.',
      cta: 'تأكيد اشتراكي',
      expires: 'يعمل الرابط لمدة 7 أيام.',
      plain: 'إن لم يعمل الزر، فانسخ هذا العنوان في متصفحك:',
      ignore: 'لست أنت؟ تجاهل هذه الرسالة: دون النقر لن نرسل إليك شيئاً آخر.',
    },
  },
} as const;

export type Copy = (typeof COPY)['en'];

/** The table as written, `{store}` unfilled: for subjects, which renderEmail fills. */
export function copyFor(locale: MailLocale): Copy {
  return COPY[locale] as unknown as Copy;
}

/** The table with the store's name in it, inside a template (the name comes from the render). */
export function useCopy(locale: MailLocale): Copy {
  return withStoreName(copyFor(locale), useStoreName(locale));
}

/** The label of a contact subject slug (the contact form's own words), or the text itself. */
export function contactSubjectLabel(subject: string, locale: MailLocale): string {
  const key = `contact.subject.${subject}` as keyof typeof VALIDATION_MESSAGES;
  return VALIDATION_MESSAGES[key]?.[locale] ?? subject;
}
