import { type DashboardSummary, formatAed, toFils } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
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
            className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <dt className="text-sm text-stone-600">{card.label}</dt>
            <dd className="mt-1 text-xl font-semibold whitespace-nowrap text-coffee-900 tabular-nums sm:text-2xl 2xl:text-3xl">
              {card.value}
            </dd>
            <dd className="mt-1 text-xs text-stone-500">{card.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
