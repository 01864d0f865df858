import {
  type AdminContactMessage,
  CONTACT_SUBJECTS,
  type ContactSubject,
  contactSubjectLabel,
  type Locale,
} from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { DataTable } from '@/ui/data-table';
import { ContactReadToggle } from './contact-read-toggle';

const isSubject = (s: string): s is ContactSubject => (CONTACT_SUBJECTS as readonly string[]).includes(s);

/** The mailto: of "Reply by e-mail": the staff member's own mail program, the subject filled in. */
export function replyHref(
  m: Pick<AdminContactMessage, 'email' | 'subject'>,
  subjectLabel: string,
  prefix: string,
): string {
  return `mailto:${encodeURIComponent(m.email).replace('%40', '@')}?subject=${encodeURIComponent(`${prefix} ${subjectLabel}`)}`;
}

/** /backend/contacts: who wrote, about what, the message, when, read or not, and the actions. */
export function ContactsTable({
  messages,
  emptyTitle,
  loading = false,
}: {
  messages: readonly AdminContactMessage[];
  emptyTitle: string;
  loading?: boolean;
}) {
  const t = useTranslations('CrmContacts');
  const locale = useLocale() as Locale;
  const columns = [
    { key: 'from', header: t('from') },
    { key: 'subject', header: t('subject'), className: 'hidden sm:table-cell' },
    { key: 'message', header: t('message'), className: 'hidden md:table-cell' },
    { key: 'received', header: t('received'), className: 'hidden sm:table-cell' },
    { key: 'status', header: t('status') },
    { key: 'actions', header: <span className="sr-only">{t('actions')}</span> },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      state={loading ? { status: 'loading' } : { status: 'ready', empty: messages.length === 0 }}
      loadingLabel={t('loading')}
      empty={{ title: emptyTitle }}
    >
      {messages.map((m) => {
        const subject = isSubject(m.subject) ? contactSubjectLabel(m.subject, locale) : m.subject;
        return (
          <tr key={m.id} className={m.isRead ? '' : 'bg-amber-50/40'}>
            <td className="px-4 py-3 align-top">
              <p className={m.isRead ? 'text-stone-800' : 'font-semibold text-stone-900'}>{m.fullName}</p>
              <p className="text-stone-600">
                <bdi dir="ltr">{m.email}</bdi>
              </p>
              {m.phone ? (
                <p className="text-stone-500">
                  <bdi dir="ltr">{m.phone}</bdi>
                </p>
              ) : null}
              {/* On a phone the subject column is hidden: the subject goes under the sender. */}
              <p className="mt-1 text-stone-500 sm:hidden">{subject}</p>
            </td>
            <td className="hidden px-4 py-3 align-top whitespace-nowrap text-stone-700 sm:table-cell">
              {subject}
            </td>
            <td className="hidden max-w-md px-4 py-3 align-top text-stone-700 md:table-cell">
              <p className="line-clamp-4 whitespace-pre-wrap" dir="auto">
                {m.message}
              </p>
            </td>
            <td className="hidden px-4 py-3 align-top whitespace-nowrap text-stone-600 sm:table-cell">
              {formatDateTime(m.createdAt, locale)}
            </td>
            <td className="px-4 py-3 align-top">
              <span
                className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${
                  m.isRead
                    ? 'bg-stone-100 text-stone-700 ring-stone-500/20'
                    : 'bg-amber-50 text-amber-800 ring-amber-600/20'
                }`}
              >
                {m.isRead ? t('read') : t('unread')}
              </span>
            </td>
            <td className="px-4 py-3 align-top">
              <div className="flex flex-col items-start gap-2">
                <a
                  href={replyHref(m, subject, t('replyPrefix'))}
                  className="text-sm font-medium whitespace-nowrap text-coffee-700 underline-offset-2 hover:underline"
                  aria-label={t('replyTo', { name: m.fullName })}
                >
                  {t('reply')}
                </a>
                <ContactReadToggle id={m.id} isRead={m.isRead} name={m.fullName} />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
