/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Column, Link, Row, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { MailLocale } from '../types';
import { contactSubjectLabel, copyFor, useCopy } from './copy';
import { colors, directionOf, formatDate, Layout, textStyle } from './layout';

/** Message text as the shopper typed it: line breaks kept, never HTML (React escapes it). */
function MessageBody({ text, dir }: { text: string; dir: 'ltr' | 'rtl' }) {
  return (
    <Text
      dir="auto"
      data-section="message"
      style={{
        backgroundColor: colors.paper,
        borderRadius: '6px',
        fontSize: '14px',
        lineHeight: '22px',
        margin: '0 0 12px',
        padding: '12px 16px',
        whiteSpace: 'pre-wrap',
        textAlign: dir === 'rtl' ? 'right' : 'left',
      }}
    >
      {text}
    </Text>
  );
}

/**
 * The shopper's acknowledgement. Anyone can type any address into the contact form, so it says
 * nothing the form's sender wrote: no name, no message text (docs/email.md), only that a message
 * arrived, its subject from the form's fixed list, and that a stranger's message can be ignored.
 */
export function ContactAckEmail({ locale, subject }: { locale: MailLocale; subject: string }) {
  const d = directionOf(locale);
  const c = useCopy(locale).contactAck;
  return (
    <Layout locale={locale} preview={c.preview} heading={c.heading}>
      <Text style={textStyle(d)}>{c.greeting}</Text>
      <Text style={textStyle(d)}>{c.intro}</Text>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px', margin: '0 0 12px' })}>
        {c.subjectLabel}: {contactSubjectLabel(subject, locale)}
      </Text>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.notYou}</Text>
    </Layout>
  );
}

interface StaffProps {
  locale: MailLocale;
  contact: {
    name: string;
    email: string;
    phone?: string;
    subject: string;
    message: string;
    receivedAt: string;
  };
}

/** To the store's inbox: who wrote, about what, and a reply link that opens a mail to them. */
export function ContactStaffEmail({ locale, contact }: StaffProps) {
  const d = directionOf(locale);
  const c = useCopy(locale).contactStaff;
  const subjectLabel = contactSubjectLabel(contact.subject, locale);
  const replyHref = `mailto:${encodeURIComponent(contact.email)}?subject=${encodeURIComponent(`Re: ${subjectLabel}`)}`;
  const row = (label: string, value: ReactNode, key: string) => (
    <Row key={key} data-row={key}>
      <Column
        align={d.start}
        width="120"
        valign="top"
        style={{ color: colors.muted, fontSize: '13px', padding: '4px 0' }}
      >
        {label}
      </Column>
      <Column align={d.start} style={{ fontSize: '14px', padding: '4px 0' }}>
        {value}
      </Column>
    </Row>
  );
  return (
    <Layout locale={locale} preview={c.preview} heading={c.heading}>
      <Section dir={d.dir} data-section="contact">
        {row(c.from, contact.name, 'name')}
        {row(c.email, <span dir="ltr">{contact.email}</span>, 'email')}
        {contact.phone ? row(c.phone, <span dir="ltr">{contact.phone}</span>, 'phone') : null}
        {row(c.subjectLabel, subjectLabel, 'subject')}
        {row(c.received, formatDate(contact.receivedAt, locale), 'received')}
      </Section>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px', margin: '16px 0 4px' })}>
        {c.messageLabel}:
      </Text>
      <MessageBody text={contact.message} dir={d.dir} />
      <Text style={textStyle(d)}>
        <Link href={replyHref} style={{ color: colors.accent, fontWeight: 700 }}>
          {c.reply}
        </Link>
      </Text>
    </Layout>
  );
}

export function contactStaffSubject(contact: StaffProps['contact'], locale: MailLocale): string {
  return copyFor(locale).contactStaff.subject(contactSubjectLabel(contact.subject, locale), contact.name);
}
