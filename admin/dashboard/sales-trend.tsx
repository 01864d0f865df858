import { formatAed, toFils } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { dubaiDay, formatCount, formatDay } from '../i18n/format';
import { EmptyState } from '../ui/empty-state';
import { barPercent, fillTrend, type TrendDay } from './trend';

/**
 * Orders and revenue per day as a list of bars: readable by a screen reader as plain text,
 * no chart library. The bar grows from the start edge, so it follows the reading direction.
 */
export function SalesTrend({ points }: { points: readonly TrendDay[] }) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const days = fillTrend(points, dubaiDay());
  const maxOrders = Math.max(0, ...days.map((d) => d.orders));
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalRevenueFils = days.reduce((sum, d) => sum + toFils(d.revenue), 0);

  return (
    <section
      aria-labelledby="trend-heading"
      className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="trend-heading" className="text-base font-semibold text-stone-900">
          {t('trendHeading')}
        </h2>
        <p className="text-xs text-stone-500">{t('trendIntro')}</p>
      </div>
      {maxOrders === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noData')} />
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">
            {t('trendTotals', {
              // `count` picks the plural form; `orders` is the number as we display it (Latin digits).
              count: totalOrders,
              orders: formatCount(totalOrders, locale),
              revenue: formatAed(totalRevenueFils, locale),
            })}
          </p>
          <ol className="mt-4 space-y-1.5">
            {days.map((d) => {
              const label = t('trendDay', {
                day: formatDay(d.day, locale),
                orders: formatCount(d.orders, locale),
                revenue: formatAed(toFils(d.revenue), locale),
              });
              return (
                <li key={d.day} className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 text-xs">
                  <span className="sr-only">{label}</span>
                  <time aria-hidden="true" dateTime={d.day} className="text-stone-600">
                    {formatDay(d.day, locale)}
                  </time>
                  <div aria-hidden="true" className="h-4 rounded bg-stone-100">
                    <div
                      className="h-4 rounded bg-coffee-600"
                      style={{ width: `${barPercent(d.orders, maxOrders)}%` }}
                    />
                  </div>
                  <span aria-hidden="true" className="min-w-28 text-end text-stone-700 tabular-nums">
                    {formatCount(d.orders, locale)} · {formatAed(toFils(d.revenue), locale)}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
