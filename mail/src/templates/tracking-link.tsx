/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components';
import type { MailLocale } from '../types';
import { CallToAction, colors, directionOf, Layout, textStyle } from './layout';

/*
 * The guest's tracking link in the order's e-mails (docs/order-tracking.md, docs/email.md): the
 * confirmation, each status e-mail, and the new link a shopper asks for. The invoice is a link to
 * its download, not an attachment: the mail stays small, and a cash-on-delivery order's invoice is
 * issued when it is delivered, which may be after its "delivered" e-mail left — the tracking page
 * always lists it.
 */
const COPY = {
  en: {
    cta: 'Track your order',
    expires: 'The link opens your order for 90 days; on the tracking page you can ask for a new one.',
    plain: 'If the button does not work, copy this address into your browser:',
    invoice: 'Download your invoice',
    invoiceLater: 'Your invoice will be on your order page as soon as it is issued.',
    link: {
      subject: (n: string) => `Your tracking link for order ${n}`,
      heading: 'Your order, one click away',
      intro: (n: string) => `You asked for a new link to follow order ${n}. Here it is.`,
      ignore: 'Did not ask for it? You can ignore this e-mail: the link only shows the order.',
    },
  },
  ar: {
    cta: 'تتبّع طلبك',
    expires: 'يفتح الرابط طلبك لمدة 90 يومًا، ويمكنك طلب رابط جديد من صفحة التتبع.',
    plain: 'إن لم يعمل الزر، فانسخ هذا العنوان في متصفحك:',
    invoice: 'تنزيل فاتورتك',
    invoiceLater: 'ستظهر فاتورتك في صفحة طلبك فور إصدارها.',
    link: {
      subject: (n: string) => `رابط تتبع طلبك ${n}`,
      heading: 'طلبك على بعد نقرة',
      intro: (n: string) => `طلبت رابطًا جديدًا لمتابعة الطلب ${n}. إليك الرابط.`,
      ignore: 'لم تطلبه؟ يمكنك تجاهل هذه الرسالة: الرابط يعرض الطلب فقط.',
    },
  },
} as const;

/** The button to the order's tracking page, the address in plain text, and the invoice's link when given. */
export function TrackingLinks({
  locale,
  trackingUrl,
  invoiceUrl,
  invoicePending = false,
}: {
  locale: MailLocale;
  trackingUrl: string;
  invoiceUrl?: string | undefined;
  /** Say the invoice will be on the page (an order owed one whose document is not issued yet). */
  invoicePending?: boolean;
}) {
  const d = directionOf(locale);
  const c = COPY[locale];
  const muted = textStyle(d, { color: colors.muted, fontSize: '13px' });
  return (
    <>
      <CallToAction d={d} href={trackingUrl}>
        {c.cta}
      </CallToAction>
      {invoiceUrl ? (
        <Text style={textStyle(d, { textAlign: 'center' })}>
          <Link href={invoiceUrl} style={{ color: colors.accent, fontWeight: 600 }}>
            {c.invoice}
          </Link>
        </Text>
      ) : invoicePending ? (
        <Text style={muted}>{c.invoiceLater}</Text>
      ) : null}
      <Text style={muted}>{c.expires}</Text>
      <Text style={muted}>
        {c.plain} <span dir="ltr">{trackingUrl}</span>
      </Text>
    </>
  );
}

export const trackingLinkSubject = (orderNumber: string, locale: MailLocale) =>
  COPY[locale].link.subject(orderNumber);

/** The new tracking link a shopper asked for on the tracking page (sent to the order's own address only). */
export function TrackingLinkEmail({
  locale,
  orderNumber,
  trackingUrl,
}: {
  locale: MailLocale;
  orderNumber: string;
  trackingUrl: string;
}) {
  const d = directionOf(locale);
  const c = COPY[locale].link;
  return (
    <Layout locale={locale} preview={c.intro(orderNumber)} heading={c.heading}>
      <Text style={textStyle(d)}>{c.intro(orderNumber)}</Text>
      <TrackingLinks locale={locale} trackingUrl={trackingUrl} />
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.ignore}</Text>
    </Layout>
  );
}
