import { type DashboardSummary, formatAed, toFils } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { Fragment } from 'react';
import { formatCount } from '@/i18n/format';

/** Today's orders, the period's revenue, total products and active promotions. */
export function StatCards({ summary }: { summary: DashboardSummary }) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const periodOrders = summary.salesTrend.reduce((sum, d) => sum + d.orders, 0);
  const periodRevenueFils = summary.salesTrend.reduce((sum, d) => sum + toFils(d.revenue), 0);
  const cards = [
    {
      key: 'todayOrders',
      label: t('todayOrders'),
      value: formatCount(summary.today.orders, locale),
      hint: t('todayRevenue', { revenue: formatAed(toFils(summary.today.revenue), locale) }),
    },
    {
      key: 'periodRevenue',
      label: t('periodRevenue'),
      value: formatAed(periodRevenueFils, locale),
      hint: t('periodOrders', { count: periodOrders, orders: formatCount(periodOrders, locale) }),
    },
    {
      key: 'totalProducts',
      label: t('totalProducts'),
      value: formatCount(summary.totalProducts, locale),
      hint: t('totalProductsHint'),
    },
    {
      key: 'activePromotions',
      label: t('activePromotions'),
      value: formatCount(summary.activePromotions, locale),
      hint: t('activePromotionsHint'),
    },
  ];
  return (
    <section aria-label={t('cardsLabel')}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {cards.map((card) => (
          <div
            key={card.key}
            data-card={card.key}
            className="@container min-w-0 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <dt className="text-sm text-stone-600">{card.label}</dt>
            {/*
              The figure's size follows its card's width (cqi), and a long one (millions of
              dirhams, the Arabic currency after the number) wraps between the currency and the
              number, never inside either, instead of running out of the card.
            */}
            <dd className="mt-1 text-[clamp(0.875rem,11cqi,1.875rem)] leading-tight font-semibold text-coffee-900 tabular-nums">
              {card.value.split(' ').map((part, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the figure's words, fixed in order
                <Fragment key={i}>
                  {/* The space between words is the parent's: the only place the figure may wrap. */}
                  {i > 0 ? ' ' : null}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            </dd>
            <dd className="mt-1 text-xs text-stone-500">{card.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
