import type { DashboardSummary, OrderStatus } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/i18n/format';
import { STATUS_BAR, StatusBadge } from '@/orders/status-badge';
import { EmptyState } from '@/ui/empty-state';
import { percent, ringSegments } from './chart';
import { Panel, td, th } from './panel';

// The same hues as the orders screens' badges and bars (orders/status-badge.tsx), as SVG strokes.
const STROKE: Record<OrderStatus, string> = {
  pending: 'stroke-amber-500',
  new: 'stroke-sky-500',
  processing: 'stroke-indigo-500',
  shipped: 'stroke-violet-500',
  delivered: 'stroke-emerald-500',
  cancelled: 'stroke-red-500',
};

const SIZE = 160;
const RADIUS = 60;
const STROKE_WIDTH = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * How many orders are in each status now, as a donut beside a table of the same numbers (the
 * table is the chart's text equivalent and what the end-to-end test reads). Every status is
 * listed: a zero is information too. The labels are the orders screens' own (OrderStatus).
 */
export function StatusBreakdown({
  rows,
  className,
}: {
  rows: DashboardSummary['orderStatus'];
  className?: string;
}) {
  const t = useTranslations('Dashboard');
  const tStatus = useTranslations('OrderStatus');
  const locale = useLocale();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const segments = ringSegments(
    rows.map((row) => row.count),
    CIRCUMFERENCE,
  );
  const summary = rows
    .map((row) => `${tStatus(row.status)} ${formatCount(row.count, locale)}`)
    .join(locale === 'ar' ? '، ' : ', ');

  return (
    <Panel id="status" className={className} title={t('statusHeading')} intro={t('statusIntro')}>
      {total === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noOrders')} />
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-center gap-5 sm:flex-row sm:items-start">
          <div className="relative size-40 shrink-0">
            <svg
              viewBox={`0 0 ${SIZE} ${SIZE}`}
              className="size-40"
              role="img"
              aria-label={t('statusChart', { summary })}
            >
              <circle
                cx={SIZE / 2}
                cy={SIZE / 2}
                r={RADIUS}
                fill="none"
                strokeWidth={STROKE_WIDTH}
                className="stroke-stone-100"
              />
              {/* Clockwise from 12 o'clock in English; mirrored (counter-clockwise) in Arabic. */}
              <g transform={locale === 'ar' ? `translate(${SIZE} 0) scale(-1 1)` : undefined}>
                {rows.map((row, i) => {
                  const seg = segments[i];
                  if (!seg || seg.length === 0) return null;
                  return (
                    <circle
                      key={row.status}
                      cx={SIZE / 2}
                      cy={SIZE / 2}
                      r={RADIUS}
                      fill="none"
                      strokeWidth={STROKE_WIDTH}
                      strokeDasharray={`${seg.length} ${CIRCUMFERENCE - seg.length}`}
                      strokeDashoffset={-seg.start}
                      transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
                      className={STROKE[row.status]}
                    >
                      <title>{`${tStatus(row.status)}: ${formatCount(row.count, locale)}`}</title>
                    </circle>
                  );
                })}
              </g>
            </svg>
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center"
            >
              <span className="text-2xl font-semibold text-coffee-900 tabular-nums">
                {formatCount(total, locale)}
              </span>
              <span className="text-xs text-stone-500">{t('ordersColumn')}</span>
            </div>
          </div>
          <table className="w-full text-sm" data-testid="order-status-table">
            <caption className="sr-only">{t('statusTable')}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${th} bg-white px-2 text-start`}>
                  {t('statusColumn')}
                </th>
                <th scope="col" className={`${th} bg-white px-2 text-end`}>
                  {t('ordersColumn')}
                </th>
                <th scope="col" className={`${th} bg-white px-2 text-end`}>
                  {t('shareColumn')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row, i) => (
                <tr key={row.status} data-status={row.status}>
                  <th scope="row" className="px-2 py-1.5 text-start font-normal">
                    <span className="inline-flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className={`size-2.5 rounded-full ${STATUS_BAR[row.status]}`}
                      />
                      <StatusBadge status={row.status} />
                    </span>
                  </th>
                  <td className={`${td} px-2 text-end font-medium text-stone-900`}>
                    {formatCount(row.count, locale)}
                  </td>
                  <td className={`${td} px-2 text-end text-stone-500`}>
                    {formatCount(percent(segments[i]?.share ?? 0), locale)}%
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={3} className="px-2 pt-2 text-xs text-stone-500">
                  {t('statusTotal', { count: total, orders: formatCount(total, locale) })}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Panel>
  );
}
