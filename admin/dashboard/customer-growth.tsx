import type { DashboardSummary } from '@qahwa/schema';
import { directionOf } from '@qahwa/schema/reference';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount, formatDay } from '@/i18n/format';
import { EmptyState } from '@/ui/empty-state';
import { areaPoints, columns, labelIndexes, linePoints, niceAxis } from './chart';
import { AxisChart, DayFigures } from './chart-parts';
import { Panel } from './panel';

const BOX = { width: 600, height: 128 };
const STRIP = { width: 600, height: 40 };

/**
 * All customers at the end of each day as a line over a filled area; the new ones of each day as
 * columns in a strip under it, on their own scale.
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
          // New customers get their own strip and scale: on the totals' axis a day's two or three
          // new customers would be a sliver.
          const newAxis = niceAxis(Math.max(...points.map((p) => p.newCustomers)), true);
          const bars = columns(
            points.map((p) => p.newCustomers),
            STRIP,
            dir,
            newAxis.max,
          );
          return (
            <>
              <ul aria-hidden="true" className="mt-3 flex gap-4 text-xs text-stone-600">
                <li className="inline-flex items-center gap-1.5">
                  <span className="h-0.5 w-4 rounded bg-emerald-600" />
                  {t('totalColumn')}
                </li>
                <li className="inline-flex items-center gap-1.5">
                  <span className="size-2.5 rounded-sm bg-emerald-300" />
                  {t('newColumn')}
                </li>
              </ul>
              <AxisChart
                className="mt-2"
                ticks={axis.ticks}
                height="h-32"
                box={BOX}
                grid={axis.max}
                label={t('growthChart', {
                  from: day(points[0]?.day ?? ''),
                  to: day(points.at(-1)?.day ?? ''),
                  start: formatCount(start, locale),
                  end: formatCount(end, locale),
                })}
              >
                <polygon points={areaPoints(totals, BOX, dir, axis.max)} className="fill-emerald-500/10" />
                <polyline
                  points={linePoints(totals, BOX, dir, axis.max)}
                  fill="none"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                  className="stroke-emerald-600"
                />
              </AxisChart>
              <AxisChart
                className="mt-4"
                ticks={[0, newAxis.max]}
                height="h-10"
                box={STRIP}
                clip
                days={labelIndexes(points.length).map((i) => points[i]?.day ?? '')}
              >
                <line
                  x1={0}
                  x2={STRIP.width}
                  y1={STRIP.height}
                  y2={STRIP.height}
                  vectorEffect="non-scaling-stroke"
                  className="stroke-stone-300"
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
              </AxisChart>
              <DayFigures
                summary={t('showTable')}
                caption={t('growthTable')}
                dayHeader={t('dayColumn')}
                headers={[t('newColumn'), t('totalColumn')]}
                rows={points.map((p) => ({
                  day: p.day,
                  cells: [formatCount(p.newCustomers, locale), formatCount(p.totalCustomers, locale)],
                }))}
              />
            </>
          );
        })()
      )}
    </Panel>
  );
}
