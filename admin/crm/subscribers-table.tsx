import type { AdminSubscriber, Locale, SubscriberStatus } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { Badge } from '@/ui/badge';
import { DataTable } from '@/ui/data-table';
import { RemoveSubscriberButton } from './remove-subscriber-button';

const TONE: Record<SubscriberStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  unsubscribed: 'bg-stone-100 text-stone-700 ring-stone-500/20',
};

/**
 * /backend/subscribers: the newsletter's subscribers, newest first, each with its double opt-in
 * status (docs/crm.md): only `confirmed` addresses asked for the newsletter.
 */
export function SubscribersTable({
  subscribers,
  emptyTitle,
  loading = false,
  canEdit = false,
}: {
  subscribers: readonly AdminSubscriber[];
  emptyTitle: string;
  loading?: boolean;
  /** Staff who may edit subscribers get a Remove button on each address still on the list. */
  canEdit?: boolean;
}) {
  const t = useTranslations('CrmSubscribers');
  const locale = useLocale() as Locale;
  return (
    <DataTable
      caption={t('caption')}
      columns={[
        { key: 'email', header: t('email') },
        { key: 'language', header: t('language') },
        { key: 'status', header: t('status') },
        { key: 'source', header: t('source'), className: 'hidden sm:table-cell' },
        { key: 'subscribed', header: t('subscribedAt') },
        ...(canEdit ? [{ key: 'actions', header: <span className="sr-only">{t('actions')}</span> }] : []),
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
          <td className="px-4 py-3">
            <Badge tone={TONE[s.status]}>{t(`statuses.${s.status}`)}</Badge>
            {s.status === 'confirmed' && s.confirmedAt ? (
              <div className="mt-1 text-xs whitespace-nowrap text-stone-500">
                {formatDateTime(s.confirmedAt, locale)}
              </div>
            ) : null}
            {s.status === 'unsubscribed' && s.unsubscribedAt ? (
              <div className="mt-1 text-xs whitespace-nowrap text-stone-500">
                {formatDateTime(s.unsubscribedAt, locale)}
              </div>
            ) : null}
          </td>
          <td className="hidden px-4 py-3 text-stone-700 sm:table-cell">
            {s.source === 'footer'
              ? t('sourceFooter')
              : s.source === 'unsubscribe'
                ? t('sourceUnsubscribe')
                : s.source}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-stone-600">
            {formatDateTime(s.createdAt, locale)}
          </td>
          {canEdit ? (
            <td className="px-4 py-3 text-end">
              {/* An unsubscribed address stays: it is the shopper's own "no" (docs/crm.md). */}
              {s.status === 'unsubscribed' ? null : <RemoveSubscriberButton id={s.id} email={s.email} />}
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
