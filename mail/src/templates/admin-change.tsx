/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { AdminChangeEmailData, MailLocale } from '../types';
import { CallToAction, colors, directionOf, formatDate, Layout, textStyle } from './layout';
import { fillStore, useStoreName, withStoreName } from './store-name';

/*
 * A change to who administers the store (docs/users.md): someone was invited as, promoted to or
 * removed from ADMIN, or an ADMIN account was deactivated or reactivated. Sent to every other
 * active administrator, each in their own saved language, so a change nobody expected is seen
 * by someone who can undo it.
 */
type Change = AdminChangeEmailData['change'];

const COPY = {
  en: {
    subject: {
      invited: (who: string) => `${who} was invited as an administrator of {store}`,
      promoted: (who: string) => `${who} is now an administrator of {store}`,
      demoted: (who: string) => `${who} is no longer an administrator of {store}`,
      deactivated: (who: string) => `Administrator ${who} was deactivated`,
      reactivated: (who: string) => `Administrator ${who} was reactivated`,
    } satisfies Record<Change, (who: string) => string>,
    heading: 'A change to the administrators',
    body: {
      invited: (actor: ReactNode, who: ReactNode) => (
        <>
          {actor} invited {who} to the back office as an administrator. Once they choose a password they may
          see and change everything.
        </>
      ),
      promoted: (actor: ReactNode, who: ReactNode) => (
        <>
          {actor} made {who} an administrator: they may now see and change everything in the back office.
        </>
      ),
      demoted: (actor: ReactNode, who: ReactNode) => (
        <>
          {actor} removed {who} from the administrators: they keep only the sections their grid gives.
        </>
      ),
      deactivated: (actor: ReactNode, who: ReactNode) => (
        <>
          {actor} deactivated the administrator {who}: they were signed out and cannot sign in.
        </>
      ),
      reactivated: (actor: ReactNode, who: ReactNode) => (
        <>
          {actor} reactivated the administrator {who}: they may sign in again and change everything.
        </>
      ),
    } satisfies Record<Change, (actor: ReactNode, who: ReactNode) => ReactNode>,
    greeting: (name: string) => `Hello ${name},`,
    when: (at: string) => `When: ${at} (Dubai time).`,
    check: 'If you did not expect this, open the account now and undo it.',
    cta: 'Open the account',
    why: 'You receive this because you are an administrator of the {store} back office.',
  },
  ar: {
    subject: {
      invited: (who: string) => `دُعي ${who} مسؤولًا في {store}`,
      promoted: (who: string) => `أصبح ${who} مسؤولًا في {store}`,
      demoted: (who: string) => `لم يعد ${who} مسؤولًا في {store}`,
      deactivated: (who: string) => `عُطّل حساب المسؤول ${who}`,
      reactivated: (who: string) => `أُعيد تفعيل حساب المسؤول ${who}`,
    } satisfies Record<Change, (who: string) => string>,
    heading: 'تغيير في المسؤولين',
    body: {
      invited: (actor: ReactNode, who: ReactNode) => (
        <>
          دعا {actor} {who} إلى لوحة الإدارة مسؤولًا. بمجرد أن يختار كلمة مرور يستطيع رؤية كل شيء وتغييره.
        </>
      ),
      promoted: (actor: ReactNode, who: ReactNode) => (
        <>
          جعل {actor} {who} مسؤولًا: يستطيع الآن رؤية كل شيء في لوحة الإدارة وتغييره.
        </>
      ),
      demoted: (actor: ReactNode, who: ReactNode) => (
        <>
          أزال {actor} {who} من المسؤولين: لا تبقى له إلا الأقسام التي تمنحها صلاحياته.
        </>
      ),
      deactivated: (actor: ReactNode, who: ReactNode) => (
        <>
          عطّل {actor} حساب المسؤول {who}: سُجّل خروجه ولا يستطيع تسجيل الدخول.
        </>
      ),
      reactivated: (actor: ReactNode, who: ReactNode) => (
        <>
          أعاد {actor} تفعيل حساب المسؤول {who}: يستطيع تسجيل الدخول وتغيير كل شيء مجددًا.
        </>
      ),
    } satisfies Record<Change, (actor: ReactNode, who: ReactNode) => ReactNode>,
    greeting: (name: string) => `مرحبًا ${name}،`,
    when: (at: string) => `الوقت: ${at} (بتوقيت دبي).`,
    check: 'إن لم تكن تتوقع هذا التغيير، فافتح الحساب الآن وتراجع عنه.',
    cta: 'فتح الحساب',
    why: 'تصلك هذه الرسالة لأنك مسؤول في لوحة إدارة {store}.',
  },
} as const;

/** "Name (e-mail)": the e-mail says who it is when two people share a name; Latin runs kept left to right. */
const who = (p: { name: string; email: string }) => (
  <>
    <strong>{p.name}</strong> (<span dir="ltr">{p.email}</span>)
  </>
);

export function adminChangeSubject(change: AdminChangeEmailData, locale: MailLocale): string {
  return COPY[locale].subject[change.change](change.account.name);
}

export function AdminChangeEmail({ change, locale }: { change: AdminChangeEmailData; locale: MailLocale }) {
  const d = directionOf(locale);
  const store = useStoreName(locale);
  const c = withStoreName(COPY[locale], store);
  const muted = textStyle(d, { color: colors.muted, fontSize: '13px' });
  return (
    <Layout
      locale={locale}
      preview={fillStore(adminChangeSubject(change, locale), store)}
      heading={c.heading}
    >
      <Text style={textStyle(d)}>{c.greeting(change.recipientName)}</Text>
      <Text style={textStyle(d)} data-section="change">
        {c.body[change.change](who(change.actor), who(change.account))}
      </Text>
      <Text style={textStyle(d)}>{c.when(formatDate(change.at, locale))}</Text>
      <Text style={textStyle(d)}>{c.check}</Text>
      <CallToAction d={d} href={change.accountUrl}>
        {c.cta}
      </CallToAction>
      <Text style={muted}>{c.why}</Text>
    </Layout>
  );
}
