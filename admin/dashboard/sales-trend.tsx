import { type DashboardSummary, formatAed, toFils } from '@qahwa/schema';
import { directionOf } from '@qahwa/schema/reference';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount, formatDay } from '@/i18n/format';
import { EmptyState } from '@/ui/empty-state';
import { columns, labelIndexes, niceAxis, peakIndex } from './chart';
import { AxisChart, DayFigures } from './chart-parts';
import { Panel } from './panel';

const BOX = { width: 600, height: 200 };

/**
 * Revenue per day as columns (hand-made SVG: no chart library in the back office), the oldest day
 * at the start edge. Each column's <title> is its tooltip; the whole chart has one spoken summary
 * and the figures behind it are a table one click away.
 */
export function SalesTrend({ summary, className }: { summary: DashboardSummary; className?: string }) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const days = summary.salesTrend;
  const revenueFils = days.map((d) => toFils(d.revenue));
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalFils = revenueFils.reduce((a, b) => a + b, 0);
  const money = (fils: number) => formatAed(fils, locale);
  const peak = peakIndex(revenueFils);

  return (
    <Panel
      id="trend"
      className={className}
      title={t('trendHeading')}
      intro={t('trendIntro')}
      action={
        totalOrders > 0 ? (
          <p className="text-sm font-medium text-stone-700 tabular-nums" data-testid="trend-totals">
            {t('trendTotals', {
              count: totalOrders,
              orders: formatCount(totalOrders, locale),
              revenue: money(totalFils),
            })}
          </p>
        ) : null
      }
    >
      {totalOrders === 0 || peak < 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noSales')} />
        </div>
      ) : (
        <TrendChart summary={summary} revenueFils={revenueFils} peak={peak} />
      )}
    </Panel>
  );
}

function TrendChart({
  summary,
  revenueFils,
  peak,
}: {
  summary: DashboardSummary;
  revenueFils: number[];
  peak: number;
}) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const days = summary.salesTrend;
  // The axis in whole dirhams: fils would give steps like 250,000.
  const axis = niceAxis(Math.max(...revenueFils) / 100);
  const bars = columns(
    revenueFils.map((f) => f / 100),
    BOX,
    directionOf(locale),
    axis.max,
  );
  const day = (d: string) => formatDay(d, locale);
  const peakDay = days[peak];
  return (
    <>
      <AxisChart
        className="mt-4"
        ticks={axis.ticks}
        height="h-52"
        box={BOX}
        grid={axis.max}
        label={t('trendChart', {
          from: day(summary.from),
          to: day(summary.to),
          best: peakDay ? day(peakDay.day) : '',
          revenue: formatAed(revenueFils[peak] ?? 0, locale),
        })}
        days={labelIndexes(days.length).map((i) => days[i]?.day ?? '')}
      >
        {bars.map((bar, i) => {
          const d = days[i];
          if (!d || bar.height === 0) return null;
          return (
            <rect
              key={d.day}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={Math.min(3, bar.width / 3)}
              className={i === peak ? 'fill-coffee-800' : 'fill-coffee-600'}
            >
              <title>
                {t('trendDay', {
                  day: day(d.day),
                  orders: formatCount(d.orders, locale),
                  revenue: formatAed(revenueFils[i] ?? 0, locale),
                })}
              </title>
            </rect>
          );
        })}
      </AxisChart>
      <DayFigures
        summary={t('showTable')}
        caption={t('trendTable')}
        dayHeader={t('dayColumn')}
        headers={[t('ordersColumn'), t('revenueColumn')]}
        rows={days.map((d, i) => ({
          day: d.day,
          cells: [formatCount(d.orders, locale), formatAed(revenueFils[i] ?? 0, locale)],
        }))}
      />
    </>
  );
}
