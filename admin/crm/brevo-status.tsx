import { type AdminBrevoStatus, type Locale, MARKETING_STATUSES } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { DataTable } from '@/ui/data-table';

const TONE: Record<AdminBrevoStatus['connection']['state'], string> = {
  connected: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  'not-configured': 'border-stone-200 bg-stone-50 text-stone-800',
  refused: 'border-red-200 bg-red-50 text-red-900',
  unreachable: 'border-amber-200 bg-amber-50 text-amber-900',
};

/** The connection, the counts, the last sync and the failures of the e-mail-marketing sync. */
export function BrevoStatusView({ status }: { status: AdminBrevoStatus }) {
  const t = useTranslations('CrmBrevo');
  const locale = useLocale() as Locale;
  const { connection } = status;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : t('never'));
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="brevo-connection"
        className={`rounded-lg border p-4 ${TONE[connection.state]}`}
      >
        <h2 id="brevo-connection" className="font-semibold">
          {t(`connection.${connection.state}`)}
        </h2>
        <p className="mt-1 text-sm">
          {t(`connectionHelp.${connection.state}`, {
            account: connection.account ?? '',
            detail: connection.detail ?? '',
          })}
        </p>
        <p className="mt-2 text-xs opacity-75">
          {t('checkedAt', { when: formatDateTime(connection.checkedAt, locale) })}
        </p>
      </section>

      <section aria-labelledby="brevo-counts">
        <h2 id="brevo-counts" className="mb-2 text-lg font-semibold text-stone-900">
          {t('contacts')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {MARKETING_STATUSES.map((s) => (
            <div key={s} className="rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
              <dt className="text-xs font-medium text-stone-500">{t(`status.${s}`)}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums text-stone-900">{status.counts[s]}</dd>
            </div>
          ))}
        </dl>
        <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-1 text-sm text-stone-700">
          <div className="flex gap-2">
            <dt className="font-medium">{t('lastSync')}</dt>
            <dd>{when(status.lastSyncedAt)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-medium">{t('lastAttempt')}</dt>
            <dd>{when(status.lastAttemptAt)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="brevo-failures">
        <h2 id="brevo-failures" className="mb-2 text-lg font-semibold text-stone-900">
          {t('failures')}
        </h2>
        <DataTable
          caption={t('failures')}
          columns={[
            { key: 'email', header: t('email') },
            { key: 'source', header: t('source') },
            { key: 'attempts', header: t('attempts'), className: 'text-end' },
            { key: 'reason', header: t('reason') },
            { key: 'when', header: t('when'), className: 'hidden sm:table-cell' },
          ]}
          state={{ status: 'ready', empty: status.failures.length === 0 }}
          loadingLabel={t('loading')}
          empty={{ title: t('noFailures') }}
        >
          {status.failures.map((f) => (
            <tr key={`${f.email}-${f.source}`}>
              <td className="px-4 py-3 text-stone-900">
                <bdi dir="ltr">{f.email}</bdi>
              </td>
              <td className="px-4 py-3 text-stone-700">{t(`sources.${f.source as 'lead'}`)}</td>
              <td className="px-4 py-3 text-end tabular-nums text-stone-700">{f.attempts}</td>
              <td className="px-4 py-3 text-stone-700">
                <bdi dir="ltr">{f.lastError ?? ''}</bdi>
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-stone-600 sm:table-cell">
                {formatDateTime(f.updatedAt, locale)}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
