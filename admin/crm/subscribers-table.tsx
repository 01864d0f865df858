import type { AdminSubscriber, Locale } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '../i18n/format';
import { DataTable } from '../ui/data-table';

/** /backend/subscribers: the newsletter's subscribers, newest first. */
export function SubscribersTable({
  subscribers,
  emptyTitle,
  loading = false,
}: {
  subscribers: readonly AdminSubscriber[];
  emptyTitle: string;
  loading?: boolean;
}) {
  const t = useTranslations('CrmSubscribers');
  const locale = useLocale() as Locale;
  return (
    <DataTable
      caption={t('caption')}
      columns={[
        { key: 'email', header: t('email') },
        { key: 'language', header: t('language') },
        { key: 'source', header: t('source'), className: 'hidden sm:table-cell' },
        { key: 'subscribed', header: t('subscribedAt') },
      ]}
      state={loading ? { status: 'loading' } : { status: 'ready', empty: subscribers.length === 0 }}
      loadingLabel={t('loading')}
      empty={{ title: emptyTitle }}
    >
      {subscribers.map((s) => (
        <tr key={s.id}>
          <td className="px-4 py-3 text-stone-900">
            <bdi dir="ltr">{s.email}</bdi>
          </td>
          <td className="px-4 py-3 text-stone-700">{s.locale === 'ar' ? t('arabic') : t('english')}</td>
          <td className="hidden px-4 py-3 text-stone-700 sm:table-cell">
            {s.source === 'footer' ? t('sourceFooter') : s.source}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-stone-600">
            {formatDateTime(s.createdAt, locale)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
