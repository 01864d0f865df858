import type { DashboardSummary } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount, formatDay } from '../i18n/format';
import { directionOf } from '../i18n/locale';
import { EmptyState } from '../ui/empty-state';
import { areaPoints, columns, labelIndexes, linePoints, niceAxis } from './chart';
import { AxisLabels, DayLabels, Gridlines } from './chart-parts';
import { FiguresTable, Panel, td, th } from './panel';

const BOX = { width: 600, height: 160 };

/**
 * All customers at the end of each day as a line over a filled area, the new ones of each day as
 * thin columns under it (same axis: a day's new customers are part of that day's step up).
 */
export function CustomerGrowth({
  points,
  className,
}: {
  points: DashboardSummary['customerGrowth'];
  className?: string;
}) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const dir = directionOf(locale);
  const added = points.reduce((sum, p) => sum + p.newCustomers, 0);
  const end = points.at(-1)?.totalCustomers ?? 0;
  const start = (points[0]?.totalCustomers ?? 0) - (points[0]?.newCustomers ?? 0);
  const day = (d: string) => formatDay(d, locale);

  return (
    <Panel
      id="growth"
      className={className}
      title={t('growthHeading')}
      intro={t('growthIntro')}
      action={
        end > 0 ? (
          <p className="text-sm font-medium text-stone-700 tabular-nums">
            {t('growthTotals', {
              count: added,
              added: formatCount(added, locale),
              total: formatCount(end, locale),
            })}
          </p>
        ) : null
      }
    >
      {end === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noCustomers')} />
        </div>
      ) : (
        (() => {
          const totals = points.map((p) => p.totalCustomers);
          const axis = niceAxis(Math.max(...totals), true);
          const bars = columns(
            points.map((p) => p.newCustomers),
            BOX,
            dir,
            axis.max,
          );
          return (
            <>
              <div className="mt-4 flex gap-2">
                <AxisLabels ticks={axis.ticks} height="h-40" />
                <div className="min-w-0 flex-1">
                  <svg
                    viewBox={`0 0 ${BOX.width} ${BOX.height}`}
                    preserveAspectRatio="none"
                    className="block h-40 w-full overflow-visible"
                    role="img"
                    aria-label={t('growthChart', {
                      from: day(points[0]?.day ?? ''),
                      to: day(points.at(-1)?.day ?? ''),
                      start: formatCount(start, locale),
                      end: formatCount(end, locale),
                    })}
                  >
                    <Gridlines ticks={axis.ticks} max={axis.max} box={BOX} />
                    <polygon
                      points={areaPoints(totals, BOX, dir, axis.max)}
                      className="fill-emerald-500/10"
                    />
                    {bars.map((bar, i) => {
                      const p = points[i];
                      if (!p || bar.height === 0) return null;
                      return (
                        <rect
                          key={p.day}
                          x={bar.x}
                          y={bar.y}
                          width={bar.width}
                          height={bar.height}
                          className="fill-emerald-300"
                        >
                          <title>
                            {t('growthDay', {
                              day: day(p.day),
                              newCustomers: formatCount(p.newCustomers, locale),
                              totalCustomers: formatCount(p.totalCustomers, locale),
                            })}
                          </title>
                        </rect>
                      );
                    })}
                    <polyline
                      points={linePoints(totals, BOX, dir, axis.max)}
                      fill="none"
                      strokeWidth={2}
                      strokeLinejoin="round"
                      vectorEffect="non-scaling-stroke"
                      className="stroke-emerald-600"
                    />
                  </svg>
                  <DayLabels days={labelIndexes(points.length).map((i) => points[i]?.day ?? '')} />
                </div>
              </div>
              <FiguresTable summary={t('showTable')}>
                <table className="min-w-full divide-y divide-stone-200">
                  <caption className="sr-only">{t('growthTable')}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={`${th} text-start`}>
                        {t('dayColumn')}
                      </th>
                      <th scope="col" className={`${th} text-end`}>
                        {t('newColumn')}
                      </th>
                      <th scope="col" className={`${th} text-end`}>
                        {t('totalColumn')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {points.map((p) => (
                      <tr key={p.day}>
                        <th scope="row" className={`${td} text-start font-normal`}>
                          <time dateTime={p.day}>{day(p.day)}</time>
                        </th>
                        <td className={`${td} text-end`}>{formatCount(p.newCustomers, locale)}</td>
                        <td className={`${td} text-end`}>{formatCount(p.totalCustomers, locale)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </FiguresTable>
            </>
          );
        })()
      )}
    </Panel>
  );
}
