/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/components';
import type { MailLocale, StaffLinkEmailData } from '../types';
import { CallToAction, colors, directionOf, formatDate, Layout, textStyle } from './layout';
import { useStoreName, withStoreName } from './store-name';

/*
 * The back office's one-time links (docs/users.md): an invitation to set a first
 * password, or a reset an administrator started. Its own words here, in both languages, in the
 * invitee's language (chosen by whoever invited them).
 */
const COPY = {
  en: {
    invite: {
      subject: 'You are invited to the {store} back office',
      heading: 'Welcome to the team',
      body: (inviter: string) =>
        `${inviter} has given you an account in the {store} back office. Choose your password to start.`,
      cta: 'Choose my password',
    },
    reset: {
      subject: 'Set a new password for the {store} back office',
      heading: 'Set a new password',
      body: (inviter: string) =>
        `${inviter} has asked for your back-office password to be reset, and has signed you out everywhere. Choose a new one to sign in again.`,
      cta: 'Set a new password',
    },
    greeting: (name: string) => `Hello ${name},`,
    account: (email: string) => `Your account: ${email}`,
    expires: (when: string) => `The link works once, until ${when} (Dubai time).`,
    ignore: 'If you did not expect this e-mail, you can ignore it: nothing changes until the link is used.',
    plain: 'If the button does not work, copy this address into your browser:',
  },
  ar: {
    invite: {
      subject: 'دعوة إلى لوحة إدارة {store}',
      heading: 'أهلًا بك في الفريق',
      body: (inviter: string) => `أنشأ لك ${inviter} حسابًا في لوحة إدارة {store}. اختر كلمة مرورك للبدء.`,
      cta: 'اختيار كلمة المرور',
    },
    reset: {
      subject: 'تعيين كلمة مرور جديدة للوحة إدارة {store}',
      heading: 'تعيين كلمة مرور جديدة',
      body: (inviter: string) =>
        `طلب ${inviter} إعادة تعيين كلمة مرورك في لوحة الإدارة، وسجّل خروجك من كل الأجهزة. اختر كلمة مرور جديدة لتسجيل الدخول مجددًا.`,
      cta: 'تعيين كلمة مرور جديدة',
    },
    greeting: (name: string) => `مرحبًا ${name}،`,
    account: (email: string) => `حسابك: ${email}`,
    expires: (when: string) => `يعمل الرابط مرة واحدة حتى ${when} (بتوقيت دبي).`,
    ignore: 'إن لم تكن تتوقع هذه الرسالة فتجاهلها: لن يتغير شيء ما لم يُستخدم الرابط.',
    plain: 'إن لم يعمل الزر، فانسخ هذا العنوان في متصفحك:',
  },
} as const;

export function staffLinkSubject(link: StaffLinkEmailData, locale: MailLocale): string {
  return COPY[locale][link.purpose].subject;
}

export function StaffLinkEmail({ link, locale }: { link: StaffLinkEmailData; locale: MailLocale }) {
  const d = directionOf(locale);
  const c = withStoreName(COPY[locale], useStoreName(locale));
  const p = c[link.purpose];
  const muted = textStyle(d, { color: colors.muted, fontSize: '13px' });
  return (
    <Layout locale={locale} preview={p.subject} heading={p.heading}>
      <Text style={textStyle(d)}>{c.greeting(link.name)}</Text>
      <Text style={textStyle(d)}>{p.body(link.invitedBy)}</Text>
      <Text style={textStyle(d)}>
        {c.account('')}
        <span dir="ltr">{link.email}</span>
      </Text>
      <CallToAction d={d} href={link.url}>
        {p.cta}
      </CallToAction>
      <Text style={muted}>{c.expires(formatDate(link.expiresAt, locale))}</Text>
      <Text style={muted}>
        {c.plain} <span dir="ltr">{link.url}</span>
      </Text>
      <Text style={muted}>{c.ignore}</Text>
    </Layout>
  );
}
