/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/components';
import type { MailLocale, ReturnEmailData } from '../types';
import { CallToAction, directionOf, formatDate, Layout, money, textStyle } from './layout';

/*
 * A return's e-mails (docs/returns.md): to the shopper when staff decide, when the return expires
 * and when the money went back, in the order's language; to the store's inbox when a request has
 * waited 2 working days for a decision. Their own words here, in both languages.
 */
const COPY = {
  en: {
    approved: {
      subject: (n: string) => `Your return ${n} is approved`,
      heading: 'Your return is approved',
      body: (n: string, o: string, until: string) =>
        `We have accepted return ${n} for order ${o}. Please send the items back by ${until}; we refund you as soon as they arrive.`,
    },
    rejected: {
      subject: (n: string) => `Your return ${n} was not accepted`,
      heading: 'Your return was not accepted',
      body: (n: string, o: string) => `We could not accept return ${n} for order ${o}.`,
    },
    refunded: {
      subject: (n: string) => `Your refund for return ${n}`,
      heading: 'Your refund is on its way',
      body: (n: string, o: string, amount: string, how: string) =>
        `We have received the items of return ${n} (order ${o}) and refunded ${amount} ${how}.`,
    },
    expired: {
      subject: (n: string) => `Your return ${n} has expired`,
      heading: 'Your return has expired',
      body: (n: string, o: string) =>
        `The items of return ${n} for order ${o} did not reach us within 14 days of approval, so the return has closed. Contact us if you have already sent them.`,
    },
    reminder: {
      subject: (n: string) => `Return ${n} is waiting for a decision`,
      heading: 'A return is waiting for a decision',
      body: (n: string, o: string, when: string) =>
        `Return ${n} for order ${o} was requested on ${when} and has had no decision for 2 working days.`,
    },
    how: {
      CARD: 'to the card you paid with; it shows on your statement within 5–10 working days',
      PAY_LATER: 'through Tabby',
      BANK_TRANSFER: 'by bank transfer',
      STORE_CREDIT: 'as store credit',
    },
    message: 'Our message:',
    track: 'View your order',
    open: 'Open the return',
  },
  ar: {
    approved: {
      subject: (n: string) => `تمت الموافقة على طلب الإرجاع ${n}`,
      heading: 'تمت الموافقة على طلب الإرجاع',
      body: (n: string, o: string, until: string) =>
        `قبلنا طلب الإرجاع ${n} للطلب ${o}. يُرجى إرسال المنتجات قبل ${until}؛ وسنرد المبلغ فور وصولها.`,
    },
    rejected: {
      subject: (n: string) => `لم نتمكن من قبول طلب الإرجاع ${n}`,
      heading: 'لم يُقبل طلب الإرجاع',
      body: (n: string, o: string) => `لم نتمكن من قبول طلب الإرجاع ${n} للطلب ${o}.`,
    },
    refunded: {
      subject: (n: string) => `استرداد المبلغ لطلب الإرجاع ${n}`,
      heading: 'تم رد المبلغ',
      body: (n: string, o: string, amount: string, how: string) =>
        `استلمنا منتجات طلب الإرجاع ${n} (الطلب ${o}) ورددنا ${amount} ${how}.`,
    },
    expired: {
      subject: (n: string) => `انتهت صلاحية طلب الإرجاع ${n}`,
      heading: 'انتهت صلاحية طلب الإرجاع',
      body: (n: string, o: string) =>
        `لم تصلنا منتجات طلب الإرجاع ${n} للطلب ${o} خلال 14 يومًا من الموافقة، فأُغلق الطلب. تواصل معنا إن كنت قد أرسلتها.`,
    },
    reminder: {
      subject: (n: string) => `طلب الإرجاع ${n} بانتظار قرار`,
      heading: 'طلب إرجاع بانتظار قرار',
      body: (n: string, o: string, when: string) =>
        `طُلب الإرجاع ${n} للطلب ${o} في ${when} ولم يُتخذ بشأنه قرار منذ يومي عمل.`,
    },
    how: {
      CARD: 'إلى البطاقة التي دفعت بها؛ ويظهر في كشف حسابك خلال 5–10 أيام عمل',
      PAY_LATER: 'عبر تابي',
      BANK_TRANSFER: 'بتحويل بنكي',
      STORE_CREDIT: 'كرصيد في المتجر',
    },
    message: 'رسالتنا:',
    track: 'عرض طلبك',
    open: 'فتح طلب الإرجاع',
  },
} as const;

export function returnEmailSubject(r: ReturnEmailData, locale: MailLocale): string {
  return COPY[locale][r.kind].subject(r.returnNumber);
}

export function ReturnUpdateEmail({ data: r, locale }: { data: ReturnEmailData; locale: MailLocale }) {
  const d = directionOf(locale);
  const c = COPY[locale];
  const body =
    r.kind === 'approved'
      ? c.approved.body(r.returnNumber, r.orderId, r.arriveBy ? formatDate(r.arriveBy, locale) : '')
      : r.kind === 'refunded'
        ? c.refunded.body(
            r.returnNumber,
            r.orderId,
            money(r.refundFils ?? 0, locale),
            c.how[r.method ?? 'CARD'],
          )
        : r.kind === 'reminder'
          ? c.reminder.body(
              r.returnNumber,
              r.orderId,
              formatDate(r.requestedAt ?? new Date(0).toISOString(), locale),
            )
          : c[r.kind].body(r.returnNumber, r.orderId);
  return (
    <Layout locale={locale} preview={c[r.kind].subject(r.returnNumber)} heading={c[r.kind].heading}>
      <Text style={textStyle(d)}>{body}</Text>
      {r.message ? (
        <>
          <Text style={textStyle(d, { fontWeight: 600, margin: '0 0 4px' })}>{c.message}</Text>
          <Text dir="auto" style={textStyle(d, { whiteSpace: 'pre-wrap' })} data-section="message">
            {r.message}
          </Text>
        </>
      ) : null}
      {r.link ? (
        <CallToAction d={d} href={r.link}>
          {r.kind === 'reminder' ? c.open : c.track}
        </CallToAction>
      ) : null}
    </Layout>
  );
}
