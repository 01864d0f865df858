import { ORDER_STATUSES } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '../i18n/format';
import { STATUS_BAR, StatusBadge } from '../orders/status-badge';
import { EmptyState } from '../ui/empty-state';
import { barPercent } from './trend';

/** Counts per status, every status listed (a zero is information too). */
export function StatusBreakdown({ counts }: { counts: Record<string, number> }) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const rows = ORDER_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 }));
  const max = Math.max(0, ...rows.map((row) => row.count));

  return (
    <section
      aria-labelledby="status-heading"
      className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="status-heading" className="text-base font-semibold text-stone-900">
        {t('statusHeading')}
      </h2>
      {max === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noOrders')} />
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map(({ status, count }) => (
            <li key={status} className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-3">
              <StatusBadge status={status} />
              <div aria-hidden="true" className="h-2 rounded-full bg-stone-100">
                <div
                  className={`h-2 rounded-full ${STATUS_BAR[status]}`}
                  style={{ width: `${barPercent(count, max)}%` }}
                />
              </div>
              <span className="min-w-8 text-end text-sm font-medium text-stone-800 tabular-nums">
                {formatCount(count, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
