/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/components';
import type { MailLocale, OrderStatusEmailData } from '../types';
import { colors, directionOf, formatDate, Layout, money, textStyle } from './layout';
import { TrackingLinks } from './tracking-link';

/*
 * The shopper's news about an order after it was placed (docs/orders.md): being prepared,
 * shipped, delivered, cancelled. Its own words here, in both languages: the other templates' shared copy
 * is for the checkout's mails.
 */
const COPY = {
  en: {
    processing: {
      subject: (n: string) => `We are preparing your order ${n}`,
      heading: 'We are preparing your order',
      body: 'Your order is being roasted, packed and made ready for the courier. We will e-mail you again when it leaves us.',
    },
    shipped: {
      subject: (n: string) => `Your order ${n} is on its way`,
      heading: 'Your coffee is on its way',
      body: 'We have handed your order to the courier. They will call you on the number below before they arrive.',
    },
    delivered: {
      subject: (n: string) => `Your order ${n} was delivered`,
      heading: 'Delivered — enjoy your coffee',
      body: "Your order has been delivered. If anything is not right, you can ask for a return from your order's page within 30 days.",
    },
    cancelled: {
      subject: (n: string) => `Your order ${n} was cancelled`,
      heading: 'Your order was cancelled',
      body: 'Your order has been cancelled and nothing will be delivered.',
    },
    refund: (amount: string, provider: 'STRIPE' | 'TABBY') =>
      provider === 'TABBY'
        ? `Tabby has been told to give back ${amount}; your instalments stop and paid ones are returned by Tabby.`
        : `We have refunded ${amount} to your card. Banks usually show it within 5 to 10 working days.`,
    cod: 'You paid nothing for this order, so there is nothing to refund.',
    order: (n: string) => `Order ${n}`,
    placed: (d: string) => `Placed on ${d}`,
    total: (a: string) => `Total ${a}`,
    address: 'Delivery address',
  },
  ar: {
    processing: {
      subject: (n: string) => `نجهّز طلبك ${n}`,
      heading: 'نجهّز طلبك الآن',
      body: 'نحمّص طلبك ونغلّفه ونجهّزه لشركة التوصيل، وسنراسلك مرة أخرى عند خروجه من عندنا.',
    },
    shipped: {
      subject: (n: string) => `طلبك ${n} في الطريق إليك`,
      heading: 'قهوتك في الطريق إليك',
      body: 'سلّمنا طلبك إلى شركة التوصيل، وسيتصل بك المندوب على الرقم أدناه قبل الوصول.',
    },
    delivered: {
      subject: (n: string) => `تم تسليم طلبك ${n}`,
      heading: 'تم التسليم — استمتع بقهوتك',
      body: 'تم تسليم طلبك. إن لم يكن كل شيء على ما يرام، يمكنك طلب الإرجاع من صفحة طلبك خلال 30 يومًا.',
    },
    cancelled: {
      subject: (n: string) => `تم إلغاء طلبك ${n}`,
      heading: 'تم إلغاء طلبك',
      body: 'تم إلغاء طلبك ولن يتم توصيل أي شيء.',
    },
    refund: (amount: string, provider: 'STRIPE' | 'TABBY') =>
      provider === 'TABBY'
        ? `أبلغنا تابي بإرجاع ${amount}؛ تتوقف أقساطك وتُعيد تابي ما دفعته.`
        : `أعدنا ${amount} إلى بطاقتك. يظهر المبلغ عادةً خلال 5 إلى 10 أيام عمل.`,
    cod: 'لم تدفع شيئًا مقابل هذا الطلب، فلا يوجد مبلغ لإرجاعه.',
    order: (n: string) => `الطلب ${n}`,
    placed: (d: string) => `تاريخ الطلب ${d}`,
    total: (a: string) => `الإجمالي ${a}`,
    address: 'عنوان التوصيل',
  },
} as const;

export function orderStatusSubject(o: OrderStatusEmailData, locale: MailLocale): string {
  return COPY[locale][o.status].subject(o.orderNumber);
}

export function OrderStatusEmail({ order: o, locale }: { order: OrderStatusEmailData; locale: MailLocale }) {
  const d = directionOf(locale);
  const c = COPY[locale];
  const s = c[o.status];
  const muted = textStyle(d, { color: colors.muted, fontSize: '13px' });
  return (
    <Layout locale={locale} preview={s.subject(o.orderNumber)} heading={s.heading} storeUrl={o.storeUrl}>
      <Text style={textStyle(d, { fontWeight: 600 })}>{c.order(o.orderNumber)}</Text>
      <Text style={textStyle(d)}>{s.body}</Text>
      {o.status === 'cancelled' ? (
        <Text style={textStyle(d)}>
          {o.paymentMethod === 'COD' || o.refundFils === 0
            ? c.cod
            : c.refund(money(o.refundFils, locale), o.paymentMethod)}
        </Text>
      ) : null}
      <Text style={muted}>{c.placed(formatDate(o.placedAt, locale))}</Text>
      <Text style={muted}>{c.total(money(o.totalFils, locale))}</Text>
      {o.status === 'shipped' ? (
        <Text style={muted}>
          {c.address}: {o.address.line}, {o.address.city}, {o.address.emirate} · {o.customerPhone}
        </Text>
      ) : null}
      {o.trackingUrl ? (
        <TrackingLinks
          locale={locale}
          trackingUrl={o.trackingUrl}
          invoiceUrl={o.invoiceUrl}
          invoicePending={o.status === 'delivered' && !o.invoiceUrl}
        />
      ) : null}
    </Layout>
  );
}
